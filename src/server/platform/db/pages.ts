// A list read one page at a time: the page's rows, and the whole list's count.
import { count, type SQL } from 'drizzle-orm';
import type { SQLiteSelect, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from './client';

/** Which page of a list to read (the first is 1) and how many rows a page holds. */
export interface Paging {
  page: number;
  pageSize: number;
}

/** How many rows of `table` match `where`. */
export async function countRows(db: DbOrTx, table: SQLiteTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** One page of an ordered list query (built with drizzle's `.$dynamic()`). */
export function onePage<Query extends SQLiteSelect>(query: Query, { page, pageSize }: Paging) {
  return query.limit(pageSize).offset((page - 1) * pageSize);
}
