// Opens the database and hands the services one handle, the same on both engines: queries are
// awaited drizzle builders, and every transaction goes through `db.transaction(async (tx) => …)`.
//
// SQLite (the zero-configuration default) has one writer at a time, so the handle holds two
// connections to the file. Reads run on a read-only connection and see only committed rows (WAL).
// Writes run on the writer connection behind an async mutex: a transaction takes the mutex, runs
// `BEGIN IMMEDIATE`, awaits its callback and commits, and a single write outside a transaction
// waits for the mutex too, so nothing of another request can run inside an open transaction even
// when its callback awaits real I/O. Using the outer `db` to write inside a transaction would wait
// for itself; it is refused at once (and by a lint rule before that).
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { QueryPromise, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { MIGRATIONS_DIR } from '../paths';
import { applyMigrations, type MigrationLog } from './migrate';
import { localBus, postgresBus } from '../bus';
import { errorCode } from './dialect';
import { openPostgres } from './postgres';
import { transactionOnOwnClient } from './pgTransaction';
import { COMMIT_WORK, CommitWork } from './beforeCommit';
import { AFTER_COMMIT, COMMIT_WITH, opened, owners, type DB, type Tx } from './handles';

// The registry's readers, for the code that imports the data layer from here.
export {
  afterCommit,
  busOf,
  databaseOf,
  isDatabase,
  postgresPool,
  sqliteConnection,
  type DB,
  type DbOrTx,
  type Tx,
} from './handles';
import * as schema from './schema.sqlite';

export interface OpenDatabaseOptions {
  migrationsFolder?: string;
  log?: MigrationLog;
  /** False: open the database at whatever level it is (a backup must never migrate it). */
  migrate?: boolean;
}

/** The one transaction handle of an SQLite database (its writer connection). */
const TX_HANDLE = Symbol('txHandle');
function transactionHandleOf(db: DB): object {
  return (db as unknown as Record<symbol, object>)[TX_HANDLE]!;
}

/**
 * The transaction this async context runs inside, if any (see `refuseInsideTransaction`). Only in
 * tests (vitest sets NODE_ENV=test) and under `npm run dev`: once an AsyncLocalStorage has run,
 * Node 20 calls its promise hooks for every promise of the process, a few per cent of a cheap
 * request. The lint rule and the tests, which run with the guard, keep a helper from being handed
 * `db` instead of `tx`; the production server (`npm start`) goes without it.
 */
const insideTransaction =
  process.env.NODE_ENV === 'test' || process.env.NODE_ENV === 'development'
    ? new AsyncLocalStorage<true>()
    : undefined;

/** Compiled statements kept per connection, by their SQL. */
const STATEMENTS_KEPT = 1000;

/**
 * drizzle compiles a query's SQL again each time it runs (better-sqlite3's `prepare`), a good
 * part of a cheap read; the same text compiles to the same statement, so each connection keeps
 * its recent ones. A kept statement comes back in its default modes (drizzle switches `raw` on
 * for the queries it maps itself), and one still iterating is never handed out twice.
 */
function keepStatements(connection: Database.Database): void {
  const compile = connection.prepare.bind(connection);
  const kept = new LRUCache<string, Database.Statement>({ max: STATEMENTS_KEPT });
  connection.prepare = ((source: string) => {
    const statement = kept.get(source);
    if (statement && !statement.busy) {
      if (statement.reader) statement.raw(false).pluck(false).expand(false);
      return statement;
    }
    const fresh = compile(source);
    kept.set(source, fresh);
    return fresh;
  }) as typeof connection.prepare;
}

/** One holder at a time, in arrival order. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => T | Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

export async function openDatabase(file: string, options: OpenDatabaseOptions = {}): Promise<DB> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const writer = new Database(file);
  let reader: Database.Database | undefined;
  try {
    writer.pragma('journal_mode = WAL');
    writer.pragma('synchronous = FULL');
    writer.pragma('busy_timeout = 5000');
    if (options.migrate !== false) {
      await applyMigrations(writer, {
        file,
        migrationsFolder: options.migrationsFolder ?? MIGRATIONS_DIR,
        log: options.log,
      });
    }
    // Only after the schema is current: a table rebuild needs foreign keys off (migrate.ts).
    writer.pragma('foreign_keys = ON');
    reader = new Database(file, { readonly: true });
    reader.pragma('busy_timeout = 5000');
    keepStatements(writer);
    keepStatements(reader);
  } catch (error) {
    reader?.close();
    writer.close();
    throw error;
  }
  const db = sqliteHandle(writer, reader);
  owners.set(transactionHandleOf(db), db);
  const bus = localBus();
  opened.set(db, {
    sqlite: writer,
    bus,
    close: async () => {
      await bus.close();
      if (reader.open) reader.close();
      if (writer.open) writer.close();
    },
  });
  return db;
}

function sqliteHandle(writerClient: Database.Database, readerClient: Database.Database): DB {
  const reads = drizzle(readerClient, { schema });
  const writes = drizzle(writerClient, { schema });
  const mutex = new Mutex();
  let savepoints = 0;
  let committed: Array<() => void> | null = null;
  let committing: CommitWork | null = null;

  const serialize = <T>(execute: () => T): Promise<T> => {
    refuseInsideTransaction();
    return mutex.run(execute);
  };

  // Inside a transaction the writer connection is used directly: the mutex is already held.
  const tx = Object.create(writes) as Record<string, unknown>;
  (tx as Record<symbol, unknown>)[AFTER_COMMIT] = (fn: () => void) => {
    if (committed) committed.push(fn);
    else fn();
  };
  (tx as Record<symbol, unknown>)[COMMIT_WORK] = () => committing;
  tx.rollback = () => {
    throw new TransactionRollbackError();
  };
  tx.transaction = async <T>(fn: (inner: typeof tx) => Promise<T>): Promise<T> => {
    const name = `sp${++savepoints}`;
    writerClient.exec(`SAVEPOINT ${name}`);
    try {
      const result = await fn(tx);
      writerClient.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      writerClient.exec(`ROLLBACK TO ${name}`);
      writerClient.exec(`RELEASE ${name}`);
      throw error;
    }
  };

  const handle = Object.create(reads) as Record<string | symbol, unknown>;
  handle[TX_HANDLE] = tx;
  handle.insert = (table: never) => serialized(writes.insert(table), serialize);
  handle.update = (table: never) => serialized(writes.update(table), serialize);
  handle.delete = (table: never) => serialized(writes.delete(table), serialize);
  handle.run = (query: never) => serialize(() => writes.run(query));
  handle.transaction = <T>(fn: (t: typeof tx) => Promise<T>): Promise<T> => {
    refuseInsideTransaction();
    return mutex.run(async () => {
      writerClient.exec('BEGIN IMMEDIATE');
      committed = [];
      const work = (committing = new CommitWork());
      // The callback, then the work it left for the end (beforeCommit), inside the guard.
      const body = async () => {
        const value = await fn(tx);
        await work.finish(tx as unknown as Tx);
        return value;
      };
      try {
        const result = await (insideTransaction ? insideTransaction.run(true, body) : body());
        committing = null;
        writerClient.exec('COMMIT');
        const after = committed;
        committed = null;
        for (const run of after) run();
        return result;
      } catch (error) {
        committed = null;
        committing = null;
        if (writerClient.inTransaction) writerClient.exec('ROLLBACK');
        if (error instanceof TransactionRollbackError) return undefined as T;
        throw error;
      }
    });
  };
  return handle as unknown as DB;
}

/**
 * A write through the outer handle from inside a transaction would wait for the transaction that
 * is waiting for it. The lint rule catches the plain case; this catches a helper that was handed
 * `db` instead of `tx`.
 */
function refuseInsideTransaction(): void {
  if (insideTransaction?.getStore()) {
    throw new Error('The outer db was used to write inside a transaction: pass the tx handle.');
  }
}

/**
 * Wraps a drizzle write builder so that awaiting it (or its chained forms: `.values()`,
 * `.returning()`, `.where()`, …) runs the statement under the writer mutex.
 */
function serialized<T extends object>(
  builder: T,
  serialize: <R>(execute: () => R) => Promise<R>,
): T {
  const proxy: T = new Proxy(builder, {
    get(target, prop) {
      const execute = () => (target as unknown as { execute: () => unknown }).execute();
      if (prop === 'then') {
        return (ok?: (v: unknown) => unknown, fail?: (e: unknown) => unknown) =>
          serialize(execute).then(ok, fail);
      }
      if (prop === 'catch') return (fail: (e: unknown) => unknown) => serialize(execute).catch(fail);
      if (prop === 'finally') return (f: () => void) => serialize(execute).finally(f);
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const out = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (out === target) return proxy;
        // Chained builders (`.values()` on an insert, `.set()` on an update) are wrapped too.
        return out instanceof QueryPromise ? serialized(out, serialize) : out;
      };
    },
  });
  return proxy;
}

