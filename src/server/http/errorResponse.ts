// The JSON refusal every Express path sends (the REST rows, uploads, backups, the score CSV
// import, OpenID's redirects when they cannot redirect): the one mapping of platform/errorMapping.ts
// as `{ message, code, issues?, reason?, details? }`, its Retry-After, and the security log.
import type { Response } from 'express';
import multer from 'multer';
import type { AppDeps } from '../trpc/context';
import { AppError } from '../platform/errors';
import { clientFailure } from '../platform/errorMapping';
import { logRefusal, loggerFor } from './requestLog';

/**
 * Answers `thrown` as the client's refusal (or, when it is ours, a logged 500). `extra` adds
 * fields a path's refusal carries beside the usual ones (the score import's refused `lines`).
 */
export function sendError(
  res: Response,
  thrown: unknown,
  deps: AppDeps,
  extra?: Record<string, unknown>,
): void {
  const failure = clientFailure(thrown, 'rest');
  if (failure.status === 500) {
    loggerFor(res.req, deps.logger).error({ err: thrown }, 'unhandled error in REST route');
  }
  if (failure.retryAfter) res.setHeader('Retry-After', String(failure.retryAfter));
  logRefusal(res.req, deps.logger, failure.status, {
    code: failure.code,
    retryAfter: failure.retryAfter,
  });
  res.status(failure.status).json({ ...failure.body, ...extra });
}

/**
 * What multer's refusal of a multipart body means for the client (uploads, the score CSV
 * import): a file over the path's limit a 413 saying that limit, another of multer's limits a
 * 400 naming it, and any other parse failure (no boundary, 'Unexpected end of form', a bad part
 * header) a malformed body sent by the client: a 400, never a 500.
 */
export function multipartRefusal(error: unknown, tooLargeMessage: () => string): AppError {
  if (!(error instanceof multer.MulterError)) {
    return new AppError('BAD_REQUEST', 'Malformed multipart body');
  }
  return error.code === 'LIMIT_FILE_SIZE'
    ? new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage())
    : new AppError('BAD_REQUEST', `Upload refused: ${error.message}`);
}
