// Work that must happen once however many app servers share the database: the first-start
// admin and demo data, the hourly upload clean-up. On PostgreSQL an advisory lock (held on one
// pooled connection for the work's length) lets one server in; on SQLite there is one server.
import { eq } from 'drizzle-orm';
import { postgresPool, type DB } from './client';
import { ADVISORY_LOCKS } from './postgres';
import { settings } from './schema';

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
  } finally {
    client.release();
  }
}

/**
 * Runs `fn` at most once per `everyMs` across all servers: the last run's time is kept in the
 * settings table (`<name>.lastRun`), read and written under the lock.
 */
export async function oncePer<T>(
  db: DB,
  name: LockName,
  everyMs: number,
  fn: () => Promise<T>,
): Promise<T | undefined> {
  const key = `${name}.lastRun`;
  return exclusively(db, name, { wait: false }, async () => {
    const [row] = await db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, key));
    const last = row ? Number(JSON.parse(row.value)) : 0;
    // A little slack, so servers whose timers drift a few seconds do not skip a whole period.
    if (Date.now() - last < everyMs * 0.9) return undefined;
    const value = JSON.stringify(Date.now());
    await db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    return fn();
  });
}
