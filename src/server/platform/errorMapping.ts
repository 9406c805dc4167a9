// The one mapping from whatever a request's work threw to what the client hears, for every path:
// tRPC's procedures and context and its error formatter (trpc.ts), the REST rows and every
// Express-only path (http/errorResponse.ts: uploads, backups, the score CSV import, OpenID's
// routes), and Express's last error handler (http/security.ts). tRPC's code names and their HTTP
// statuses are tRPC's own (getHTTPStatusCodeFromError); the one status that differs by refusal
// reason is REST's (STATUS_BY_REASON).
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { AppError, type AppErrorDetails, type RefusalReason } from './errors';
import { isRefusedValue } from './db/dialect';
import { databaseUnavailable } from './db/unavailable';

/**
 * Refusals whose HTTP status says more than their tRPC code can: REST answers them so (tRPC has
 * no 402; the procedure answers FORBIDDEN, and a tRPC client reads the reason).
 */
export const STATUS_BY_REASON: Readonly<Partial<Record<RefusalReason, number>>> = {
  fee_unverified: 402,
};

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

interface IssueLike {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
}

/** Issues of a validation failure (zod or any standard schema), if that is what the error is. */
export function validationIssues(error: unknown): IssueLike[] | undefined {
  const cause = error instanceof TRPCError ? error.cause : error;
  const issues = (cause as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) && issues.length ? (issues as IssueLike[]) : undefined;
}

function issuePath(issue: IssueLike): string {
  return (issue.path ?? [])
    .map((p) => (typeof p === 'object' ? String(p.key) : String(p)))
    .join('.');
}

/** What a client hears of a failure. */
export interface ClientFailure {
  status: number;
  code: TRPCError['code'];
  /** Seconds to wait before trying again (a rate limit, the database out of reach). */
  retryAfter?: number;
  /** Ours, not the client's: the path logs it (the client hears only 'Internal server error'). */
  unexpected: boolean;
  /** REST's JSON body; tRPC's error shape carries the same fields in `data`. */
  body: {
    message: string;
    code: TRPCError['code'];
    issues?: { path: string; message: string }[];
    /** Why a rule refused the call, and what the client needs to offer a way forward. */
    reason?: RefusalReason;
    details?: AppErrorDetails;
  };
}

const INTERNAL = new TRPCError({ code: 'INTERNAL_SERVER_ERROR' });

/**
 * The one mapping. `error` is what tRPC's formatter holds (a TRPCError already mapped by
 * asClientError where it was thrown) or anything an Express path caught; `surface` 'rest'
 * answers some refusals with a status of their own (STATUS_BY_REASON).
 */
export function clientFailure(thrown: unknown, surface: 'rest' | 'trpc'): ClientFailure {
  const error =
    surface === 'rest'
      ? (asClientError(thrown) ?? (thrown instanceof TRPCError ? thrown : INTERNAL))
      : thrown instanceof TRPCError
        ? thrown
        : INTERNAL;
  const issues = validationIssues(error);
  if (error.code === 'INTERNAL_SERVER_ERROR') {
    // Never the issues of a failed output check: they describe the server's rows, not the
    // caller's input (the log has them).
    return {
      status: 500,
      code: error.code,
      unexpected: true,
      body: {
        message: 'Internal server error',
        code: error.code,
      },
    };
  }
  const appError = error.cause instanceof AppError ? error.cause : undefined;
  let message = error.message;
  if (issues) message = issues[0]!.message;
  // tRPC's own refusals of a request body (its adapter's limit, a JSON syntax error).
  else if (!appError && error.code === 'PAYLOAD_TOO_LARGE') message = 'Request body is too large';
  else if (!appError && error.cause instanceof SyntaxError) message = 'Malformed JSON body';
  const reasonStatus =
    surface === 'rest' && appError?.reason ? STATUS_BY_REASON[appError.reason] : undefined;
  return {
    status: reasonStatus ?? getHTTPStatusCodeFromError(error),
    code: error.code,
    retryAfter: appError?.retryAfter,
    unexpected: false,
    body: {
      message,
      code: error.code,
      issues: issues?.map((i) => ({ path: issuePath(i), message: i.message })),
      reason: appError?.reason,
      details: appError?.details,
    },
  };
}