/**
 * PostgreSQL at `url` (DATABASE_URL): a pool, migrated under an advisory lock. A bad URL or an
 * unreachable server is an Error whose message says which.
 */
export async function openPostgresDatabase(
  url: string,
  options: OpenDatabaseOptions & { poolSize?: number } = {},
): Promise<DB> {
  const { db, pool } = await openPostgres(url, options);
  // Each PostgreSQL transaction is a new handle: note whose it is as it starts. Two transactions
  // that lock the same rows in opposite orders make PostgreSQL end one (a deadlock, 40P01): it
  // had changed nothing that stays, so it runs again, a few times, after a short random wait.
  // The transaction's options are SQLite's (`behavior`): PostgreSQL's run at READ COMMITTED,
  // and the rules that read then write lock what they read (see the services).
  (db as { transaction: unknown }).transaction = async <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await transactionOnOwnClient<T, Tx>(pool, async (tx) => {
          const work = new CommitWork();
          // Filled while the work runs: what it writes goes with the COMMIT.
          const last: { statements: SQL[] | null } = { statements: null };
          const handle = owned(tx, db, work, last);
          const result = await fn(handle);
          last.statements = [];
          await work.finish(handle);
          return { result, withCommit: last.statements };
        });
      } catch (error) {
        const code = errorCode(error);
        if (attempt >= 4 || (code !== '40P01' && code !== '40001')) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  };
  const bus = postgresBus(url);
  opened.set(db, {
    bus,
    pool,
    close: async () => {
      await bus.close();
      await pool.end();
    },
  });
  return db;
}

