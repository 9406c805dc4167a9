// The one runner of background jobs: each registered job runs a round at start (unless it says
// not to), then every `everyMs`, and soon after `wake()`; rounds of one job never overlap (a
// wake or a tick during a round runs one more round after it). A round that fails is logged and
// the job carries on at its next round: a database out of reach (an outage, a restart) is a
// warning, anything else an error; neither stops the loop or the process. `stop()` clears the
// timers and waits, for at most `waitMs`, for the rounds under way.
import type pino from 'pino';
import type { DB } from '../db/client';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Job } from './job';
import { runRound } from './lease';

export interface StopOptions {
  /**
   * The longest wait for a round under way (default: until it ends). A round stuck on a silent
   * peer (an SMTP server) must not hold a shutdown; its work is picked up again later.
   */
  waitMs?: number;
}

export interface JobHandle {
  readonly name: string;
  /** Runs a round soon (after work was queued), without waiting for the interval. */
  wake(): void;
  /** Resolves once no round of this job is under way. */
  idle(): Promise<void>;
  /** Stops this job's timer and waits for its round under way (see StopOptions). */
  stop(options?: StopOptions): Promise<void>;
}

export interface JobRunner {
  register<T>(job: Job<T>): JobHandle;
  /** Stops every job and waits for the rounds under way (of jobs stopped before too). */
  stop(options?: StopOptions): Promise<void>;
}

/** Waits for `done`, or `ms` at most (forever when undefined). */
async function atMost(done: Promise<void>, ms: number | undefined): Promise<void> {
  if (ms === undefined) return done;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    done,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

export function createJobRunner({ db, logger }: { db: DB; logger: pino.Logger }): JobRunner {
  // The jobs running, by name; and every job registered, stopped ones too, since the runner's
  // stop waits for a round a job's own stop left under way.
  const handles = new Map<string, JobHandle>();
  const registered = new Set<JobHandle>();

  /** A failed round's line; a log destination that is gone must not stop the job either. */
  const report = (name: string, error: unknown) => {
    try {
      if (isDatabaseUnavailable(error)) {
        logger.warn(
          { err: error, job: name },
          `${name}: the database is not answering; next round later`,
        );
      } else {
        logger.error({ err: error, job: name }, `${name} round failed`);
      }
    } catch {
      /* nowhere to log to: carry on */
    }
  };

  function register<T>(job: Job<T>): JobHandle {
    if (handles.has(job.name)) throw new Error(`A job named ${job.name} is already registered`);
    const stopping = new AbortController();
    let running: Promise<void> | undefined;
    let again = false;

    const round = () => {
      if (stopping.signal.aborted) return;
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        try {
          do {
            again = false;
            try {
              const outcome = await runRound(db, job, stopping.signal);
              if (outcome.ran) job.onDone?.(outcome.result);
            } catch (error) {
              report(job.name, error);
            }
          } while (again && !stopping.signal.aborted);
        } finally {
          running = undefined;
        }
      })();
    };

    const timer = setInterval(round, job.everyMs);
    timer.unref();
    const handle: JobHandle = {
      name: job.name,
      // setImmediate: a wake from inside a request (or a commit's callback) runs after it.
      wake: () => setImmediate(round),
      async idle() {
        while (running) await running;
      },
      async stop(options = {}) {
        stopping.abort();
        clearInterval(timer);
        if (handles.get(job.name) === handle) handles.delete(job.name);
        await atMost(handle.idle(), options.waitMs);
      },
    };
    handles.set(job.name, handle);
    registered.add(handle);
    if (job.atStart !== false) round();
    return handle;
  }

  return {
    register,
    async stop(options) {
      await Promise.all([...registered].map((handle) => handle.stop(options)));
    },
  };
}
