// What differs between the two engines, in one place. Everything else is written once in
// drizzle's query builder, or in raw SQL both engines read the same way (UPDATE … FROM, window
// functions, IS DISTINCT FROM, CAST(… AS BIGINT)).
import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { databaseOf, sqliteConnection, type DbOrTx } from './handles';
import { dialect } from './dialectChoice';

export { dialect };

const pg = dialect === 'pg';

/** Runs a raw statement that answers no rows (an UPDATE … FROM, a bulk rewrite). */
export async function execute(db: DbOrTx, query: SQL): Promise<void> {
  if (pg) await (db as unknown as { execute: (q: SQL) => Promise<unknown> }).execute(query);
  else await db.run(query);
}

/** Runs a raw query and answers its rows. */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  if (pg) {
    const result = await (db as unknown as { execute: (q: SQL) => Promise<{ rows: T[] }> }).execute(
      query,
    );
    return result.rows;
  }
  return (await db.all(query)) as T[];
}

/**
 * A hot read's statement, prepared once per database handle and kept by its caller. PostgreSQL:
 * a named statement, parsed and planned once per pooled connection; drizzle's `.prepare()`
 * without a name sends an unnamed one, parsed and planned again on every run, which for the
 * contests page cost more than running it (EXPLAIN ANALYZE: planning 0.44 ms, execution
 * 0.06 ms). `name` must belong to this one SQL text (a connection refuses a name it knows with
 * other text) and stay under 64 bytes. SQLite: its connections keep compiled statements anyway
 * (client.ts), the name is not needed.
 */
export function prepareNamed<P>(query: { prepare(): P }, name: string): P {
  return pg ? (query as unknown as { prepare(name: string): P }).prepare(name) : query.prepare();
}

/** A column of a bulk write and its PostgreSQL type (for json_to_recordset). */
export interface BulkColumn {
  name: string;
  pgType: 'integer' | 'bigint' | 'text';
}

/** Rows per PostgreSQL statement of a bulk write (one JSON parameter each). */
const BULK_CHUNK = 10_000;

/**
 * Writes many rows inside a transaction (a score file of 100,000 lines). SQLite: one prepared
 * statement run per row on the writer connection, the transaction's own (a multi-row
 * UPDATE … FROM (VALUES …) scans the whole table once per statement there); PostgreSQL: one
 * statement per BULK_CHUNK rows, read from a single JSON parameter by json_to_recordset.
 * Names are the code's own, never a caller's input.
 */
export async function insertMany(
  tx: DbOrTx,
  table: string,
  columns: readonly BulkColumn[],
  values: readonly (readonly unknown[])[],
): Promise<void> {
  const names = columns.map((c) => c.name).join(', ');
  if (!pg) {
    const insert = sqliteConnection(databaseOf(tx)).prepare(
      `INSERT INTO ${table} (${names}) VALUES (${columns.map(() => '?').join(', ')})`,
    );
    for (const row of values) insert.run(...row);
    return;
  }
  const types = columns.map((c) => `${c.name} ${c.pgType}`).join(', ');
  for (let i = 0; i < values.length; i += BULK_CHUNK) {
    await execute(
      tx,
      sql`INSERT INTO ${sql.raw(table)} (${sql.raw(names)}) SELECT ${sql.raw(names)}
        FROM json_to_recordset(${recordsJson(columns, values.slice(i, i + BULK_CHUNK))}::json)
        AS v(${sql.raw(types)})`,
    );
  }
}