/**
 * Notes `db` as the owner of a PostgreSQL transaction handle and of every savepoint opened in it
 * (`tx.transaction(...)` makes a new handle), so what is announced or mailed inside a savepoint
 * finds its database too.
 */
function owned(tx: Tx, db: DB, work: CommitWork, last: { statements: SQL[] | null }): Tx {
  owners.set(tx, db);
  (tx as unknown as Record<symbol, unknown>)[COMMIT_WORK] = () => work;
  (tx as unknown as Record<symbol, unknown>)[COMMIT_WITH] = (statement: SQL) =>
    !!last.statements?.push(statement);
  const savepoint = tx.transaction.bind(tx) as (fn: (inner: Tx) => Promise<unknown>) => Promise<unknown>;
  (tx as { transaction: unknown }).transaction = (fn: (inner: Tx) => Promise<unknown>) =>
    savepoint((inner) => fn(owned(inner, db, work, last)));
  return tx;
}

/** The configured engine: PostgreSQL when a URL is given, else the SQLite file. */
export function openConfiguredDatabase(
  config: { databaseUrl?: string; databasePath: string; poolSize?: number },
  options: OpenDatabaseOptions = {},
): Promise<DB> {
  return config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl, { ...options, poolSize: config.poolSize })
    : openDatabase(config.databasePath, options);
}

export async function closeDatabase(db: DB): Promise<void> {
  const entry = opened.get(db);
  opened.delete(db);
  await entry?.close();
}

