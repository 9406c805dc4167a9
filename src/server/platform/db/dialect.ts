// What differs between database engines, in one place: raw statements, unique-violation reports,
// and (as the PostgreSQL data layer lands) the SQL fragments whose spelling differs.
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { dialect } from './dialectChoice';

export { dialect };

/** Runs a raw statement that answers no rows (an UPDATE … FROM, a bulk rewrite). */
export async function execute(db: DbOrTx, query: SQL): Promise<void> {
  if (dialect === 'pg') await (db as unknown as { execute: (q: SQL) => Promise<unknown> }).execute(query);
  else await db.run(query);
}

/** Runs a raw query and answers its rows. */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  if (dialect === 'pg') {
    const result = await (db as unknown as { execute: (q: SQL) => Promise<{ rows: T[] }> }).execute(
      query,
    );
    return result.rows;
  }
  return (await db.all(query)) as T[];
}

/** A write refused by a unique index. */
export function isUniqueViolation(error: unknown): error is Error & { message: string } {
  const code = (error as { code?: string } | null)?.code;
  return error instanceof Error && (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505');
}

/** Which unique index a violation hit, from the engine's message ("... users.username" style). */
export function conflictField(error: Error): 'username' | 'email' | undefined {
  const detail = `${error.message} ${(error as { constraint?: string }).constraint ?? ''}`;
  if (/username/i.test(detail)) return 'username';
  if (/email/i.test(detail)) return 'email';
  return undefined;
}
