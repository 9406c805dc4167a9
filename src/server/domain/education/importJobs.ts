// WordPress imports run as background jobs: starting one is a POST (a GET never changes state)
// that answers at once with a job id; the admin's screen asks for the job's progress until it
// ends, and the import goes on if they leave the page. The job runs on the app server that
// started it, and its progress is kept in the import_jobs table, so the progress poll may land on
// any server. One import runs at a time across all servers (a unique index on the running row);
// a job whose server died stops counting as running once its heartbeat is old.
import crypto from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type pino from 'pino';
import type { DB } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/dialect';
import { importJobs } from '../../platform/db/schema';
import { createJobRunner } from '../../platform/jobs';
import { ZImportProgressSchema, type TImportJob } from '../../../shared/schemas/education';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import {
  assertImportableSite,
  emptyImportProgress,
  ImportFailedError,
  importWordPress,
} from './wordpressImport';

const ALREADY_RUNNING = 'An import is already running. Wait for it to finish.';
/** Finished jobs are kept this long for the screen that started them. */
const KEEP_MS = 60 * 60 * 1000;
/** A running job's server writes this often; one silent for STALE_MS has died. */
const HEARTBEAT_MS = 15_000;
const STALE_MS = 2 * 60 * 1000;

/** The imports this server runs, for the tests and the CLI to wait on. */
const local = new Map<string, Promise<void>>();

type JobRow = typeof importJobs.$inferSelect;

function publicView(row: JobRow): TImportJob {
  const parsed = ZImportProgressSchema.safeParse(JSON.parse(row.progress));
  return {
    jobId: row.id,
    siteUrl: row.siteUrl,
    status: row.status,
    message: row.message,
    progress: parsed.success ? parsed.data : emptyImportProgress(),
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}

/** Ends jobs whose server stopped beating, and forgets finished ones past their keep. */
async function tidy(db: DB, now: Date): Promise<void> {
  await db
    .update(importJobs)
    .set({
      status: 'failed',
      message: 'The import stopped: the server running it went away',
      finishedAt: now,
    })
    .where(
      and(
        eq(importJobs.status, 'running'),
        lt(importJobs.heartbeatAt, new Date(now.getTime() - STALE_MS)),
      ),
    );
  await db.delete(importJobs).where(lt(importJobs.finishedAt, new Date(now.getTime() - KEEP_MS)));
}

async function isRunning(db: DB): Promise<boolean> {
  const [row] = await db
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(eq(importJobs.status, 'running'))
    .limit(1);
  return row !== undefined;
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
  const now = new Date();
  await tidy(db, now);
  if (await isRunning(db)) throw new AppError('CONFLICT', ALREADY_RUNNING);
  // A refused address is told now, as a 400, rather than as a job that fails.
  await assertImportableSite(siteUrl, allowPrivate);
  const jobId = crypto.randomUUID();
  let row: JobRow;
  try {
    [row] = (await db
      .insert(importJobs)
      .values({
        id: jobId,
        siteUrl,
        status: 'running',
        message: null,
        progress: JSON.stringify(emptyImportProgress()),
        startedAt: now,
        finishedAt: null,
        heartbeatAt: now,
      })
      .returning()) as [JobRow];
  } catch (error) {
    // Another server (or request) started one in between: the index lets one run.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', ALREADY_RUNNING);
    throw error;
  }

  let progress = emptyImportProgress();
  const save = (values: Partial<JobRow>) =>
    db
      .update(importJobs)
      .set({ ...values, heartbeatAt: new Date() })
      .where(eq(importJobs.id, jobId));
  // Progress is written as pages arrive; a beat keeps a slow page from looking dead. The beat is
  // a job of its own runner for the import's length (every server beats for its own import, so
  // no lease); a beat that fails is logged and the next one tried.
  const beat = createJobRunner({ db, logger }).register({
    name: `education import ${jobId} heartbeat`,
    everyMs: HEARTBEAT_MS,
    atStart: false,
    run: () => save({}),
  });
  let writing: Promise<unknown> = Promise.resolve();

  const done = importWordPress({
    db,
    actor,
    uploadDir,
    siteUrl,
    allowPrivate,
    timeoutMs,
    onProgress: (next) => {
      progress = next;
      writing = writing.then(() => save({ progress: JSON.stringify(next) })).catch(() => undefined);
    },
  })
    .then((final) => ({ status: 'done' as const, progress: final, message: null }))
    .catch((error: unknown) => {
      if (error instanceof ImportFailedError) {
        if (error.unexpected) {
          logger.error({ err: error.cause ?? error, siteUrl }, 'education import failed');
        }
        return { status: 'failed' as const, progress: error.progress, message: error.message };
      }
      if (!(error instanceof AppError)) {
        logger.error({ err: error, siteUrl }, 'education import failed');
      }
      const message =
        error instanceof AppError
          ? error.message
          : 'The import stopped because of an unexpected error on the server';
      return { status: 'failed' as const, progress, message };
    })
    .then(async (end) => {
      await beat.stop();
      await writing;
      await save({
        status: end.status,
        message: end.message,
        progress: JSON.stringify(end.progress),
        finishedAt: new Date(),
      });
    })
    .catch((error: unknown) => {
      logger.error({ err: error, jobId }, 'could not record the end of an education import');
    })
    .finally(() => local.delete(jobId));
  local.set(jobId, done);
  return publicView(row);
}

/** A job of this database; another database's job (another test, another app) is not found. */
export async function getImportJob({ db, jobId }: { db: DB; jobId: string }): Promise<TImportJob> {
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, jobId));
  if (!row) throw new AppError('NOT_FOUND', 'Import not found');
  return publicView(row);
}

/** Resolves when a job this server runs has ended and its end is recorded (tests, the CLI). */
export async function importJobDone(jobId: string): Promise<void> {
  await local.get(jobId);
}
