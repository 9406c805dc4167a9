// Work that must happen once however many app servers share the database: the first-start
// admin and demo data, and the background jobs' rounds that one server runs (their lease,
// platform/jobs/lease.ts). On PostgreSQL an advisory lock (held on one pooled connection for the
// work's length, so it lapses with a server that dies) lets one server in; on SQLite there is one
// server.
import { postgresPool, type DB } from './client';
import { ADVISORY_LOCKS } from './postgres';
import { isDatabaseUnavailable } from './unavailable';

type LockName = Exclude<keyof typeof ADVISORY_LOCKS, 'migrate' | 'serving'>;

/**
 * Runs `fn` while holding the named lock. `wait`: queue behind a server holding it (the seed:
 * the later server then finds it done); otherwise skip when another server holds it (answers
 * undefined).
 */
export async function exclusively<T>(
  db: DB,
  name: LockName,
  { wait }: { wait: boolean },
  fn: () => Promise<T>,
): Promise<T | undefined> {
  const pool = postgresPool(db);
  if (!pool) return fn();
  const key = ADVISORY_LOCKS[name];
  const client = await pool.connect();
  // A connection cut while it held the lock (PostgreSQL restarted, the backend ended) took the
  // lock with it; the client goes back with its error, so the pool drops it.
  let broken: Error | undefined;
  try {
    if (wait) await client.query('SELECT pg_advisory_lock($1)', [key]);
    else {
      const { rows } = await client.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS ok',
        [key],
      );
      if (!rows[0]?.ok) return undefined;
    }
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]);
    }
  } catch (error) {
    if (isDatabaseUnavailable(error)) broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}
