// Re-scoring every submission of a contest (issue 31 'Organiser's view'): a new version of the
// evaluation, so the scoring job takes each submission again (failed ones too); progress is the
// count scored under the new version (the evaluation read), and each score written announces
// itself on the contest's live channel.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestEvaluations } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { announceLeaderboardChanges } from '../../platform/events';
import { writeAudit } from '../audit';
import { SUBMISSION_MESSAGES as M } from '../../../shared/submissions';
import { organisedSubmissionContest, readEvaluation } from './access';

export async function rescoreAll(
  tx: DbOrTx,
  actor: Actor,
  input: { contestId: number },
): Promise<{ version: number }> {
  const contest = await organisedSubmissionContest(tx, actor, input.contestId);
  const evaluation = await readEvaluation(tx, contest.id);
  if (!evaluation?.keyFile) throw new AppError('no_key', M.noKey);
  if (evaluation.publishedAt) throw new AppError('already_published', M.alreadyPublished);
  const version = evaluation.version + 1;
  await tx
    .update(contestEvaluations)
    .set({ version, updatedAt: new Date() })
    .where(eq(contestEvaluations.contestId, contest.id));
  await writeAudit({
    db: tx,
    actor,
    action: 'contest.rescore',
    targetType: 'contest',
    targetId: contest.id,
    after: { version },
  });
  await announceLeaderboardChanges({ db: tx, contestIds: [contest.id] });
  return { version };
}
