// Places, not points (issue 29, point 5): a bracket contest's final leaderboard is its placement
// (placement.ts writes each place as the score, lower first), and it reads as places: '1st',
// '2nd', '3rd-4th' (two share third). The leaderboard, the dashboard, analytics and the results
// notices all word a place with placeText, and ask ranksByPlace whether a contest ranks by them.
import type { ContestFormat, ContestStatus } from './contests';
import { hasBracket } from './tournaments';

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st, 22nd. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/** A place shared by `shared` participants spans them: 3rd shared by two is '3rd-4th'. */
export function placeText(place: number, shared = 1): string {
  return shared > 1 ? `${ordinal(place)}-${ordinal(place + shared - 1)}` : ordinal(place);
}

/**
 * Whether a contest's leaderboard is its final placement: a bracket format whose bracket was
 * played to the end (the contest completed, its bracket generated), or a completed submission
 * contest. Before that its board holds
 * whatever seeded it, read as scores.
 */
export function ranksByPlace(c: {
  format: ContestFormat;
  status: ContestStatus;
  bracketGeneratedAt: Date | null;
}): boolean {
  // A submission contest's places are its published private board's (issue 31).
  if (c.format === 'submission') return c.status === 'completed';
  return hasBracket(c.format) && c.status === 'completed' && c.bracketGeneratedAt !== null;
}

/** How many share each place, from every participant's place (null: not placed). */
export function sharedPlaces(places: readonly (number | null)[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const p of places) if (p !== null) counts.set(p, (counts.get(p) ?? 0) + 1);
  return counts;
}
