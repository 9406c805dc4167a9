// How a leaderboard reads (SPEC 2.8): scores in 'pts' with the contest's decimals ('-' before a
// score is entered), the trophies of the first three, and whether the viewer's own row is on the
// page shown or needs its own 'Your rank' line.
import type { TLeaderboard } from '../../../shared/schemas/participation';

export { formatScore, pointsText } from '../../../shared/leaderboard';

/** Entries shown per page: SPEC 9's 10-entry leaderboards. */
export const LEADERBOARD_PAGE_SIZE = 10;

export type Trophy = 'gold' | 'silver' | 'bronze';

/** The trophy of ranks 1 to 3 (ties share it: two members ranked 2 both get silver). */
export function trophyOf(rank: number | null): Trophy | null {
  if (rank === 1) return 'gold';
  if (rank === 2) return 'silver';
  if (rank === 3) return 'bronze';
  return null;
}

/** The accessible name of a rank ('Rank 4'; 'Unranked' before any rank is stored). */
export function rankName(rank: number | null): string {
  return rank === null ? 'Unranked' : `Rank ${rank}`;
}

/**
 * The viewer's place when it is not among the entries shown (they take part, on another page):
 * shown below the list as 'Your rank'. Null when they do not take part or their row is there.
 */
export function ownPlaceOutside(
  board: Pick<TLeaderboard, 'entries' | 'me'>,
  userId: number,
): TLeaderboard['me'] {
  if (!board.me) return null;
  return board.entries.some((e) => isOwnEntry(e, board.me, userId)) ? null : board.me;
}

/** Whether a row is the viewer's: their own, or (team mode) their team's. */
export function isOwnEntry(
  entry: Pick<TLeaderboard['entries'][number], 'userId' | 'teamId'>,
  me: TLeaderboard['me'],
  userId: number,
): boolean {
  return entry.userId === userId || (!!me?.teamId && entry.teamId === me.teamId);
}
