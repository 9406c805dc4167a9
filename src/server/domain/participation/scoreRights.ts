// Who may do what with a contest's leaderboard: read it (a contest they may see, with its board
// on, or theirs to score), enter scores and read their history (its creator, moderators and
// admins: the one organiser rule of src/shared/contests.ts).
import type { DB } from '../../platform/db/client';
import { isOrganiser } from '../../../shared/contests';
import { AppError } from '../../platform/errors';
import { readVisibleOrNotFound, type ContestRow, type Viewer } from '../contests';

export const NO_LEADERBOARD = 'This contest has no leaderboard';
export const SCORES_FORBIDDEN =
  "Only the contest's creator, moderators and admins can enter scores";
export const HISTORY_FORBIDDEN =
  "Only the contest's creator, moderators and admins can read the score history";

/** Whether the viewer may enter scores: the contest's creator, moderators and admins. */
export function canScore(contest: Pick<ContestRow, 'createdBy'>, viewer: Viewer): boolean {
  return isOrganiser(contest, viewer);
}

/**
 * A contest whose leaderboard the viewer may read: one they may see, with its leaderboard on
 * (its creator and reviewers read it even when off, to enter scores).
 */
export async function leaderboardContest(
  db: DB,
  viewer: Viewer,
  contestId: number,
): Promise<ContestRow> {
  const contest = await readVisibleOrNotFound(db, viewer, contestId);
  if (!contest.enableLeaderboard && !canScore(contest, viewer)) {
    throw new AppError('NOT_FOUND', NO_LEADERBOARD);
  }
  return contest;
}

/**
 * A contest whose scores the viewer may work with (enter, import, read the history of): one they
 * may see (404 otherwise) and score (403 with `forbidden`, the action's own words, otherwise).
 */
export async function scorableContest(
  db: DB,
  viewer: Viewer,
  contestId: number,
  forbidden: string,
): Promise<ContestRow> {
  const contest = await readVisibleOrNotFound(db, viewer, contestId);
  if (!canScore(contest, viewer)) throw new AppError('FORBIDDEN', forbidden);
  return contest;
}
