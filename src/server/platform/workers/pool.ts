// The one pool of worker threads (issue 31: scoring submissions off the request thread). Each
// job runs in a worker with a time limit and a memory limit: a job past its time has its worker
// terminated, one past its memory has it die (V8's heap limit, resourceLimits), one whose worker
// dies otherwise fails; each of these rejects with a WorkerJobError that says which, a fresh
// worker takes the slot, and the server's event loop never waits on the work itself. Workers
// start on first use and are kept for the next jobs; an idle worker does not hold the process.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { WorkerJobError, type AnswerMessage, type JobMessage, type ReadyMessage } from './types';

export interface WorkerPoolOptions {
  /** The worker entry module (it calls serveTasks); a .ts entry runs through tsx (dev, tests). */
  entry: string;
  /** How many jobs run at once (one worker each). */
  size: number;
  /** A job's time limit, from when its worker takes it. */
  timeoutMs: number;
  /** A job's worker's heap limit (V8's old generation). */
  memoryMb: number;
  /** Jobs waiting for a worker beyond this many are refused at once ('busy'). */
  maxQueue?: number;
}

export interface RunOptions {
  /** Buffers moved to the worker rather than copied (the caller no longer uses them). */
  transfer?: readonly ArrayBuffer[];
  /** This job's time limit, in place of the pool's. */
  timeoutMs?: number;
}

interface Pending {
  message: JobMessage;
  transfer: readonly ArrayBuffer[];
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (error: WorkerJobError) => void;
}

interface Slot {
  worker: Worker | null;
  /** Its entry has loaded (serveTasks said so): a job's time runs from then, not from the boot. */
  ready: boolean;
  job: Pending | null;
  timer: NodeJS.Timeout | null;
}

/** How long a fresh worker may take to load its entry, beyond the job's own time. */
const BOOT_MS = 30_000;

/**
 * A source entry (development, tests) is TypeScript: the worker first registers tsx's loader, as
 * `tsx` does for the server itself (Node 20 does not pass `--import` on to workers).
 */
function tsxBootstrap(entry: string): string {
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href;
  const mjs = api.replace(/\/index\.cjs$/, '/index.mjs');
  return `import(${JSON.stringify(mjs)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(entry).href)}); });`;
}

export class WorkerPool {
  private readonly slots: Slot[];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    if (options.size < 1) throw new Error('A worker pool needs at least one worker');
    this.slots = Array.from({ length: options.size }, () => ({
      worker: null,
      ready: false,
      job: null,
      timer: null,
    }));
  }

  /** Runs `task` of the entry on `input` in a worker; rejects with a WorkerJobError. */
  run<T>(task: string, input: unknown, { transfer = [], timeoutMs }: RunOptions = {}): Promise<T> {
    if (this.closed)
      return Promise.reject(new WorkerJobError('closed', 'The worker pool is closed'));
    if (this.options.maxQueue !== undefined && this.queue.length >= this.options.maxQueue) {
      return Promise.reject(new WorkerJobError('closed', 'Too many jobs are waiting'));
    }
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        message: { id: this.nextId++, task, input },
        transfer,
        timeoutMs: timeoutMs ?? this.options.timeoutMs,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.dispatch();
    });
  }

  /** Jobs running and waiting now. */
  load(): { running: number; waiting: number } {
    return { running: this.slots.filter((s) => s.job).length, waiting: this.queue.length };
  }

  /** Refuses the waiting jobs, fails the running ones and ends every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      job.reject(new WorkerJobError('closed', 'The worker pool was closed'));
    }
    await Promise.all(
      this.slots.map(async (slot) => {
        this.finish(slot, new WorkerJobError('closed', 'The worker pool was closed'));
        const worker = slot.worker;
        slot.worker = null;
        if (worker) await worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!this.queue.length) return;
      if (slot.job) continue;
      const job = this.queue.shift()!;
      const worker = slot.worker ?? this.start(slot);
      slot.job = job;
      worker.ref();
      // A worker still loading (tsx compiling its entry on a busy machine) is not the job's time.
      this.startTimer(slot, slot.ready ? job.timeoutMs : job.timeoutMs + BOOT_MS);
      worker.postMessage(job.message, [...job.transfer]);
    }
  }

  private start(slot: Slot): Worker {
    const { entry, memoryMb } = this.options;
    const source = entry.endsWith('.ts');
    const worker = new Worker(source ? tsxBootstrap(entry) : entry, {
      eval: source,
      resourceLimits: {
        maxOldGenerationSizeMb: memoryMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(memoryMb / 8))),
      },
    });
    worker.unref();
    worker.on('message', (answer: AnswerMessage | ReadyMessage) => {
      if ('ready' in answer) {
        if (slot.worker !== worker) return;
        slot.ready = true;
        if (slot.job) this.startTimer(slot, slot.job.timeoutMs);
        return;
      }
      const job = slot.job;
      if (slot.worker !== worker || !job || job.message.id !== answer.id) return;
      this.settle(slot);
      if (answer.ok) job.resolve(answer.value);
      else job.reject(new WorkerJobError(answer.expected ? 'failed' : 'crashed', answer.message));
      this.dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (slot.worker !== worker) return;
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.replace(
        slot,
        memory
          ? new WorkerJobError('memory', `The job ran out of memory (limit ${memoryMb} MB)`)
          : new WorkerJobError('crashed', `The worker stopped: ${error.message}`),
      );
    });
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return;
      this.replace(slot, new WorkerJobError('crashed', `The worker exited (code ${code})`));
    });
    slot.worker = worker;
    slot.ready = false;
    return worker;
  }

  private startTimer(slot: Slot, ms: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => this.timedOut(slot), ms);
  }

  private timedOut(slot: Slot): void {
    const job = slot.job;
    if (!job) return;
    const worker = slot.worker;
    this.replace(
      slot,
      new WorkerJobError(
        'timeout',
        `The job took longer than ${Math.round(job.timeoutMs / 1000)} s`,
      ),
    );
    void worker?.terminate();
  }

  /** The slot's worker is gone (or going): its job fails with `error` and the next job starts. */
  private replace(slot: Slot, error: WorkerJobError): void {
    slot.worker = null;
    this.finish(slot, error);
    if (!this.closed) this.dispatch();
  }

  private finish(slot: Slot, error: WorkerJobError): void {
    const job = slot.job;
    this.settle(slot);
    job?.reject(error);
  }

  private settle(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker?.unref();
  }
}
