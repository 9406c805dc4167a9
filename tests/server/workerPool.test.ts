// The worker pool (platform/workers): jobs answered off the main thread, each within a time and a
// memory limit; a job past either, a task that refuses its input, one that breaks and a worker
// that exits each fail with their reason, and the pool carries on with a fresh worker.
import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import {
  WorkerJobError,
  WorkerPool,
  type WorkerPoolOptions,
} from '../../src/server/platform/workers';

const ENTRY = fileURLToPath(new URL('../helpers/workerTasks.ts', import.meta.url));

let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

function makePool(options: Partial<WorkerPoolOptions> = {}): WorkerPool {
  pool = new WorkerPool({ entry: ENTRY, size: 2, timeoutMs: 20_000, memoryMb: 64, ...options });
  return pool;
}

/** The failure a job ended with. */
async function failure(job: Promise<unknown>): Promise<WorkerJobError> {
  const error = await job.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WorkerJobError);
  return error as WorkerJobError;
}

describe('WorkerPool', () => {
  it('answers jobs, no more at once than its workers', async () => {
    const p = makePool({ size: 2 });
    const jobs = Array.from({ length: 6 }, (_, i) => p.run<number>('double', i));
    expect(p.load()).toEqual({ running: 2, waiting: 4 });
    expect(await Promise.all(jobs)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(p.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('moves a transferred buffer to the worker instead of copying it', async () => {
    const p = makePool();
    const values = Float64Array.from([1.5, 2.5, 3]);
    const sum = p.run<number>('sum', values, { transfer: [values.buffer] });
    expect(values.byteLength).toBe(0);
    expect(await sum).toBe(7);
  });

  it('ends a job past its time limit, and the next job gets a fresh worker', async () => {
    const p = makePool({ size: 1, timeoutMs: 300 });
    const spun = failure(p.run('spin', null));
    // The main thread is free meanwhile: a timer set now fires while the job still spins.
    const order: string[] = [];
    const tick = new Promise<void>((resolve) =>
      setTimeout(() => {
        order.push('main thread');
        resolve();
      }, 10),
    );
    const error = await spun;
    order.push('job ended');
    await tick;
    expect(order).toEqual(['main thread', 'job ended']);
    expect(error.failure).toBe('timeout');
    expect(error.message).toMatch(/took longer than/);
    expect(await p.run('double', 21)).toBe(42);
  });

  it('ends a job past its memory limit', async () => {
    const p = makePool({ size: 1, memoryMb: 32 });
    const error = await failure(p.run('hog', null));
    expect(error.failure).toBe('memory');
    expect(error.message).toMatch(/ran out of memory \(limit 32 MB\)/);
    expect(await p.run('double', 2)).toBe(4);
  });

  it("tells a task's refusal from a bug, and a worker that exits", async () => {
    const p = makePool({ size: 1 });
    const refused = await failure(p.run('refuse', 'line 3: id 7 appears twice'));
    expect(refused).toMatchObject({ failure: 'failed', message: 'line 3: id 7 appears twice' });
    expect((await failure(p.run('crash', null))).failure).toBe('crashed');
    expect((await failure(p.run('nothing', null))).failure).toBe('crashed');
    const exited = await failure(p.run('exit', null));
    expect(exited.failure).toBe('crashed');
    expect(exited.message).toMatch(/exited \(code 3\)/);
    expect(await p.run('double', 5)).toBe(10);
  });

  it('refuses jobs beyond its queue, and every job once closed', async () => {
    const p = makePool({ size: 1, maxQueue: 1 });
    const running = failure(p.run('wait', 200));
    const waiting = failure(p.run('wait', 1));
    expect((await failure(p.run('wait', 1))).message).toMatch(/Too many jobs/);
    await p.close();
    expect((await waiting).failure).toBe('closed');
    expect((await running).failure).toBe('closed');
    expect((await failure(p.run('double', 1))).failure).toBe('closed');
  });
});
