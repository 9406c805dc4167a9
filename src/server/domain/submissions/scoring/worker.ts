// The scoring worker's entry: the pool (platform/workers) runs it in a worker thread, from source
// through tsx in development and tests, as dist/server/scoringWorker.js in the build.
import { serveTasks } from '../../../platform/workers';
import { readKey, sample, score } from './task';

serveTasks({ score, readKey, sample });
