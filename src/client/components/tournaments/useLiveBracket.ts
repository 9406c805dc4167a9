// Keeps an open bracket current (issue 19: live over the existing event stream): the server says
// "this contest's bracket changed" (a result, a confirmation, a regeneration) and the bracket,
// standings, matches and next match are read again.
import { useStaleOnEvent } from '../../lib/invalidation';
import { liveStateOf, type LiveState } from '../../lib/liveState';
import { trpc } from '../../lib/trpc';

export function useLiveBracket(contestId: number, enabled = true): LiveState {
  const onData = useStaleOnEvent('tournaments.bracketChanges', contestId);
  return liveStateOf(
    trpc.tournaments.bracketChanges.useSubscription({ contestId }, { enabled, onData }),
  );
}
