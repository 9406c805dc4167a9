// WordPress imports run as background jobs: starting one is a POST (a GET never changes state)
// that answers at once with a job id; the admin's screen asks for the job's progress until it
// ends, and the import goes on if they leave the page. Jobs live in this process's memory (one
// server process, one SQLite file): a restart forgets them, while what they imported stays.
import crypto from 'node:crypto';
import type pino from 'pino';
import type { DB } from '../../platform/db/client';
import type { TImportJob, TImportProgress } from '../../../shared/schemas/education';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { assertImportableSite, ImportFailedError, importWordPress } from './wordpressImport';

interface Job extends TImportJob {
  db: DB;
  done: Promise<void>;
}

const jobs = new Map<string, Job>();
/** One import at a time per database: two at once would race for the same posts. */
const running = new WeakMap<DB, string>();
/** Finished jobs are kept this long for the screen that started them. */
const KEEP_MS = 60 * 60 * 1000;
const MAX_KEPT = 50;

function forgetOld(now: number) {
  for (const [id, job] of jobs) {
    const old = job.finishedAt && now - job.finishedAt.getTime() > KEEP_MS;
    if (old || (job.finishedAt && jobs.size > MAX_KEPT)) jobs.delete(id);
  }
}

const emptyProgress = (): TImportProgress => ({
  page: 0,
  totalPages: 0,
  added: 0,
  updated: 0,
  unchanged: 0,
  refused: 0,
  refusals: [],
});

function publicView(job: Job): TImportJob {
  const { db: _db, done: _done, ...view } = job;
  return { ...view, progress: { ...view.progress, refusals: [...view.progress.refusals] } };
}

export async function startImport({
  db,
  actor,
  uploadDir,
  siteUrl,
  allowPrivate,
  logger,
  timeoutMs,
}: {
  db: DB;
  actor: Actor;
  uploadDir: string;
  siteUrl: string;
  allowPrivate: boolean;
  logger: pino.Logger;
  timeoutMs?: number;
}): Promise<TImportJob> {
  if (running.has(db)) {
    throw new AppError('CONFLICT', 'An import is already running. Wait for it to finish.');
  }
  // A refused address is told now, as a 400, rather than as a job that fails.
  await assertImportableSite(siteUrl, allowPrivate);
  if (running.has(db)) {
    throw new AppError('CONFLICT', 'An import is already running. Wait for it to finish.');
  }
  forgetOld(Date.now());
  const jobId = crypto.randomUUID();
  const job = {
    jobId,
    siteUrl,
    status: 'running',
    message: null,
    progress: emptyProgress(),
    startedAt: new Date(),
    finishedAt: null,
    db,
  } as Omit<Job, 'done'> as Job;
  running.set(db, jobId);
  jobs.set(jobId, job);
  job.done = importWordPress({
    db,
    actor,
    uploadDir,
    siteUrl,
    allowPrivate,
    timeoutMs,
    onProgress: (progress) => {
      job.progress = progress;
    },
  })
    .then((progress) => {
      job.progress = progress;
      job.status = 'done';
    })
    .catch((error: unknown) => {
      job.status = 'failed';
      if (error instanceof ImportFailedError) {
        job.progress = error.progress;
        job.message = error.message;
        if (error.unexpected) {
          logger.error({ err: error.cause ?? error, siteUrl }, 'education import failed');
        }
      } else {
        job.message =
          error instanceof AppError
            ? error.message
            : 'The import stopped because of an unexpected error on the server';
        if (!(error instanceof AppError)) {
          logger.error({ err: error, siteUrl }, 'education import failed');
        }
      }
    })
    .finally(() => {
      job.finishedAt = new Date();
      running.delete(db);
    });
  return publicView(job);
}

/** A job of this database; another database's job (another test, another app) is not found. */
export function getImportJob({ db, jobId }: { db: DB; jobId: string }): TImportJob {
  const job = jobs.get(jobId);
  if (!job || job.db !== db) throw new AppError('NOT_FOUND', 'Import not found');
  return publicView(job);
}

/** Resolves when the job has ended (tests, the CLI). */
export async function importJobDone(jobId: string): Promise<void> {
  await jobs.get(jobId)?.done;
}
