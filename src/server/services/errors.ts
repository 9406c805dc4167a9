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

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Seconds a client should wait, for TOO_MANY_REQUESTS. */
  readonly retryAfter?: number;

  constructor(code: AppErrorCode, message: string, options?: { retryAfter?: number }) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.retryAfter = options?.retryAfter;
  }
}
