// Who the generate dialog seeds (tournaments.entrants: the participants, only the checked-in when
// check-in is on, best current score first), read when the organiser opens it.
import type { TBracket } from '../../../shared/schemas/tournaments';
import { trpc } from '../../lib/trpc';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import type { Entrant } from './SeedingOrderList';

export function useEntrants(
  contestId: number,
  bracket: TBracket,
  enabled: boolean,
): { ready: boolean; list: Entrant[] } {
  const entrants = trpc.tournaments.entrants.useQuery(
    { contestId },
    { enabled: enabled && bracket.isOrganiser, staleTime: 0, refetchOnMount: 'always' },
  );
  useLoadErrorToast(entrants.error, 'Error', 'Failed to load the participants');
  return { ready: Boolean(entrants.data), list: entrants.data ?? [] };
}
