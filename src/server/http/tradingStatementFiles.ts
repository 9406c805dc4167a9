// A trader's statement upload (issue 34), beside the REST table because it carries a file:
// POST /api/contests/:id/statements (multipart `file`, at most 20 MB) answers 201 with the
// statement as every read shows it. Refused before a byte is read when the caller may not send
// one (not a participant, not a trading contest, before the start, results confirmed).
import express, { type Request, type Response, type Router } from 'express';
import multer from 'multer';
import type { AppDeps } from '../trpc/context';
import { sendError } from './errorResponse';
import { admittedCaller, readMultipart } from './multipartPath';
import { EXPRESS_PATHS } from './expressPaths';
import { pathId } from './pathId';
import { AppError } from '../platform/errors';
import { labelRoute } from '../platform/metrics';
import * as trading from '../domain/trading';
import { STATEMENT_MESSAGES as M } from '../../shared/schemas/tradingStatements';

const MAX_MB = trading.MAX_STATEMENT_BYTES / 1024 / 1024;

export function createStatementFilesRouter(deps: AppDeps): Router {
  const router = express.Router();
  const upload = multer({
    storage: multer.memoryStorage(),
    defParamCharset: 'utf8',
    // One byte over, so a file of exactly the limit passes and a larger one is a 413.
    limits: { fileSize: trading.MAX_STATEMENT_BYTES + 1, files: 1, fields: 0, parts: 1 },
  }).single('file');
  const { statementUpload } = EXPRESS_PATHS;

  router.post(statementUpload.path, async (req: Request, res: Response) => {
    labelRoute(res, `POST ${statementUpload.path}`);
    try {
      const actor = await admittedCaller(deps, req, res, statementUpload.access, 'trading.upload');
      const contestId = pathId(String(req.params.id ?? ''), 'Contest not found');
      const admitted = await trading.admitStatement(deps.db, actor, contestId);
      await readMultipart(req, res, upload, 'the statement', () => M.tooLarge(MAX_MB));
      if (!req.file) throw new AppError('BAD_REQUEST', M.noFile);
      const file = { bytes: req.file.buffer, name: req.file.originalname };
      const id = await trading.uploadStatement(deps, actor, { contestId, file }, admitted);
      res.status(201).json(await trading.statementView(deps.db, actor, id));
    } catch (error) {
      sendError(res, error, deps);
    }
  });
  return router;
}
