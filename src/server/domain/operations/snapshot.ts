// A consistent copy of the live database while servers keep writing, with the row counts and the
// migration level of exactly that copy.
//   SQLite: `VACUUM INTO` on a connection of its own, in a worker thread so the process that asks
//   (a server running its schedule, the CLI drawing its progress bar) keeps running. It reads one
//   snapshot of the database: every transaction committed before it started, none after.
//   PostgreSQL: `pg_dump --format=custom` inside a repeatable-read transaction whose snapshot it
//   imports (`--snapshot`), so the counts read in that transaction are the dump's.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseTarget } from '../../platform/db/inUse';
import type { Engine } from '../../platform/db/migrationLevel';
import { DATABASE_MEMBER } from './manifest';
import { runPgTool } from './pgTools';

export interface Snapshot {
  engine: Engine;
  file: string;
  /** The newest applied migration's timestamp. */
  level: number;
  tables: Record<string, number>;
}

export function engineOf(target: DatabaseTarget): Engine {
  return target.databaseUrl ? 'pg' : 'sqlite';
}

export async function snapshotDatabase(target: DatabaseTarget, dir: string): Promise<Snapshot> {
  const engine = engineOf(target);
  const file = path.join(dir, DATABASE_MEMBER[engine]);
  if (target.databaseUrl)
    return { engine, file, ...(await dumpPostgres(target.databaseUrl, file)) };
  await vacuumInto(target.databasePath, file);
  return { engine, file, ...sqliteFacts(file) };
}

const VACUUM_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.source, { readonly: true, fileMustExist: true });
try {
  db.pragma('busy_timeout = 10000');
  db.prepare('VACUUM INTO ?').run(workerData.target);
} finally {
  db.close();
}
parentPort.postMessage('done');
`;

function vacuumInto(source: string, target: string): Promise<void> {
  if (!fs.existsSync(source)) {
    return Promise.reject(new Error(`No SQLite database at ${path.resolve(source)}`));
  }
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(VACUUM_WORKER, {
      eval: true,
      workerData: { module, source: path.resolve(source), target },
    });
    let done = false;
    worker.once('message', () => {
      done = true;
      resolve();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!done) reject(new Error(`The database copy stopped (worker exit ${code})`));
    });
  });
}

/** Row counts and migration level of an SQLite file (a snapshot or an archive's copy). */
export function sqliteFacts(file: string): { level: number; tables: Record<string, number> } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  // The first column of the first row (this file's own connection, synchronous by nature).
  const scalar = (query: string): unknown => {
    const statement = db.prepare(query).pluck();
    return statement.get();
  };
  try {
    const list = db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
           AND name != '__drizzle_migrations' ORDER BY name`,
      )
      .pluck();
    const tables: Record<string, number> = {};
    for (const name of list.all() as string[]) {
      tables[name] = Number(scalar(`SELECT count(*) FROM "${name.replace(/"/g, '""')}"`));
    }
    const hasJournal = scalar(
      `SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'`,
    );
    const level = hasJournal
      ? Number(scalar('SELECT max(created_at) FROM __drizzle_migrations') ?? 0)
      : 0;
    return { level, tables };
  } finally {
    db.close();
  }
}

/** Row counts and migration level of a PostgreSQL database, read by `client` (in its snapshot). */
export async function postgresFacts(
  client: pg.ClientBase,
): Promise<{ level: number; tables: Record<string, number> }> {
  const { rows: names } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const tables: Record<string, number> = {};
  for (const { name } of names) {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM public."${name.replace(/"/g, '""')}"`,
    );
    tables[name] = Number(rows[0]?.n ?? 0);
  }
  const { rows: journal } = await client.query<{ t: string | null }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t",
  );
  let level = 0;
  if (journal[0]?.t) {
    const { rows } = await client.query<{ latest: string | null }>(
      'SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations',
    );
    level = Number(rows[0]?.latest ?? 0);
  }
  return { level, tables };
}

async function dumpPostgres(
  url: string,
  file: string,
): Promise<{ level: number; tables: Record<string, number> }> {
  const client = new pg.Client({ connectionString: url, application_name: 'contest-backup' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const facts = await postgresFacts(client);
    // pg_dump reads the very snapshot the counts above were read in.
    await runPgTool('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${file}`], {
      url,
    });
    await client.query('COMMIT');
    return facts;
  } finally {
    await client.end().catch(() => undefined);
  }
}
