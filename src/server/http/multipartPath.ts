// What the two Express paths that take a multipart body (uploads.ts, scoresImport.ts) do alike
// before their own work: admit the caller as every procedure would, then read the body with the
// path's own multer limits, each refusal as the client should hear it.
import type { Request, RequestHandler, Response } from 'express';
import { MSG } from '../../shared/messages';
import { createContext, type AppDeps } from '../trpc/context';
import { admitted, type Access } from '../trpc/trpc';
import { AppError } from '../platform/errors';
import { multipartRefusal } from './errorResponse';

/** The signed-in caller of a path declared with `access`, admitted as every procedure is. */
export async function admittedCaller(
  deps: AppDeps,
  req: Request,
  res: Response,
  access: Access,
  procedure: string,
) {
  const ctx = await createContext(deps, req, res);
  // Maintenance, signed in, a temporary password, staff two-factor: as every procedure.
  await admitted(ctx, { access }, procedure);
  if (!ctx.user || !ctx.actor) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
  return ctx.actor;
}

/**
 * Reads the multipart body (`what` in the field 'file') with the path's multer handler: anything
 * but multipart is a 400, a file over the limit a 413 saying `tooLargeMessage()`.
 */
export async function readMultipart(
  req: Request,
  res: Response,
  upload: RequestHandler,
  what: string,
  tooLargeMessage: () => string,
): Promise<void> {
  if (!req.is('multipart/form-data')) {
    throw new AppError('BAD_REQUEST', `Send ${what} as multipart/form-data in the field "file"`);
  }
  await new Promise<void>((resolve, reject) =>
    upload(req, res, (error: unknown) => {
      if (!error) return resolve();
      reject(multipartRefusal(error, tooLargeMessage));
    }),
  );
}
