// Account mail whose sending must not show in the answer's time: a reset link, an unlock link.
// The look-up, the token and the mail run after the answer is written, for a known account and
// an unknown one alike: an answer that waited for them came back later when an account matched
// (measured for resets: p50 10.6 ms against 6.9 ms), telling who has an account.

// Work answered but not yet done.
const pending = new Set<Promise<void>>();
// While a test holds it, answered work waits here before it starts.
let hold: Promise<void> | undefined;

/**
 * Who hears of work done after the answer: `onQueued` that it queued a mail (to wake the sender),
 * `onError` a failure, since no request is left to carry it.
 */
export interface AfterAnswerHooks {
  onQueued?: () => void;
  onError: (error: unknown) => void;
}

/** Runs `work` once the current answer is out. */
export function afterAnswer(
  work: () => Promise<boolean>,
  { onQueued, onError }: AfterAnswerHooks,
): void {
  const held = hold;
  // setImmediate: after this request's answer is written. A microtask would run before it (a
  // SQLite query is synchronous), putting the look-up's time back into the answer.
  const done = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => held)
    .then(work)
    .then((queued) => {
      if (queued) onQueued?.();
    })
    .catch(onError)
    .finally(() => pending.delete(done));
  pending.add(done);
}

/**
 * Resolves once all work answered so far is done (its mail, if any, queued): what tests, and a
 * server shutting down, wait for instead of a fixed sleep.
 */
export async function accountMailSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/** Work answered and not yet done. */
export function pendingAccountMail(): number {
  return pending.size;
}

/**
 * Holds all work answered from now until the returned function is called: lets a test see that
 * the answer came first, for a known account as for an unknown one, without timing anything.
 */
export function holdAccountMail(): () => void {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  hold = gate;
  return () => {
    if (hold === gate) hold = undefined;
    release();
  };
}