/** Sets one column of many rows by id (`pairs`: [id, value]); see insertMany. */
export async function updateManyById(
  tx: DbOrTx,
  table: string,
  column: BulkColumn,
  pairs: readonly (readonly [number, unknown])[],
): Promise<void> {
  if (!pg) {
    const update = sqliteConnection(databaseOf(tx)).prepare(
      `UPDATE ${table} SET ${column.name} = ? WHERE id = ?`,
    );
    for (const [id, value] of pairs) update.run(value, id);
    return;
  }
  const columns: BulkColumn[] = [{ name: 'id', pgType: 'integer' }, column];
  for (let i = 0; i < pairs.length; i += BULK_CHUNK) {
    await execute(
      tx,
      sql`UPDATE ${sql.raw(table)} SET ${sql.raw(column.name)} = v.${sql.raw(column.name)}
        FROM json_to_recordset(${recordsJson(columns, pairs.slice(i, i + BULK_CHUNK))}::json)
        AS v(id integer, ${sql.raw(`${column.name} ${column.pgType}`)})
        WHERE ${sql.raw(table)}.id = v.id`,
    );
  }
}

function recordsJson(columns: readonly BulkColumn[], values: readonly (readonly unknown[])[]) {
  return JSON.stringify(
    values.map((row) => Object.fromEntries(columns.map((c, j) => [c.name, row[j] ?? null]))),
  );
}

/**
 * A column as names are compared and sorted: without regard to letter case. SQLite's NOCASE
 * collation, PostgreSQL's lower() (both schemas index the expression the unique checks use).
 */
export function caseless(column: SQLWrapper): SQL {
  return pg ? sql`lower(${column})` : sql`${column} COLLATE NOCASE`;
}

/** `column = value`, ignoring letter case (a username or e-mail lookup). */
export function equalsCaseless(column: SQLWrapper, value: string): SQL {
  return pg ? sql`lower(${column}) = lower(${value})` : sql`${column} = ${value} COLLATE NOCASE`;
}

/** The values of a caseless `IN (…)` list, in the form `caseless(column)` compares with. */
export function caselessValues(values: string[]): string[] {
  return pg ? values.map((v) => v.toLowerCase()) : values;
}

/**
 * A pattern match ignoring letter case, `\` escaping `%`, `_` and itself: SQLite's LIKE already
 * ignores ASCII case; PostgreSQL's needs ILIKE.
 */
export function likeCaseless(column: SQLWrapper, pattern: string | Placeholder): SQL {
  return pg
    ? sql`${column} ILIKE ${pattern} ESCAPE '\\'`
    : sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/** The `%term%` pattern for `likeCaseless`, the term's own wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The UTC calendar day ('YYYY-MM-DD') of a time column. */
export function utcDay(column: SQLWrapper): SQL<string> {
  return pg
    ? sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
    : sql<string>`date(${column} / 1000, 'unixepoch')`;
}

/**
 * A moment bound to a prepared statement's placeholder compared with a time column: a
 * placeholder skips the column's own conversion, so it gets the engine's form here.
 */
export function timeParam(at: number | Date): number | string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return pg ? new Date(ms).toISOString() : ms;
}

/** A moment as a raw-SQL operand compared with a time column (SQLite stores milliseconds). */
export function timeValue(at: Date): SQL {
  return pg ? sql`CAST(${at.toISOString()} AS timestamptz)` : sql`${at.getTime()}`;
}

/**
 * An integer key equal to an id kept as text (the audit log's target ids). PostgreSQL refuses to
 * cast text that is not a number, so only digit strings are cast there.
 */
export function idMatchesText(idColumn: SQLWrapper, textColumn: SQLWrapper): SQL {
  return pg
    ? sql`${idColumn} = CASE WHEN ${textColumn} ~ '^[0-9]{1,9}$' THEN CAST(${textColumn} AS INTEGER) END`
    : sql`${idColumn} = CAST(${textColumn} AS INTEGER)`;
}

/**
 * Rows a rule reads before it writes (a contest's places, a proof's state), locked until the
 * transaction ends. PostgreSQL runs transactions at READ COMMITTED, so two app servers could
 * otherwise both read 49 of 50 places taken and both admit; on SQLite the writer mutex and
 * BEGIN IMMEDIATE already let one writer in at a time.
 */
