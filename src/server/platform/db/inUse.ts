// Whether an app server is using a database, so that `npm run restore` never swaps a database
// out from under one, and a server never starts on one a restore is rewriting. Every server holds
// a shared lock for as long as it runs; a restore takes the same lock exclusively, or refuses.
// The operating system (SQLite) or PostgreSQL (a session's advisory lock) drops the lock when its
// process ends, however it ends, so a crashed server never leaves a stale "in use" behind.
//
// SQLite: the lock is a read transaction held on a small SQLite file beside the database
// (`<DATABASE_PATH>.in-use`, in rollback-journal mode, where a reader blocks an exclusive lock).
// PostgreSQL: a session-level advisory lock (`serving`), shared by servers, exclusive for a restore.
import path from 'node:path';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import { ADVISORY_LOCKS } from './postgres';

export interface DatabaseTarget {
  /** PostgreSQL when set. */
  databaseUrl?: string;
  /** The SQLite file otherwise. */
  databasePath: string;
}

/** The file whose read lock says "a server runs on this SQLite database". */
export function inUseFile(databasePath: string): string {
  return `${path.resolve(databasePath)}.in-use`;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

export interface Hold {
  release: () => Promise<void>;
}

const RETRY_MS = 500;

/**
 * Held by a running server (src/server/index.ts) from before it opens the database until it
 * exits. While a restore holds the lock, this waits (calling `onWait` once) until it is done.
 */
export async function holdWhileServing(
  target: DatabaseTarget,
  { onWait }: { onWait?: () => void } = {},
): Promise<Hold> {
  let told = false;
  const wait = async () => {
    if (!told) onWait?.();
    told = true;
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  };
  if (target.databaseUrl) return holdPostgres(target.databaseUrl, wait);
  const file = inUseFile(target.databasePath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (;;) {
    const conn = new Database(file);
    try {
      conn.pragma('busy_timeout = 0');
      conn.exec('BEGIN');
      // eslint-disable-next-line no-restricted-syntax -- the lock file's own connection
      conn.prepare('SELECT count(*) FROM sqlite_master').get();
      return {
        release: async () => {
          if (conn.open) conn.close();
        },
      };
    } catch (error) {
      conn.close();
      if (!isBusy(error)) throw error;
    }
    await wait();
  }
}

async function holdPostgres(url: string, wait: () => Promise<void>): Promise<Hold> {
  let client: pg.Client | null = null;
  let released = false;
  let retry: NodeJS.Timeout | null = null;
  // A dropped connection (PostgreSQL restarted) drops the lock with it: take it again.
  const acquire = async (blocking: boolean): Promise<void> => {
    for (;;) {
      const next = new pg.Client({
        connectionString: url,
        application_name: 'contest-platform',
        connectionTimeoutMillis: 10_000,
      });
      next.on('error', () => undefined);
      await next.connect();
      const { rows } = await next.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock_shared($1) AS ok',
        [ADVISORY_LOCKS.serving],
      );
      if (rows[0]?.ok) {
        client = next;
        next.on('end', () => {
          client = null;
          if (!released) retry = setTimeout(() => void reacquire(), RETRY_MS);
        });
        return;
      }
      await next.end();
      if (!blocking) throw new Error('a restore holds the database');
      await wait();
    }
  };
  const reacquire = async () => {
    if (released) return;
    try {
      await acquire(true);
    } catch {
      if (!released) retry = setTimeout(() => void reacquire(), RETRY_MS * 10);
    }
  };
  await acquire(true);
  return {
    release: async () => {
      released = true;
      if (retry) clearTimeout(retry);
      const c = client as pg.Client | null;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

export class DatabaseInUseError extends Error {}

/**
 * The restore's side: the lock exclusively, at once, or a DatabaseInUseError that says who holds
 * it. Held until `release()` (or the process ends).
 */
export async function takeExclusively(target: DatabaseTarget): Promise<Hold> {
  if (target.databaseUrl) return exclusivePostgres(target.databaseUrl);
  const file = inUseFile(target.databasePath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const conn = new Database(file);
  try {
    conn.pragma('busy_timeout = 0');
    conn.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    conn.close();
    if (isBusy(error)) {
      throw new DatabaseInUseError(
        `A server is running on ${path.resolve(target.databasePath)}: stop it first ` +
          '(it holds ' +
          file +
          ').',
      );
    }
    throw error;
  }
  return {
    release: async () => {
      if (!conn.open) return;
      conn.exec('COMMIT');
      conn.close();
    },
  };
}

async function exclusivePostgres(url: string): Promise<Hold> {
  const client = new pg.Client({
    connectionString: url,
    application_name: 'contest-restore',
    connectionTimeoutMillis: 10_000,
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS ok',
      [ADVISORY_LOCKS.serving],
    );
    if (!rows[0]?.ok) {
      // Who holds it: the servers' connections, with where they come from.
      const holders = await client.query<{ addr: string | null; app: string }>(
        `SELECT host(a.client_addr) AS addr, a.application_name AS app
           FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted AND l.database = (
                  SELECT oid FROM pg_database WHERE datname = current_database())
            AND l.classid = 0 AND l.objid = $1`,
        [ADVISORY_LOCKS.serving],
      );
      const where = holders.rows.map((h) => h.addr ?? 'local socket').join(', ');
      throw new DatabaseInUseError(
        `${holders.rowCount || 'Some'} app server(s) are using this database` +
          (where ? ` (from ${where})` : '') +
          ': stop every server first.',
      );
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    release: async () => {
      await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.serving]).catch(() => 0);
      await client.end().catch(() => undefined);
    },
  };
}
