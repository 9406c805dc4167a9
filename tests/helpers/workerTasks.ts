// A worker entry for the pool's tests (tests/server/workerPool.test.ts): tasks that answer, take
// too long, eat memory, refuse, break and exit.
import { serveTasks, TaskRefusal } from '../../src/server/platform/workers';

serveTasks({
  double: (n: number) => n * 2,
  sum: (values: Float64Array) => values.reduce((a, b) => a + b, 0),
  wait: (ms: number) => new Promise((resolve) => setTimeout(() => resolve(ms), ms)),
  spin: () => {
    for (;;) {
      // Never answers: the pool's time limit ends it.
    }
  },
  hog: () => {
    const kept: number[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i));
  },
  refuse: (message: string) => {
    throw new TaskRefusal(message);
  },
  crash: () => {
    throw new Error('a bug in the task');
  },
  exit: () => process.exit(3),
});
