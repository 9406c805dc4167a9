// Keeps an open leaderboard current (issue 8: within two seconds of a score change, no reload):
// the server's event stream says "this contest's leaderboard changed" and its pages are read
// again. Returns the stream's state for the 'Live' mark.
import { useStaleOnEvent } from '../../lib/invalidation';
import { liveStateOf, type LiveState } from '../../lib/liveState';
import { trpc } from '../../lib/trpc';

export type { LiveState };

export function useLiveLeaderboard(contestId: number, enabled = true): LiveState {
  const onData = useStaleOnEvent('leaderboard.onChange', contestId);
  return liveStateOf(trpc.leaderboard.onChange.useSubscription({ contestId }, { enabled, onData }));
}
