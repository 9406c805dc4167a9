// Whether this app server can serve (GET /api/ready, for load balancers and orchestrators),
// as opposed to whether it is alive (GET /api/health, which touches nothing). Three checks, each
// bounded in time: the database answers a query, its migrations are at the level of this code,
// and the upload directory takes a file.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import type { DB } from './db/client';
import { dialect, rows } from './db/dialect';
import { MIGRATIONS_DIR, PG_MIGRATIONS_DIR } from './paths';

export type CheckName = 'database' | 'migrations' | 'uploads';
export interface Readiness {
  ready: boolean;
  /** 'ok', or what failed in words an operator can act on. */
  checks: Record<CheckName, string>;
}

const TIMEOUT_MS = 2000;

/** The newest migration this code carries (its folder timestamp), read once. */
let codeLevel: number | undefined;
function latestInCode(): number {
  codeLevel ??= Math.max(
    0,
    ...readMigrationFiles({
      migrationsFolder: dialect === 'pg' ? PG_MIGRATIONS_DIR : MIGRATIONS_DIR,
    }).map((m) => m.folderMillis),
  );
  return codeLevel;
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took over ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function checkDatabase(db: DB): Promise<void> {
  await withTimeout(rows(db, sql`SELECT 1 AS ok`), 'the database');
}

async function checkMigrations(db: DB): Promise<void> {
  const table = dialect === 'pg' ? sql`drizzle.__drizzle_migrations` : sql`__drizzle_migrations`;
  const [row] = await withTimeout(
    rows<{ latest: number | string | null }>(
      db,
      sql`SELECT max(created_at) AS latest FROM ${table}`,
    ),
    'reading the migrations',
  );
  const applied = Number(row?.latest ?? 0);
  if (applied < latestInCode()) {
    throw new Error('the database is behind this code: restart to apply its migrations');
  }
}

async function checkUploads(dir: string): Promise<void> {
  const probe = path.join(dir, `.ready-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  await withTimeout(
    (async () => {
      await fs.writeFile(probe, '');
      await fs.rm(probe, { force: true });
    })(),
    'writing to the upload directory',
  ).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`the upload directory is not writable (${error.code ?? error.message})`);
  });
}

export async function readiness({
  db,
  uploadDir,
}: {
  db: DB;
  uploadDir: string;
}): Promise<Readiness> {
  const run = async (check: () => Promise<void>): Promise<string> => {
    try {
      await check();
      return 'ok';
    } catch (error) {
      return `failed: ${(error as Error).message}`;
    }
  };
  const database = await run(() => checkDatabase(db));
  const migrations =
    database === 'ok'
      ? await run(() => checkMigrations(db))
      : 'failed: the database does not answer';
  const uploads = await run(() => checkUploads(uploadDir));
  const checks = { database, migrations, uploads };
  return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
}
