// The column kinds schema.sqlite.ts is written in, as SQLite stores them. columns.pg.ts gives the
// same names their PostgreSQL form, and schema.pg.ts is schema.sqlite.ts with that one import
// changed (scripts/generate-pg-schema.ts), so each table is written once, here.
import { sql, type SQLWrapper } from 'drizzle-orm';
import { customType, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { fromScoreUnits, toScoreUnits } from '../../../shared/leaderboard';

export { check, index, integer, primaryKey, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** A table of this engine. */
export const table = sqliteTable;

/** The current time as a default: milliseconds since 1970, to the millisecond. */
export const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

/** A point in time as a Date, stored as integer milliseconds. */
export const time = <N extends string>(name: N) => integer(name, { mode: 'timestamp_ms' });

/** When the row was written. */
export const createdAt = () => time('created_at').notNull().default(now);

/** A row id: AUTOINCREMENT, so an id is never given twice, even after a delete. */
export const id = () => integer('id').primaryKey({ autoIncrement: true });

/** A flag, stored as 0 or 1. */
export const flag = <N extends string>(name: N) => integer(name, { mode: 'boolean' });

/** A floating-point number (REAL: an 8-byte double). */
export const double = real;

/** JSON kept as text, read and written as its value. */
export const json = <T>(name: string) => text(name, { mode: 'json' }).$type<T>();

/**
 * A score: stored exactly as an integer count of 1/10,000 (a decimal with at most 4 places),
 * read and written as the number it stands for. Comparisons with a value (gt(score, 2.5)) go
 * through the same conversion; raw SQL sees the integers.
 */
export const scoreColumn = customType<{ data: number; driverData: number }>({
  dataType: () => 'integer',
  toDriver: (score) => toScoreUnits(score),
  fromDriver: (units) => fromScoreUnits(Number(units)),
});

/** A count of score units as a plain number (a rank bucket's bound): SQLite integers are 64-bit. */
export const scoreUnits = <N extends string>(name: N) => integer(name);

/** An index entry that ignores case (COLLATE NOCASE: ASCII letters). */
export const nocase = (column: SQLWrapper) => sql`${column} COLLATE NOCASE`;