export async function lockForUpdate(
  tx: DbOrTx,
  table: SQLWrapper,
  where: SQL,
  /** 'share': the rows may not change or go, but others may read-lock them too. */
  strength: 'update' | 'share' = 'update',
): Promise<void> {
  if (pg) {
    await (tx as unknown as { execute: (q: SQL) => Promise<unknown> }).execute(
      sql`SELECT 1 FROM ${table} WHERE ${where} FOR ${sql.raw(strength === 'share' ? 'SHARE' : 'UPDATE')}`,
    );
  }
}

/**
 * What a queue's claim adds to the SELECT that picks its rows: PostgreSQL skips rows another
 * server's claim has locked (FOR UPDATE SKIP LOCKED), so two servers never take the same row;
 * SQLite's single writer runs one claim at a time anyway.
 */
export function skipLocked(): SQL {
  return pg ? sql`FOR UPDATE SKIP LOCKED` : sql``;
}

/**
 * The engine's own error behind a failed query: drizzle wraps driver errors on PostgreSQL (and
 * on SQLite's asynchronous path) in a DrizzleQueryError whose cause is the driver's.
 */
function driverError(error: unknown): (Error & { code?: string; constraint?: string }) | null {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current instanceof Error; depth += 1) {
    if (typeof (current as { code?: unknown }).code === 'string') return current;
    current = current.cause;
  }
  return null;
}

/**
 * A value the engine refused as data (PostgreSQL's SQLSTATE class 22: numeric out of range,
 * invalid text such as a NUL character); SQLite stores such values as they come.
 */
export function isRefusedValue(error: unknown): boolean {
  const code = driverError(error)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/**
 * Holds a named lock until the transaction ends (PostgreSQL's transaction-level advisory lock):
 * for a choice that reads a set before adding to it, such as a free slug, where there is no one
 * row to lock. SQLite's single writer already serialises such transactions.
 */
export async function lockName(tx: DbOrTx, name: string): Promise<void> {
  if (pg) {
    await (tx as unknown as { execute: (q: SQL) => Promise<unknown> }).execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`,
    );
  }
}

/** The engine's error code behind a failed query (SQLSTATE on PostgreSQL), if any. */
export function errorCode(error: unknown): string | undefined {
  return driverError(error)?.code;
}

/** A write refused by a unique index. */
export function isUniqueViolation(error: unknown): error is Error {
  const code = driverError(error)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Which unique index a violation hit, from the engine's message or constraint name. */
export function conflictField(error: Error): 'username' | 'email' | undefined {
  const cause = driverError(error) ?? error;
  const detail = `${cause.message} ${(cause as { constraint?: string }).constraint ?? ''}`;
  if (/username/i.test(detail)) return 'username';
  if (/email/i.test(detail)) return 'email';
  return undefined;
}

/**
 * `n` fresh ids of a table whose id the database generates (AUTOINCREMENT, an identity), in
 * increasing order, for a writer that inserts rows with their ids in bulk (a bracket's matches,
 * which refer to its rounds). SQLite: above the table's sequence and its rows (its single writer
 * holds the transaction, and inserting the ids moves the sequence past them); PostgreSQL: drawn
 * from the column's own sequence in one statement. `table` is the code's own name.
 */
export async function nextIds(tx: DbOrTx, table: string, n: number): Promise<number[]> {
  if (n <= 0) return [];
  if (pg) {
    const drawn = await rows<{ id: number | string }>(
      tx,
      sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id')) AS id
        FROM generate_series(1, ${n})`,
    );
    return drawn.map((r) => Number(r.id)).sort((a, b) => a - b);
  }
  const [top] = await rows<{ top: number | null }>(
    tx,
    sql`SELECT max(
      coalesce((SELECT seq FROM sqlite_sequence WHERE name = ${table}), 0),
      coalesce((SELECT max(id) FROM ${sql.raw(table)}), 0)) AS top`,
  );
  const first = Number(top?.top ?? 0) + 1;
  return Array.from({ length: n }, (_, i) => first + i);
}
