// What differs between database engines, in one place. Today: SQLite's way of reporting a
// unique violation (the PostgreSQL side, code 23505 and its constraint name, joins it with the
// PostgreSQL data layer).

/** A write refused by a unique index. */
export function isUniqueViolation(error: unknown): error is Error & { message: string } {
  return error instanceof Error && (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Which unique index a violation hit, from the engine's message ("... users.username" style). */
export function conflictField(error: Error): 'username' | 'email' | undefined {
  if (/username/i.test(error.message)) return 'username';
  if (/email/i.test(error.message)) return 'email';
  return undefined;
}
