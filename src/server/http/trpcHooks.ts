// What happens around every tRPC answer, whichever path serves it (the adapter in app.ts, or a
// live stream's writer in liveStreams.ts): errors logged, refusals recorded as security events,
// and a rate limit's Retry-After sent back.
import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';
import type pino from 'pino';
import type { TRPCError } from '@trpc/server';
import { clientFailure } from '../platform/errorMapping';
import { logRefusal, loggerFor } from './requestLog';

export function onTrpcError(logger: pino.Logger) {
  return ({
    error,
    path: procedure,
    req,
  }: {
    error: TRPCError;
    path: string | undefined;
    req: IncomingMessage;
  }): void => {
    const request = req as Request;
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      loggerFor(request, logger).error(
        { err: error.cause ?? error, procedure },
        'procedure failed',
      );
    }
    // The status the client hears (the one mapping's, as the error formatter sets it).
    logRefusal(request, logger, clientFailure(error, 'trpc').status, {
      code: error.code,
      procedure,
      retryAfter: retryAfterOf([error]),
    });
  };
}

/** The seconds a limited caller must wait (AppError's retryAfter), when an error says so. */
export function retryAfterOf(errors: readonly TRPCError[]): number | undefined {
  return errors
    .map((e) => (e.cause as { retryAfter?: number } | undefined)?.retryAfter)
    .find((v) => typeof v === 'number');
}
