// The statement worker's entry: the pool (parsePool.ts) runs it in a worker thread, from source
// through tsx in development and tests, as dist/server/statementWorker.js in the build.
import { serveTasks } from '../../../platform/workers';
import { parseTask, scoreTask } from './task';

serveTasks({ parse: parseTask, score: scoreTask });
