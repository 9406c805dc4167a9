// This server's scoring workers (issue 31): one WorkerPool of the scoring entry, made on first
// use. A job past its time or memory fails with the reason (WorkerJobError), never blocks the
// event loop, and a job waiting behind too many others is left to the scoring job (queued).
import os from 'node:os';
import { WorkerPool } from '../../platform/workers';
import {
  SCORING_WORKER_ENTRY,
  type KeyTaskInput,
  type KeyTaskResult,
  type SampleTaskInput,
  type ScoreTaskInput,
  type ScoreTaskResult,
} from './scoring';

/** A job's time limit: a 1,000,000-row file scores in about a second here. */
export const SCORING_TIMEOUT_MS = 120_000;
/** A job's heap limit (the issue asks under 500 MB for a million rows; V8's own use on top). */
export const SCORING_MEMORY_MB = 1024;

let pool: WorkerPool | null = null;

function scoringPool(): WorkerPool {
  pool ??= new WorkerPool({
    entry: SCORING_WORKER_ENTRY,
    // One core stays with the requests.
    size: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
    timeoutMs: SCORING_TIMEOUT_MS,
    memoryMb: SCORING_MEMORY_MB,
    maxQueue: 100,
  });
  return pool;
}

export const scoreInWorker = (input: ScoreTaskInput) =>
  scoringPool().run<ScoreTaskResult>('score', input);

export const readKeyInWorker = (input: KeyTaskInput) =>
  scoringPool().run<KeyTaskResult>('readKey', input);

export const sampleInWorker = (input: SampleTaskInput) =>
  scoringPool().run<{ rows: number }>('sample', input);

/** Jobs running and waiting on this server's pool. */
export const scoringLoad = () => pool?.load() ?? { running: 0, waiting: 0 };

/** Ends the workers (tests, shutdown). */
export async function closeScoringPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.close();
}
