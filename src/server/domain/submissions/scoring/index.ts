// Scoring submissions (issue 31): the metric on a checked submission's public and private rows,
// and the worker tasks that read the files and score them off the server's thread.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export { metricInputOf } from './align';
export { scoreRows, type RowScores, type ScoreSettings } from './score';
export { perfectSubmission, keyProblems } from './keyCheck';
export type {
  KeySpec,
  KeyTaskInput,
  KeyTaskResult,
  SampleTaskInput,
  ScoreTaskInput,
  ScoreTaskResult,
} from './task';

const here = fileURLToPath(import.meta.url);

/**
 * The worker entry for a WorkerPool: this folder's worker.ts when running from source (tsx,
 * tests), or, from the bundle (scripts/build.mjs puts every server entry in dist/server, and this
 * module is then part of dist/server/index.js), the scoringWorker.js beside it.
 */
export const SCORING_WORKER_ENTRY = here.endsWith('.ts')
  ? path.join(path.dirname(here), 'worker.ts')
  : path.join(path.dirname(here), 'scoringWorker.js');
export type { FileProblem } from '../files';
