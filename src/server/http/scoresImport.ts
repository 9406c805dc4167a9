// POST /api/contests/:id/scores/csv (multipart, field 'file'): a CSV of username,score lines
// applied in one request and one transaction, all or nothing (importScoresCsv). A file with bad
// lines answers 400 with each of them ({ line, username, reason, message }) and stores nothing.
import express, { type Request, type Response, type Router } from 'express';
import multer from 'multer';
import { CSV_BYTES_MAX } from '../../shared/leaderboard';
import type { AppDeps } from '../trpc/context';
import { sendError } from './errorResponse';
import { admittedCaller, readMultipart } from './multipartPath';
import { EXPRESS_PATHS } from './expressPaths';
import { pathId } from './pathId';
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
      const actor = await admittedCaller(
        deps,
        req,
        res,
        EXPRESS_PATHS.scoresCsv.access,
        'scores.importCsv',
      );
      const contestId = pathId(String(req.params.id ?? ''), 'Contest not found');
      await readMultipart(
        req,
        res,
        upload,
        'the CSV file',
        () => `The file is larger than ${CSV_BYTES_MAX / 1024 / 1024} MB`,
      );
      if (!req.file) throw new AppError('BAD_REQUEST', 'No file was sent (field "file")');
      const text = new TextDecoder('utf-8', { fatal: true }).decode(req.file.buffer);
      const result = await importScoresCsv({ db: deps.db, actor, contestId, text });
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
