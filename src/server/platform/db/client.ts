// Opens the SQLite database with the durability settings we rely on and brings its schema up to
// date without ever losing a row (see migrate.ts).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { MIGRATIONS_DIR } from '../paths';
import { applyMigrations, type MigrationLog } from './migrate';
import * as schema from './schema';

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** A transaction handle: services that take part in a caller's transaction accept either. */
export type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];
export type DbOrTx = DB | Tx;

export interface OpenDatabaseOptions {
  migrationsFolder?: string;
  log?: MigrationLog;
}

export async function openDatabase(file: string, options: OpenDatabaseOptions = {}): Promise<DB> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    await applyMigrations(sqlite, {
      file,
      migrationsFolder: options.migrationsFolder ?? MIGRATIONS_DIR,
      log: options.log,
    });
    // Only after the schema is current: a table rebuild needs foreign keys off (migrate.ts).
    sqlite.pragma('foreign_keys = ON');
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return drizzle(sqlite, { schema }) as DB;
}

export function closeDatabase(db: DB): void {
  if (db.$client.open) db.$client.close();
}
