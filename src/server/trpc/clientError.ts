// What a failure becomes for the client, in one place for every path (tRPC's middleware and
// context, the REST sender, Express's last error handler, the lean query path).
import { TRPCError } from '@trpc/server';
import { AppError } from '../platform/errors';
import { isRefusedValue } from '../platform/db/dialect';
import { databaseUnavailable } from '../platform/db/unavailable';

/**
 * An AppError its TRPCError (code, message, and the cause the error formatter reads reason,
 * details and Retry-After from); a value the schemas let through but the engine refuses
 * (PostgreSQL's class 22: a number out of a column's range, a NUL character in text) the
 * caller's bad input; a database out of reach (a cut connection, a server restarting) a 503
 * with Retry-After, not a failure of ours. Anything else: undefined (a 500).
 */
export function asClientError(cause: unknown): TRPCError | undefined {
  if (cause instanceof TRPCError) {
    return cause.code === 'INTERNAL_SERVER_ERROR' && cause.cause !== undefined
      ? asClientError(cause.cause)
      : undefined;
  }
  const appError = cause instanceof AppError ? cause : databaseUnavailable(cause);
  if (appError) {
    return new TRPCError({ code: appError.code, message: appError.message, cause: appError });
  }
  if (isRefusedValue(cause)) {
    return new TRPCError({
      code: 'BAD_REQUEST',
      message: 'A value in the request is out of range or not valid',
      cause,
    });
  }
  return undefined;
}
