// Keeps an open bracket current (issue 19: live over the existing event stream): the server says
// "this contest's bracket changed" (a result, a confirmation, a regeneration) and the bracket,
// standings, matches and next match are read again.
import { useStaleOnEvent } from '../../lib/invalidation';
import { trpc } from '../../lib/trpc';
import type { LiveState } from '../leaderboard/useLiveLeaderboard';

export function useLiveBracket(contestId: number, enabled = true): LiveState {
  const onData = useStaleOnEvent('tournaments.bracketChanges', contestId);
  const subscription = trpc.tournaments.bracketChanges.useSubscription(
    { contestId },
    { enabled, onData },
  );
  if (subscription.status === 'pending') return 'live';
  if (subscription.status === 'error') return 'offline';
  return 'connecting';
}
