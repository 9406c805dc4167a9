// A database that cannot answer right now (its connection was cut, the server is restarting or
// stopped, the SQLite file is locked past its busy timeout) is no fault of the request: the
// caller hears 503 with Retry-After and tries again, and the server carries on.
import { AppError } from '../errors';

/** Seconds a client waits before trying again after the database failed to answer. */
export const DATABASE_RETRY_AFTER_S = 5;

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not answering right now. Please try again in a few seconds.';

// PostgreSQL's SQLSTATEs of a lost or refused connection: class 08 (connection exception),
// 57P01-57P03 (the server shut down, crashed or is starting), 53300 (too many connections).
const PG_STATES = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;
// Node's socket errors, and SQLite's locked file.
const ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_LOCKED',
]);
// node-postgres says these in words only (no code): a cut socket, a pool that could not connect.
const PG_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/** Whether `error`, or what it wraps (drizzle wraps the driver's), is a database out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (PG_STATES.test(code) || ERRNOS.has(code))) return true;
    if (PG_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** The refusal a request hears when the database is out of reach, or undefined for other errors. */
export function databaseUnavailable(error: unknown): AppError | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  return new AppError('database_unavailable', DATABASE_UNAVAILABLE_MESSAGE, {
    retryAfter: DATABASE_RETRY_AFTER_S,
    });
}
