// Words for the bracket screens: a side's name (BYE, TBD), a match read out as a sentence
// ('Alice 2 – 1 Bob, Alice won'), places as ordinals. Colour never carries the winner alone:
// every screen says it in these words too.
import { MATCH_STATUS_LABELS, isByeMatch } from '../../../shared/tournaments';
import type { TMatch, TMatchSlot } from '../../../shared/schemas/tournaments';

export const BYE = 'BYE';
export const TBD = 'TBD';

/** A side's name: a BYE (no opponent), a place still to be decided, or the participant. */
export function slotName(slot: TMatchSlot | null): string {
  if (slot === null) return BYE;
  if (slot.id === null) return TBD;
  return slot.name ?? TBD;
}

/** Which side won (0 or 1), or null (not played, a draw). */
export function winnerSide(match: Pick<TMatch, 'participants'>): 0 | 1 | null {
  const [a, b] = match.participants;
  if (a?.result === 'win') return 0;
  if (b?.result === 'win') return 1;
  return null;
}

export function isDraw(match: Pick<TMatch, 'participants'>): boolean {
  const [a, b] = match.participants;
  return a?.result === 'draw' && b?.result === 'draw';
}

/** A match with a BYE on one side: the other side goes through without playing. */
export function isBye(match: Pick<TMatch, 'participants'>): boolean {
  return isByeMatch(match.participants);
}

function scoreText(slot: TMatchSlot | null): string {
  return slot?.score === null || slot?.score === undefined ? '' : String(slot.score);
}

/** The score line of a match: 'Alice 2 – 1 Bob', or 'Alice vs Bob' before a result. */
export function scoreLine(match: Pick<TMatch, 'participants'>): string {
  const [a, b] = match.participants;
  const left = scoreText(a);
  const right = scoreText(b);
  if (left !== '' && right !== '') {
    return `${slotName(a)} ${left} – ${right} ${slotName(b)}`;
  }
  return `${slotName(a)} vs ${slotName(b)}`;
}

/** The whole match as one sentence, for screen readers and for the lists. */
export function matchSummary(match: Pick<TMatch, 'participants' | 'status'>): string {
  const [a, b] = match.participants;
  if (isBye(match)) {
    const player = a ?? b;
    return `${slotName(player)} has a bye`;
  }
  const winner = winnerSide(match);
  const forfeiter = a?.forfeit ? a : b?.forfeit ? b : null;
  const parts = [scoreLine(match)];
  if (forfeiter) parts.push(`${slotName(forfeiter)} forfeited`);
  if (winner !== null) parts.push(`${slotName(match.participants[winner])} won`);
  else if (isDraw(match)) parts.push('draw');
  else parts.push(MATCH_STATUS_LABELS[match.status].toLowerCase());
  return parts.join(', ');
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st, ... (the one formatter of places, shared/places.ts). */
export { ordinal } from '../../../shared/places';

/** The caller's opponent in a match where they play `side`. */
export function opponentOf(match: Pick<TMatch, 'participants'>, side: number): string {
  return slotName(match.participants[side === 0 ? 1 : 0]);
}

/** A round's place in the bracket, for lists: 'Quarter-finals', 'Lower round 2', 'Group B, Round 1'. */
export function roundLabel(match: Pick<TMatch, 'roundName' | 'group' | 'part'>): string {
  // The engine's round names say their part already ('Upper final', 'Lower round 2').
  if (match.part === 'group' && match.group !== null) {
    const name = match.group <= 26 ? String.fromCharCode(64 + match.group) : String(match.group);
    return `Group ${name}, ${match.roundName}`;
  }
  return match.roundName;
}

/** A match named in a dialog's opening line: 'Round 1, match 3: Alice vs Bob'. */
export function matchHeading(
  match: Pick<TMatch, 'roundName' | 'group' | 'part' | 'number' | 'participants'>,
): string {
  const [a, b] = match.participants;
  return `${roundLabel(match)}, match ${match.number}: ${slotName(a)} vs ${slotName(b)}`;
}
