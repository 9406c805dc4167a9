// Where the player is in their next match (issue 29, point 6), in words: 'My next match' on the
// dashboard and on the contest page says it from this one function, so a result waiting for the
// player's confirmation never reads 'Ready'. Written from the player's side: the opponent is
// named, the reported score is read from the reporter's side ('ash_ketch reported 2-1': 2 for
// ash_ketch), the way the reporter would say it.
import type { TMatch, TMatchSlot } from './schemas/tournaments';

/** What the state needs of a match (the match reads answer it all). */
export type NextMatchStateInput = Pick<TMatch, 'status' | 'participants' | 'report' | 'canReport'>;

function sideName(slot: TMatchSlot | null): string | null {
  return slot?.id === null || slot?.id === undefined ? null : (slot.name ?? null);
}

/** A pending report as its reporter would say it: '2-1', or who forfeits. */
function reportedResult(
  match: NextMatchStateInput,
  reported: NonNullable<TMatch['report']['reported']>,
  mine: number | null,
): string {
  if (reported.forfeit !== null) {
    return reported.forfeit === mine ? 'that you forfeit' : 'that they forfeit';
  }
  if (!reported.scores) return 'a result';
  const [a, b] = reported.scores;
  const reporterFirst = reported.by.id === match.participants[0]?.id;
  return reporterFirst ? `${a}-${b}` : `${b}-${a}`;
}

/**
 * The state of the caller's match in words, `side` being the caller's side (0 or 1):
 * 'Waiting for your confirmation: ash_ketch reported 2-1', 'Waiting for ash_ketch to confirm
 * your result', 'Disputed: a moderator decides', 'Ready: report the result when you have
 * played', 'Waiting for your opponent'.
 */
export function nextMatchState(match: NextMatchStateInput, side: number): string {
  const mine = match.participants[side === 0 ? 0 : 1]?.id ?? null;
  const opponent = sideName(match.participants[side === 0 ? 1 : 0]) ?? 'your opponent';
  const { state, reported } = match.report;
  if (match.status === 'completed') return 'Played: the result stands';
  if (state === 'disputed') return 'Disputed: a moderator decides';
  if (state === 'pending' && reported) {
    if (reported.by.id === mine) return `Waiting for ${opponent} to confirm your result`;
    return (
      `Waiting for your confirmation: ${reported.by.name} reported ` +
      reportedResult(match, reported, mine)
    );
  }
  if (match.status === 'waiting') return 'Waiting for your opponent';
  if (match.status === 'running') {
    return match.canReport
      ? 'Playing: report the result when you have played'
      : 'Playing: the organiser enters the result';
  }
  return match.canReport
    ? 'Ready: report the result when you have played'
    : `Ready: play ${opponent}; the organiser enters the result`;
}
