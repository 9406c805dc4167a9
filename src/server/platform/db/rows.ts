// Reading rows alike from one of several tables (a table map, a list of tables to read in turn).
import { asc, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { AnySQLiteColumn, SelectedFields, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from './client';

/**
 * The rows of `table` that match `where`, in id order, as `fields` names them. drizzle's types
 * do not follow a select from a table that is only known as one of several, so the rows are
 * typed here by `fields`, which is what the select returns.
 */
export async function rowsInIdOrder<Fields extends SelectedFields>(
  db: DbOrTx,
  table: SQLiteTable & { id: AnySQLiteColumn },
  fields: Fields,
  where: SQL | undefined,
): Promise<SelectResultFields<Fields>[]> {
  const rows: unknown = await db.select(fields).from(table).where(where).orderBy(asc(table.id));
  return rows as SelectResultFields<Fields>[];
}
