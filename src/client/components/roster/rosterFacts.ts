// What the organiser's toolbar and player list decide by: whether check-in is on and whether the
// contest has started. The list's own answer says it once read; before that (the list is read
// only when opened) the contest's settings and start date say the same.
import type { TContest } from '../../../shared/schemas/contests';
import type { TRoster } from '../../../shared/schemas/roster';
import { hasBracket } from '../../../shared/tournaments';

export interface RosterFacts {
  /** Check-in is on (a bracket contest with a check-in window). */
  checkIn: boolean;
  /** The start has passed or 'Start now' was used: remove is over, disqualify begins. */
  started: boolean;
}

export function rosterFacts(
  contest: Pick<TContest, 'format' | 'tournament' | 'startDate'>,
  roster?: Pick<TRoster, 'checkIn' | 'started'>,
  now = Date.now(),
): RosterFacts {
  return {
    checkIn:
      roster?.checkIn ?? (hasBracket(contest.format) && contest.tournament.checkInMinutes > 0),
    started: roster?.started ?? (contest.startDate !== null && contest.startDate.getTime() <= now),
  };
}

/** '1 player', '3 players'. */
export function playersText(count: number): string {
  return `${count} ${count === 1 ? 'player' : 'players'}`;
}
