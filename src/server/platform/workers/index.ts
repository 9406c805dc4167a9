// Worker threads (issue 31): the one pool that runs heavy work (scoring) off the request thread,
// with a time and memory limit per job, and what a worker entry calls to serve its tasks.
export { WorkerPool, type WorkerPoolOptions, type RunOptions } from './pool';
export { serveTasks } from './serve';
export { WorkerJobError, TaskRefusal, type WorkerFailure, type WorkerTasks } from './types';
