// Typed errors thrown by services: a plain failure by its code (`new AppError('NOT_FOUND', ...)`)
// or a rule's refusal by its reason (`new AppError('tier', ...)`), whose code is the one table's
// (platform/refusals.ts). What a client hears of them is platform/errorMapping.ts, the one
// mapping every path uses.
import { REFUSAL_CODES, isRefusalReason, type AppErrorCode, type RefusalReason } from './refusals';

export type { AppErrorCode, RefusalReason } from './refusals';

/** Facts a refusal gives the client to offer a way forward (the tier to reach, the contest to pay). */
export type AppErrorDetails = Record<string, string | number | readonly DetailItem[]>;

/** One item of a list a refusal names (the blockers of a contest's results: what and where). */
export type DetailItem = Record<string, string | number | null>;

export interface AppErrorOptions {
  /** Seconds a client should wait, for TOO_MANY_REQUESTS. */
  retryAfter?: number;
  details?: AppErrorDetails;
  /**
   * A refusal's code other than its reason's usual one. Only where the same fact means another
   * thing to this caller: a reviewer admitting a member the join rule now refuses is not
   * forbidden anything, the proof's state conflicts (409 'tier' rather than 403).
   */
  code?: AppErrorCode;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly retryAfter?: number;
  readonly reason?: RefusalReason;
  readonly details?: AppErrorDetails;

  /** `cause`: a code (a failure with no reason a client acts on) or a refusal's reason. */
  constructor(cause: AppErrorCode | RefusalReason, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = 'AppError';
    if (isRefusalReason(cause)) {
      this.reason = cause;
      this.code = options.code ?? REFUSAL_CODES[cause];
    } else {
      this.code = cause;
    }
    this.retryAfter = options.retryAfter;
    this.details = options.details;
  }
}
