// The registry of open databases and their transaction handles, below everything else in the
// data layer (client.ts opens and registers; the bus, the dialect helpers and the services read
// it): which database a transaction belongs to, its bus, its pool or SQLite connection, and what
// a transaction runs once it has committed.
import type Database from 'better-sqlite3';
import type pg from 'pg';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { BaseSQLiteDatabase, SQLiteTransaction } from 'drizzle-orm/sqlite-core';
import type { SQL } from 'drizzle-orm';
import type * as sqliteSchema from './schema.sqlite';

type Schema = typeof sqliteSchema;
/**
 * The handle services use. It is typed as drizzle's asynchronous SQLite database because both
 * engines' builders answer the same awaited calls; SQLite-only calls (`.get()`, `.all()`,
 * `.run()`) are refused by a lint rule so the same code runs on PostgreSQL. PostgreSQL's handle
 * has its own type (engineView.ts: PgDB) until it is handed to the services.
 */
export type DB = BaseSQLiteDatabase<'async', unknown, Schema>;
/** A transaction handle: services that take part in a caller's transaction accept either. */
export type Tx = SQLiteTransaction<'async', unknown, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = DB | Tx;

/** What a bus carries between app servers (platform/bus.ts builds one per open database). */
export type Topic = 'live' | 'settings';

/** Messages to every app server on one database (platform/bus.ts: the two engines' buses). */
export interface Bus {
  /** Sends once `db` commits (at once when `db` is the database itself). */
  publish(db: DbOrTx, topic: Topic, message: string): Promise<void>;
  /**
   * Runs a data-changing statement of `db`'s transaction that returns its messages (`RETURNING
   * … AS m`: a score file's 100,000 channels) and sends them once it commits: on PostgreSQL the
   * statement and its NOTIFYs are one round trip.
   */
  publishReturning(db: DbOrTx, topic: Topic, statement: SQL): Promise<void>;
  /** Hears every message of a topic sent from when it resolves on; resolves to the unsubscribe. */
  subscribe(topic: Topic, listener: (message: string) => void): Promise<() => void>;
  close(): Promise<void>;
}

export interface Opened {
  close: () => void | Promise<void>;
  /** Messages to every app server on this database (platform/bus.ts). */
  bus: Bus;
  /** PostgreSQL's pool (shared state kept in the database: limits). */
  pool?: pg.Pool;
  /** The SQLite writer connection (scripts that bulk-load through prepared statements). */
  sqlite?: Database.Database;
}
export const opened = new WeakMap<object, Opened>();

/** Where a transaction handle keeps what must run once it has committed (`afterCommit`). */
export const AFTER_COMMIT = Symbol('afterCommit');

/** Where a PostgreSQL transaction handle takes statements to send with its COMMIT (`withCommit`). */
export const COMMIT_WITH = Symbol('commitWith');

/**
 * Hands `statement` to go to the database with the COMMIT of `db`'s transaction, in the same
 * round trip (PostgreSQL, while the transaction's beforeCommit work runs: postgres.ts
 * pgTransaction.ts). Answers false when `db` cannot take it: the caller runs it now.
 */
export function withCommit(db: DbOrTx, statement: SQL): boolean {
  const take = (db as unknown as Record<symbol, ((s: SQL) => boolean) | undefined>)[COMMIT_WITH];
  return take?.(statement) ?? false;
}

/**
 * Runs `fn` once `db` has committed: at once for the database itself (its writes commit as they
 * run); after COMMIT for an SQLite transaction, and never if it rolls back. PostgreSQL's
 * transactions hold their own after-commit work (NOTIFY), so there it runs at once.
 */
export function afterCommit(db: DbOrTx, fn: () => void): void {
  const queue = (db as unknown as Record<symbol, ((f: () => void) => void) | undefined>)[
    AFTER_COMMIT
  ];
  if (queue) queue(fn);
  else fn();
}

/** The SQLite writer connection behind a handle, for scripts that bulk-load (bench, seeds). */
export function sqliteConnection(db: DB): Database.Database {
  const entry = opened.get(db);
  if (!entry?.sqlite) throw new Error('Not an SQLite database handle.');
  return entry.sqlite;
}

/** The message bus between the app servers on this database. */
export function busOf(db: DB): Bus {
  const entry = opened.get(db);
  if (!entry) throw new Error('Not an open database handle.');
  return entry.bus;
}

/** The pool behind a PostgreSQL handle; null on SQLite. */
export function postgresPool(db: DB): pg.Pool | null {
  return opened.get(db)?.pool ?? null;
}

/** The transactions' databases (an event announced in a transaction goes on its bus). */
export const owners = new WeakMap<object, DB>();

/** The database a handle belongs to: itself, or the database of a transaction. */
export function databaseOf(db: DbOrTx): DB {
  if (opened.has(db)) return db as DB;
  const owner = owners.get(db);
  if (!owner) throw new Error('A transaction handle of no known database.');
  return owner;
}

/** Whether a handle is the database itself rather than a transaction inside it. */
export function isDatabase(db: DbOrTx): db is DB {
  return opened.has(db);
}
