// Keeping the submissions current. The contest page's leaderboard already listens to the
// contest's live channel (leaderboard.onChange, announced when a submission is scored, all are
// re-scored or the board is published), and what that event makes stale includes the
// submissions' list, evaluation and boards (lib/invalidation/staleOnEvent.ts): a second
// subscription here would only open a second connection. The channel is open only to whoever may
// read the leaderboard, so a query whose answer still waits for a score (or a re-scoring) also
// asks again every 2 s, whatever the channel does.

export const PENDING_POLL_MS = 2000;

/** A refetchInterval: every 2 s while `pending` says the answer will still change. */
export function refetchWhilePending<T>(pending: (data: T | undefined) => boolean) {
  return (query: { state: { data: T | undefined } }) =>
    pending(query.state.data) ? PENDING_POLL_MS : false;
}
