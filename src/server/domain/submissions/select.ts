// Selecting a submission for the final board (issue 31): its submitter or a member of its team,
// while the contest runs, a scored one only, within the contest's selection limit (409
// selection_limit: unselect one first). The entrant's row is held while counting, so two
// selections at once cannot pass the limit together.
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestParticipants as cp, submissions } from '../../platform/db/schema';
import { lockForUpdate } from '../../platform/db/dialect';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { readForWrite } from '../contests';
import { SUBMISSION_MESSAGES as M } from '../../../shared/submissions';
import { hasEnded, readEvaluation } from './access';
import { entrantOf } from '../participation';

export async function selectSubmission(
  tx: DbOrTx,
  actor: Actor,
  input: { id: number; selected: boolean },
): Promise<{ id: number; selected: boolean }> {
  const notFound = new AppError('NOT_FOUND', M.notFound);
  const [row] = await tx
    .select({
      contestId: submissions.contestId,
      participantId: submissions.participantId,
      status: submissions.status,
      selected: submissions.selected,
    })
    .from(submissions)
    .where(eq(submissions.id, input.id));
  if (!row) throw notFound;
  const contest = await readForWrite(tx, row.contestId, { visibleTo: actor });
  if (!contest || (await entrantOf(tx, row.contestId, actor.id)) !== row.participantId) {
    throw notFound;
  }
  const evaluation = await readEvaluation(tx, row.contestId);
  if (hasEnded(contest, new Date()) || evaluation?.publishedAt) {
    throw new AppError('contest_ended', M.ended);
  }
  await lockForUpdate(tx, cp, eq(cp.id, row.participantId));
  if (input.selected) {
    if (row.status !== 'scored') throw new AppError('not_scored', M.notScored);
    const [selected] = await tx
      .select({ n: count() })
      .from(submissions)
      .where(and(eq(submissions.participantId, row.participantId), eq(submissions.selected, true)));
    const limit = evaluation?.selectionLimit ?? 1;
    if (!row.selected && (selected?.n ?? 0) >= limit) {
      throw new AppError('selection_limit', M.selectionLimit(limit));
    }
  }
  await tx
    .update(submissions)
    .set({ selected: input.selected })
    .where(eq(submissions.id, input.id));
  return { id: input.id, selected: input.selected };
}
