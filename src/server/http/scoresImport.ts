// POST /api/contests/:id/scores/csv (multipart, field 'file'): a CSV of username,score lines
// applied in one request and one transaction, all or nothing (importScoresCsv). A file with bad
// lines answers 400 with each of them ({ line, username, reason, message }) and stores nothing.
import express, { type Request, type Response, type Router } from 'express';
import multer from 'multer';
import { MSG } from '../../shared/messages';
import { CSV_BYTES_MAX } from '../../shared/leaderboard';
import { createContext, type AppDeps } from '../trpc/context';
import { multipartRefusal, sendError } from './errorResponse';
import { EXPRESS_PATHS } from './expressPaths';
import { pathId } from './pathId';
import { admitted } from '../trpc/trpc';
import { AppError } from '../platform/errors';
import { labelRoute } from '../platform/metrics';
import { CsvScoresRefused, importScoresCsv } from '../domain/participation/leaderboard';

export const SCORES_CSV_PATH = EXPRESS_PATHS.scoresCsv.path;

export function createScoresImportRouter(deps: AppDeps): Router {
  const router = express.Router();
  // Limits on this route only: one file of at most CSV_BYTES_MAX (+1 byte to tell "too large").
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: CSV_BYTES_MAX + 1, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
  }).single('file');

  router.post(SCORES_CSV_PATH, async (req: Request, res: Response) => {
    labelRoute(res, `POST ${SCORES_CSV_PATH}`);
    try {
      const ctx = await createContext(deps, req, res);
      // Maintenance, signed in, a temporary password, staff two-factor: as every procedure.
      await admitted(ctx, { access: EXPRESS_PATHS.scoresCsv.access }, 'scores.importCsv');
      if (!ctx.user || !ctx.actor) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
      const contestId = pathId(String(req.params.id ?? ''), 'Contest not found');
      if (!req.is('multipart/form-data')) {
        throw new AppError(
          'BAD_REQUEST',
          'Send the CSV file as multipart/form-data in the field "file"',
        );
      }
      await new Promise<void>((resolve, reject) =>
        upload(req, res, (error: unknown) => {
          if (!error) return resolve();
          reject(
            multipartRefusal(
              error,
              () => `The file is larger than ${CSV_BYTES_MAX / 1024 / 1024} MB`,
            ),
          );
        }),
      );
      if (!req.file) throw new AppError('BAD_REQUEST', 'No file was sent (field "file")');
      const text = new TextDecoder('utf-8', { fatal: true }).decode(req.file.buffer);
      const result = await importScoresCsv({ db: deps.db, actor: ctx.actor, contestId, text });
      res.status(200).json(result);
    } catch (error) {
      if (error instanceof TypeError && /encoded data/i.test(error.message)) {
        sendError(res, new AppError('BAD_REQUEST', 'The file is not UTF-8 text'), deps);
      } else if (error instanceof CsvScoresRefused) {
        // The refusal as every path answers it, with each refused line beside it.
        sendError(res, error, deps, { lines: error.lines });
      } else {
        sendError(res, error, deps);
      }
    }
  });
  return router;
}
