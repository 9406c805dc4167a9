// The file paths of submission contests (issue 31), beside the REST table because they carry
// files: PUT /api/contests/:id/evaluation (multipart `settings` JSON with an optional `key` and
// `sample` file, or plain JSON settings), POST /api/contests/:id/submissions (multipart `file`
// and an optional `description`), and the downloads: a member's own file
// (GET /api/submissions/:id/file) and the sample (GET /api/contests/:id/evaluation/sample).
// Refusals answer as every path does; a file's lines and a limit's reset are also at the top of
// the body ({ lines, total }, { resetsAt }), as REST's table promises.
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import express, { type Request, type Response, type Router } from 'express';
import multer from 'multer';
import type { AppDeps } from '../trpc/context';
import { sendError } from './errorResponse';
import { admittedCaller, readMultipart } from './multipartPath';
import { EXPRESS_PATHS } from './expressPaths';
import { contentDisposition } from './uploads';
import { pathId } from './pathId';
import { AppError } from '../platform/errors';
import { labelRoute } from '../platform/metrics';
import * as submissions from '../domain/submissions';
import {
  DESCRIPTION_MAX,
  MAX_FILE_MB,
  ZDescription,
  ZEvaluationSettings,
} from '../../shared/schemas/submissions';
import { SUBMISSION_MESSAGES as M } from '../../shared/submissions';

const MB = 1024 * 1024;

/** The refusal with what its details say at the top of the body too. */
function refuse(res: Response, error: unknown, deps: AppDeps) {
  const details = error instanceof AppError ? error.details : undefined;
  sendError(res, error, deps, details ? { ...details } : undefined);
}

function settingsFrom(body: Record<string, unknown>): unknown {
  const raw = body.settings;
  if (typeof raw !== 'string') return raw ?? body;
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('BAD_REQUEST', 'The field "settings" is not valid JSON');
  }
}

function parsed<T>(
  schema: {
    safeParse: (
      v: unknown,
    ) =>
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.');
  throw new AppError('BAD_REQUEST', field ? `${field}: ${issue.message}` : issue.message, {
    details: { field },
  });
}

/** Sends a stored gzip file as the CSV it holds (or as sent, when it was sent as .csv.gz). */
async function sendCsv(res: Response, file: string, name: string) {
  const gz = /\.gz$/i.test(name);
  res.setHeader('Content-Type', gz ? 'application/gzip' : 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', contentDisposition('attachment', name));
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const source = fs.createReadStream(file);
  await (gz ? pipeline(source, res) : pipeline(source, createGunzip(), res));
}

export function createSubmissionFilesRouter(deps: AppDeps): Router {
  const router = express.Router();
  const evaluationUpload = multer({
    storage: multer.memoryStorage(),
    defParamCharset: 'utf8',
    limits: { fileSize: MAX_FILE_MB * MB + 1, files: 2, fields: 2, fieldSize: 64 * 1024, parts: 5 },
  }).fields([
    { name: 'key', maxCount: 1 },
    { name: 'sample', maxCount: 1 },
  ]);
  const submissionUpload = multer({
    storage: multer.memoryStorage(),
    defParamCharset: 'utf8',
    limits: {
      fileSize: MAX_FILE_MB * MB + 1,
      files: 1,
      fields: 1,
      fieldSize: DESCRIPTION_MAX * 4,
      parts: 3,
    },
  }).single('file');

  const { evaluationSet, submissionCreate, submissionFile, evaluationSample } = EXPRESS_PATHS;

  router.put(evaluationSet.path, express.json({ limit: '64kb' }), async (req, res) => {
    labelRoute(res, `PUT ${evaluationSet.path}`);
    try {
      const actor = await admittedCaller(
        deps,
        req,
        res,
        evaluationSet.access,
        'submissions.setEvaluation',
      );
      const contestId = pathId(String(req.params.id ?? ''), 'Contest not found');
      let key: submissions.SentFile | undefined;
      let sample: submissions.SentFile | undefined;
      if (req.is('multipart/form-data')) {
        await readMultipart(req, res, evaluationUpload, 'the answer key', () =>
          M.tooLarge(MAX_FILE_MB),
        );
        const files = (req.files ?? {}) as Record<string, Express.Multer.File[] | undefined>;
        const keyFile = files.key?.[0];
        const sampleFile = files.sample?.[0];
        if (keyFile) key = { bytes: keyFile.buffer, name: keyFile.originalname };
        if (sampleFile) sample = { bytes: sampleFile.buffer, name: sampleFile.originalname };
      } else if (!req.is('application/json')) {
        throw new AppError('BAD_REQUEST', 'Send the settings as JSON, or multipart with a key');
      }
      const settings = parsed(ZEvaluationSettings, settingsFrom(req.body ?? {}));
      await submissions.saveEvaluation(deps, actor, { contestId, settings, key, sample });
      res.status(200).json(await submissions.readEvaluationView(deps.db, actor, { contestId }));
    } catch (error) {
      refuse(res, error, deps);
    }
  });

  router.post(submissionCreate.path, async (req: Request, res: Response) => {
    labelRoute(res, `POST ${submissionCreate.path}`);
    try {
      const actor = await admittedCaller(
        deps,
        req,
        res,
        submissionCreate.access,
        'submissions.create',
      );
      const contestId = pathId(String(req.params.id ?? ''), 'Contest not found');
      // Refused before a byte is read: not a participant, not running, no key, a limit reached.
      const admitted = await submissions.admitSubmission(deps.db, actor, contestId);
      await readMultipart(req, res, submissionUpload, 'the submission', () =>
        M.tooLarge(admitted.evaluation.maxFileMb),
      );
      if (!req.file) throw new AppError('BAD_REQUEST', M.noFile);
      const description = parsed(ZDescription, (req.body ?? {}).description || undefined);
      const id = await submissions.submitFile(
        deps,
        actor,
        { contestId, file: { bytes: req.file.buffer, name: req.file.originalname }, description },
        admitted,
      );
      res.status(201).json((await submissions.readSubmission(deps.db, actor, id)).view);
    } catch (error) {
      refuse(res, error, deps);
    }
  });

  router.get(submissionFile.path, async (req, res) => {
    labelRoute(res, `GET ${submissionFile.path}`);
    try {
      const actor = await admittedCaller(deps, req, res, submissionFile.access, 'submissions.get');
      const id = pathId(String(req.params.id ?? ''), M.notFound);
      const { view, storedFile } = await submissions.readSubmission(deps.db, actor, id);
      await sendCsv(res, submissions.privatePath(deps.privateDir, storedFile), view.fileName);
    } catch (error) {
      if (!res.headersSent) refuse(res, error, deps);
      else res.destroy();
    }
  });

  router.get(evaluationSample.path, async (req, res) => {
    labelRoute(res, `GET ${evaluationSample.path}`);
    try {
      const actor = await admittedCaller(
        deps,
        req,
        res,
        evaluationSample.access,
        'submissions.evaluation',
      );
      const contestId = pathId(String(req.params.id ?? ''), 'Contest not found');
      const sample = await submissions.sampleFileOf(deps, actor, contestId);
      await sendCsv(res, sample.path, sample.name);
    } catch (error) {
      if (!res.headersSent) refuse(res, error, deps);
      else res.destroy();
    }
  });
  return router;
}
