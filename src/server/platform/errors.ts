// Typed errors thrown by services; trpc.ts maps them to tRPC codes (and so to HTTP statuses).
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

/** Facts a refusal gives the client to offer a way forward (the tier to reach, the contest to pay). */
export type AppErrorDetails = Record<string, string | number>;

export interface AppErrorOptions {
  /** Seconds a client should wait, for TOO_MANY_REQUESTS. */
  retryAfter?: number;
  /**
   * A machine-readable cause beside the words of the message ('tier', 'full', 'fee_unverified',
   * ...): clients act on it (an Upgrade link, a payment link) without matching message texts.
   */
  reason?: string;
  details?: AppErrorDetails;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly retryAfter?: number;
  readonly reason?: string;
  readonly details?: AppErrorDetails;

  constructor(code: AppErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.retryAfter = options.retryAfter;
    this.reason = options.reason;
    this.details = options.details;
  }
}
