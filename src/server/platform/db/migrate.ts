// Applies drizzle-kit's committed migrations so that no schema change can lose data.
//
// drizzle's own migrator runs every migration inside one transaction with whatever foreign-key
// setting the connection has. drizzle-kit rebuilds a table (create new, copy, drop old, rename)
// for many SQLite changes and writes `PRAGMA foreign_keys=OFF` around it, but inside a
// transaction that pragma does nothing: with foreign keys on, dropping the old parent table
// silently runs every ON DELETE CASCADE and empties its child tables. So here foreign keys are
// switched off on the connection before the transaction starts, every reference is checked with
// `PRAGMA foreign_key_check` before COMMIT, and any failure rolls the whole run back, leaving the
// database exactly as it was. A database that holds data is first copied with SQLite's online
// backup. The bookkeeping table is drizzle's (`__drizzle_migrations`), so databases migrated by
// earlier versions carry on where they were.
import path from 'node:path';
import type Database from 'better-sqlite3';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';

export interface MigrationLog {
  info: (msg: string) => void;
}

const TABLE = '__drizzle_migrations';

function pendingMigrations(sqlite: Database.Database, folder: string): MigrationMeta[] {
  sqlite.exec(
    `CREATE TABLE IF NOT EXISTS "${TABLE}" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`,
  );
  // eslint-disable-next-line no-restricted-syntax -- the SQLite engine layer, on its own connection
  const last = sqlite
    .prepare(`SELECT created_at FROM "${TABLE}" ORDER BY created_at DESC LIMIT 1`)
    .get() as { created_at: number | string } | undefined;
  const all = readMigrationFiles({ migrationsFolder: folder });
  return all.filter((m) => !last || Number(last.created_at) < m.folderMillis);
}

function hasData(sqlite: Database.Database): boolean {
  const tables = sqlite
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != ?`,
    )
    .pluck()
    .all(TABLE) as string[];
  return tables.some(
    // eslint-disable-next-line no-restricted-syntax -- the SQLite engine layer, on its own connection
    (name) => sqlite.prepare(`SELECT 1 FROM "${name.replace(/"/g, '""')}" LIMIT 1`).get() !== undefined,
  );
}

interface ForeignKeyViolation {
  table: string;
  rowid: number;
  parent: string;
}

/** How a migration is named in messages: its place in the journal and its timestamp. */
function tagOf(m: MigrationMeta, index: number): string {
  return `#${index + 1} (${new Date(m.folderMillis).toISOString()})`;
}

export async function applyMigrations(
  sqlite: Database.Database,
  {
    file,
    migrationsFolder,
    log,
  }: { file: string; migrationsFolder: string; log?: MigrationLog },
): Promise<{ applied: number; backup?: string }> {
  sqlite.pragma('foreign_keys = OFF');
  const pending = pendingMigrations(sqlite, migrationsFolder);
  if (!pending.length) return { applied: 0 };

  let backup: string | undefined;
  if (file !== ':memory:' && hasData(sqlite)) {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    backup = path.resolve(`${file}.before-migration-${stamp}.bak`);
    await sqlite.backup(backup);
    log?.info(`Database backed up to ${backup} before applying ${pending.length} migration(s)`);
  }

  sqlite.exec('BEGIN IMMEDIATE');
  try {
    pending.forEach((migration, index) => {
      for (const statement of migration.sql) {
        if (!statement.trim()) continue;
        try {
          sqlite.exec(statement);
        } catch (error) {
          throw new Error(
            `Migration ${tagOf(migration, index)} failed: ${(error as Error).message}`,
            { cause: error },
          );
        }
      }
      sqlite
        .prepare(`INSERT INTO "${TABLE}" ("hash", "created_at") VALUES (?, ?)`)
        .run(migration.hash, migration.folderMillis);
    });
    const violations = sqlite.pragma('foreign_key_check') as ForeignKeyViolation[];
    if (violations.length) {
      const sample = violations
        .slice(0, 5)
        .map((v) => `${v.table} row ${v.rowid} -> ${v.parent}`)
        .join(', ');
      throw new Error(
        `Migrations would leave ${violations.length} broken reference(s) (${sample}); ` +
          'nothing was changed',
      );
    }
    sqlite.exec('COMMIT');
  } catch (error) {
    sqlite.exec('ROLLBACK');
    throw new Error(
      `The database schema could not be updated and was left as it was. ${(error as Error).message}` +
        (backup ? ` A backup taken before the attempt is at ${backup}.` : ''),
      { cause: error },
    );
  }
  log?.info(`Applied ${pending.length} database migration(s)`);
  return { applied: pending.length, backup };
}
