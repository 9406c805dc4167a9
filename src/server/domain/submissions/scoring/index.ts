// Scoring submissions (issue 31): the worker entry's path and its tasks' shapes. The entry runs
// from src (tsx: worker.ts) or from the built server (dist/server: scoring-worker.js, built by
// scripts/build.mjs beside the server bundle).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type {
  KeySpec,
  KeyTaskInput,
  KeyTaskResult,
  SampleTaskInput,
  ScoreTaskInput,
  ScoreTaskResult,
} from './task';
export type { FileProblem } from '../files';

const here = path.dirname(fileURLToPath(import.meta.url));

/** worker.ts beside this file (source), or the bundle's scoring-worker.js beside the server's. */
export const SCORING_WORKER_ENTRY = fs.existsSync(path.join(here, 'worker.ts'))
  ? path.join(here, 'worker.ts')
  : path.join(here, 'scoring-worker.js');
