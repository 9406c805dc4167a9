// PostgreSQL, selected by DATABASE_URL: drizzle's pg dialect over a `pg` pool. Several app
// servers share one database, so what must happen once (migrations) happens under an advisory
// lock, and transactions are the engine's own (rules that read then write lock the rows they
// read, see the services).
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PG_MIGRATIONS_DIR } from '../paths';
import type { DB } from './handles';
import type { MigrationLog } from './migrate';
import { pgHandleForServices } from './engineView';
import * as pgSchema from './schema.pg';
import { NamingClient } from './namingClient';
import { redactUrl } from '../redactUrl';

// The URL without its password, for messages and logs (scripts and the server's start read it here).
export { redactUrl };

/** Keys of the advisory locks the app takes (one namespace, so they never collide). */
export const ADVISORY_LOCKS = {
  migrate: 7_160_001,
  seed: 7_160_002,
  cleanup: 7_160_003,
  // Held shared by every running server, exclusively by a restore (inUse.ts).
  serving: 7_160_004,
  backup: 7_160_005,
  // The contest start reminders' round (domain/messages/notificationEvents.ts).
  reminders: 7_160_006,
  // The bracket contests' start round: check-in opening, the drop, generation at the start
  // (domain/tournaments/startRound.ts).
  tournamentStarts: 7_160_190,
  // The round that completes contests whose end date has passed (domain/participation/completion.ts).
  contestEnds: 7_160_191,
  // Completed contests' results frozen (domain/results); payout reminders and forfeits
  // (domain/payouts).
  resultsFreeze: 7_160_192,
  payoutReminders: 7_160_193,
  // Private files (answer keys, submissions) nothing names any more (domain/submissions).
  privateCleanup: 7_160_194,
  // Abuse-limit counters expired over an hour ago (platform/limits.ts).
  rateLimitSweep: 7_160_195,
  // Plans' ends: reminders, the next plan's start, the drop after the grace (domain/subscriptions).
  subscriptions: 7_160_196,
} as const;

const INT8 = 20;
const NUMERIC = 1700;

/**
 * The same values SQLite answers: a count(*), a sum or other bigint as a number (counts and scaled
 * scores stay far below 2^53), not the string node-postgres gives by default. Set on pg's global
 * parsers because drizzle passes its own per-query parsers, which fall back to the global ones.
 */
function readBigintsAsNumbers(): void {
  pg.types.setTypeParser(INT8, (value: string) => Number(value));
  // sum() of a bigint column (scaled scores) is a numeric: no column of ours is one.
  pg.types.setTypeParser(NUMERIC, (value: string) => Number(value));
}

export interface OpenPostgresOptions {
  migrationsFolder?: string;
  log?: MigrationLog;
  /** Connections per app server (PGPOOL_SIZE); the default suits a small server. */
  poolSize?: number;
  /** False: use the database at whatever level it is (a backup must never migrate it). */
  migrate?: boolean;
}

export async function openPostgres(
  url: string,
  options: OpenPostgresOptions = {},
): Promise<{ db: DB; pool: pg.Pool }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('DATABASE_URL is not a URL: expected postgres://user:password@host:5432/db');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(
      `DATABASE_URL must start with postgres:// (got ${parsed.protocol}//): expected postgres://user:password@host:5432/db`,
    );
  }
  readBigintsAsNumbers();
  const pool = new pg.Pool({
    Client: NamingClient,
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 10_000,
    // Names the app's connections in pg_stat_activity.
    application_name: 'contest-platform',
  });
  // A connection's error must never crash the process. The pool listens to its idle clients
  // only (and drops one that fails); a client taken out of it (a transaction, a lock) has no
  // listener of its own, and a backend ended under it (a restart, pg_terminate_backend) emits
  // 'error' on it: every client gets one for its whole life. The query it was running fails
  // (a 503 for the request), and the pool discards the broken client when it is released.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    await pool.end();
    throw new Error(
      `Cannot reach PostgreSQL at ${redactUrl(url)}: ${(error as Error).message || String(error)}`,
      { cause: error },
    );
  }
  if (options.migrate === false) {
    client.release();
    return { db: pgHandleForServices(drizzle(pool, { schema: pgSchema })), pool };
  }
  try {
    // Servers starting together migrate one at a time; the later ones find nothing to do.
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrate]);
    try {
      const migrationsFolder = options.migrationsFolder ?? PG_MIGRATIONS_DIR;
      const before = await appliedCount(client);
      await migrate(drizzle(client), { migrationsFolder });
      const applied = (await appliedCount(client)) - before;
      if (applied > 0) options.log?.info(`Applied ${applied} PostgreSQL migration(s)`);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrate]);
    }
  } catch (error) {
    client.release();
    await pool.end();
    throw error;
  }
  client.release();
  const db = pgHandleForServices(drizzle(pool, { schema: pgSchema }));
  return { db, pool };
}

async function appliedCount(client: pg.PoolClient): Promise<number> {
  const exists = await client.query<{ t: string | null }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t",
  );
  if (!exists.rows[0]?.t) return 0;
  const { rows } = await client.query<{ n: number }>(
    'SELECT count(*) AS n FROM drizzle.__drizzle_migrations',
  );
  return Number(rows[0]?.n ?? 0);
}
