// Work a transaction does once, last, just before its COMMIT, however many of its writes asked
// for it: the live channels' versions (platform/events.ts) are bumped there in one statement for
// the whole transaction. Last matters on PostgreSQL: a row written there (a contest's channel) is
// held from that statement to the COMMIT, so every other writer of it waits only for the commit,
// not for the rest of the transaction; and one statement is one round trip where there were one
// per write. Both engines' transactions run it (platform/db/client.ts), savepoints share their
// transaction's: what a savepoint asked for and then rolled back is still done (for the channels,
// one 'changed' too many, which only makes a viewer read again).
import type { DbOrTx } from './handles';

/** Where a transaction handle answers its work list (null between SQLite's transactions). */
export const COMMIT_WORK = Symbol('commitWork');

interface Work {
  state: unknown;
  finish: (tx: DbOrTx, state: unknown) => Promise<void>;
}

/** One transaction's list: by key, the state the writes gathered and what finishes it. */
export class CommitWork {
  private readonly work = new Map<object, Work>();

  stateOf<S>(key: object, start: () => S, finish: (tx: DbOrTx, state: S) => Promise<void>): S {
    let entry = this.work.get(key);
    if (!entry) {
      entry = { state: start(), finish: finish as Work['finish'] };
      this.work.set(key, entry);
    }
    return entry.state as S;
  }

  /** Runs the list in the order it was asked for (work added meanwhile runs too), then empties it. */
  async finish(tx: DbOrTx): Promise<void> {
    for (const [key, entry] of this.work) {
      this.work.delete(key);
      await entry.finish(tx, entry.state);
    }
  }
}

/**
 * The state of `key`'s work in the transaction `db` belongs to, started by `start` the first time
 * and finished by `finish` just before the COMMIT; null when `db` is no transaction (the caller
 * does its work now).
 */
export function beforeCommit<S>(
  db: DbOrTx,
  key: object,
  start: () => S,
  finish: (tx: DbOrTx, state: S) => Promise<void>,
): S | null {
  const current = (db as unknown as Record<symbol, (() => CommitWork | null) | undefined>)[
    COMMIT_WORK
  ];
  return current?.()?.stateOf(key, start, finish) ?? null;
}
