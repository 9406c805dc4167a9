// SQLite's own query plans of the statements a piece of code prepares, for tests that hold a
// read to its index without timing anything: a change that loses an index fails them.
import type Database from 'better-sqlite3';

/** The connection a test database prepares its statements on. */
export function sqliteOf(db: unknown): Database.Database {
  return (db as { $client: Database.Database }).$client;
}

/** The SQL of every statement prepared while `run` runs (the services prepare on first use). */
export async function preparedBy(
  sqlite: Database.Database,
  run: () => Promise<unknown>,
): Promise<string[]> {
  const seen: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    seen.push(source);
    return prepare(source);
  }) as typeof sqlite.prepare;
  try {
    await run();
  } finally {
    sqlite.prepare = prepare;
  }
  return seen;
}

/** A statement's plan on one line ('SEARCH … USING INDEX … | …'), its parameters all 1. */
export function planOf(sqlite: Database.Database, source: string): string {
  const params = (source.match(/\?/g) ?? []).map(() => 1);
  const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...params) as {
    detail: string;
  }[];
  return rows.map((r) => r.detail).join(' | ');
}
