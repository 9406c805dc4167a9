// What the services see of PostgreSQL. Services are written once, against drizzle's SQLite types
// (handles.ts: DB, and the tables of schema.ts); on PostgreSQL the same code runs with
// PostgreSQL's handle and tables, which keep their own types here (PgDB, schema.pg.ts). Viewing
// them as SQLite's is sound for what a service reads and writes because every table's rows have
// the same TypeScript types on both engines: `PgRowsAreSqliteRows` fails the typecheck the day
// they differ. The builders' engine-only calls (`.get()`, `.all()`, `.run()`) are refused by a
// lint rule instead, so the same code runs on both.
import type { InferInsertModel, InferSelectModel, Table } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DB } from './handles';
import * as pgSchema from './schema.pg';
import type * as sqliteSchema from './schema.sqlite';

/** PostgreSQL's handle with its own type: its builders and its tables. */
export type PgDB = NodePgDatabase<typeof pgSchema>;

/**
 * Each table's row as read and as written, by export name. Which written fields may be left out
 * is not compared (tests/server/pgSchema.test.ts compares the columns' defaults): SQLite's types
 * call any integer primary key defaulted (it aliases the rowid), PostgreSQL's only an identity.
 */
export type Rows<S> = {
  [K in keyof S as S[K] extends Table ? K : never]: S[K] extends Table
    ? { select: InferSelectModel<S[K]>; insert: Required<InferInsertModel<S[K]>> }
    : never;
};

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type PgRows = Rows<typeof pgSchema>;
type SqliteRows = Rows<typeof sqliteSchema>;
type AllTrue<T extends Record<string, true>> = T;

/**
 * A type error here names the table whose rows differ between schema.pg.ts and schema.sqlite.ts
 * (or `tables`: one schema has a table the other lacks).
 */
export type PgRowsAreSqliteRows = AllTrue<
  { [K in keyof PgRows]: K extends keyof SqliteRows ? Same<PgRows[K], SqliteRows[K]> : false } & {
    tables: Same<keyof PgRows, keyof SqliteRows>;
  }
>;

/** PostgreSQL's tables as the services name them (rows checked equal above). */
export const pgTablesForServices = pgSchema as unknown as typeof sqliteSchema;

/** PostgreSQL's handle as the services hold it (rows checked equal above). */
export function pgHandleForServices(db: PgDB): DB {
  return db as unknown as DB;
}
