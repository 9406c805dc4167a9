// brackets-manager's match statuses (its Status enum, kept here as numbers: they are what the
// match table stores) and how they read in our vocabulary.
import type { MatchStatus } from '../../../shared/tournaments';

export const MATCH_STATUS = {
  Locked: 0,
  Waiting: 1,
  Ready: 2,
  Running: 3,
  Completed: 4,
  Archived: 5,
} as const;

/** Locked and waiting both read as waiting; archived (a later match started) as completed. */
export function matchStatusOf(status: number): MatchStatus {
  if (status >= MATCH_STATUS.Completed) return 'completed';
  if (status === MATCH_STATUS.Running) return 'running';
  if (status === MATCH_STATUS.Ready) return 'ready';
  return 'waiting';
}

/** Whether a match can take a result now (both participants known, not yet completed). */
export function isPlayable(status: number): boolean {
  return status === MATCH_STATUS.Ready || status === MATCH_STATUS.Running;
}
