// What a background job is: a name, how often its round runs, what a round does, and whether
// one server of all runs each round (a lease). Areas describe their jobs with this; the runner
// (runner.ts) runs them, and `runOnce` (lease.ts) runs one round as the runner would.
import type { ADVISORY_LOCKS } from '../db/postgres';

/** A job whose rounds one server of all runs takes one of these (a key of ADVISORY_LOCKS). */
export type LeaseName = Exclude<keyof typeof ADVISORY_LOCKS, 'migrate' | 'serving' | 'seed'>;

export interface Job<T = unknown> {
  /** Unique within a runner; named in its log lines. */
  name: string;
  /** Time between rounds (a round that overruns it is followed at once by the next). */
  everyMs: number;
  /**
   * One server at a time, at most once per `everyMs` across all servers (see lease.ts). Without
   * it, every server runs every round (work that claims its own rows, like the mail sender).
   */
  lease?: LeaseName;
  /** A round when the job is registered, before the first interval (default true). */
  atStart?: boolean;
  /** One round. `signal` aborts when the runner stops: a round that loops should end then. */
  run: (signal: AbortSignal) => Promise<T>;
  /** Heard after each round this server ran (not one the lease gave to another server). */
  onDone?: (result: T) => void;
}
