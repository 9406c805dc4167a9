// Who may do what in a submission contest (issue 31), the one place each procedure and REST row
// asks: the contest as the caller may see it (hidden or missing: 404), its organiser (creator,
// moderators, admins; others 403 not_organiser) and whether it takes submissions now.
import { eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { contestEvaluations } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import {
  organisedForWrite,
  readVisibleOrNotFound,
  type ContestRow,
  type Viewer,
} from '../contests';
import { SUBMISSION_MESSAGES as M } from '../../../shared/submissions';
import { isOrganiser } from '../../../shared/contests';

export type EvaluationRow = typeof contestEvaluations.$inferSelect;

function assertFormat(contest: ContestRow): ContestRow {
  if (contest.format !== 'submission') {
    throw new AppError('not_submission_format', M.notSubmissionFormat);
  }
  return contest;
}

/** The submission contest `viewer` may see (404 otherwise; 409 for another format). */
export async function visibleSubmissionContest(
  db: DB,
  viewer: Viewer,
  contestId: number,
): Promise<ContestRow> {
  return assertFormat(await readVisibleOrNotFound(db, viewer, contestId));
}

/**
 * The submission contest `actor` organises, read without a lock: for checks made before a
 * transaction (a key read in a worker), which the transaction's own check repeats.
 */
export async function organisedSubmissionContestUnlocked(
  db: DB,
  actor: Actor,
  contestId: number,
): Promise<ContestRow> {
  const contest = await visibleSubmissionContest(db, actor, contestId);
  if (!isOrganiser(contest, actor)) throw new AppError('not_organiser', M.notOrganiser);
  return contest;
}

/** The submission contest `actor` organises, locked for the caller's transaction. */
export async function organisedSubmissionContest(
  tx: DbOrTx,
  actor: Actor,
  contestId: number,
): Promise<ContestRow> {
  return assertFormat(await organisedForWrite(tx, actor, contestId, M.notOrganiser));
}

export async function readEvaluation(
  db: DbOrTx,
  contestId: number,
): Promise<EvaluationRow | undefined> {
  const [row] = await db
    .select()
    .from(contestEvaluations)
    .where(eq(contestEvaluations.contestId, contestId));
  return row;
}

/** Whether the contest has ended for submissions: its end date passed, or it is completed. */
export function hasEnded(contest: Pick<ContestRow, 'status' | 'endDate'>, now: Date): boolean {
  return contest.status === 'completed' || (!!contest.endDate && contest.endDate <= now);
}

/** Refuses a submission unless the contest is running: active, started, not ended. */
export function assertTakesSubmissions(
  contest: Pick<ContestRow, 'status' | 'startDate' | 'endDate'>,
  evaluation: EvaluationRow | undefined,
  now: Date,
): EvaluationRow {
  if (hasEnded(contest, now) || evaluation?.publishedAt) {
    throw new AppError('contest_ended', M.ended);
  }
  if (contest.status !== 'active' || !contest.startDate || contest.startDate > now) {
    throw new AppError('not_started', M.notStarted);
  }
  if (!evaluation?.keyFile) throw new AppError('no_key', M.noKey);
  return evaluation;
}
