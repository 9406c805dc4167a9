// Keeps the submissions, the evaluation's counts and the boards current: the contest's live
// channel (leaderboard.onChange, announced when a submission is scored, re-scored or the board
// published) marks them stale (lib/invalidation/staleOnEvent.ts). The channel is open only to
// whoever may read the contest's leaderboard, so a query whose answer still waits for a score
// also asks again every 2 s (refetchWhilePending) whatever the channel does.
import { useStaleOnEvent } from '../../lib/invalidation';
import { trpc } from '../../lib/trpc';

export const PENDING_POLL_MS = 2000;

export function useSubmissionsLive(contestId: number, enabled: boolean): void {
  const onData = useStaleOnEvent('leaderboard.onChange', contestId);
  trpc.leaderboard.onChange.useSubscription({ contestId }, { enabled, onData });
}

/** A refetchInterval: every 2 s while `pending` says the answer will still change. */
export function refetchWhilePending<T>(pending: (data: T | undefined) => boolean) {
  return (query: { state: { data: T | undefined } }) =>
    pending(query.state.data) ? PENDING_POLL_MS : false;
}
