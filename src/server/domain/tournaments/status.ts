// brackets-manager's match statuses (shared/tournaments.ts: the numbers the match table stores)
// and how they read in our vocabulary.
import {
  MATCH_STATUS,
  PLAYABLE_MATCH_STATUSES,
  type MatchStatus,
} from '../../../shared/tournaments';

export { MATCH_STATUS };

/** Locked and waiting both read as waiting; archived (a later match started) as completed. */
export function matchStatusOf(status: number): MatchStatus {
  if (status >= MATCH_STATUS.Completed) return 'completed';
  if (status === MATCH_STATUS.Running) return 'running';
  if (status === MATCH_STATUS.Ready) return 'ready';
  return 'waiting';
}

/** Whether a match can take a result now (both participants known, not yet completed). */
export function isPlayable(status: number): boolean {
  return (PLAYABLE_MATCH_STATUSES as readonly number[]).includes(status);
}
