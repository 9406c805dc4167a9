// Publishing the private board (issue 31): the organiser, once every submission is scored under
// the current evaluation. Publishing ends a contest still running (its end date becomes now):
// the organiser 'closes' it. The private ranking becomes the contest's final places, written as
// a bracket's are (places as scores, lower first; tournaments' writePlacement), so the
// leaderboard, results, prizes, certificates and notifications read them as any contest's; every
// participant hears their final rank.
import { and, count, eq, inArray, or, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestEvaluations, contests, submissions } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { ParticipantNames, writePlacement } from '../tournaments';
import { writeAudit } from '../audit';
import { SUBMISSION_MESSAGES as M } from '../../../shared/submissions';
import { hasEnded, organisedSubmissionContest, readEvaluation } from './access';
import { privateBoardOf } from './boards';

export async function publishPrivateBoard(
  tx: DbOrTx,
  actor: Actor,
  input: { contestId: number },
): Promise<{ published: true; ranked: number }> {
  const contest = await organisedSubmissionContest(tx, actor, input.contestId);
  const evaluation = await readEvaluation(tx, contest.id);
  if (!evaluation?.keyFile) throw new AppError('no_key', M.noKey);
  if (evaluation.publishedAt) throw new AppError('already_published', M.alreadyPublished);
  const now = new Date();
  if (!contest.startDate || contest.startDate > now || contest.status !== 'active') {
    if (contest.status !== 'completed') throw new AppError('not_started', M.notStarted);
  }
  const [pending] = await tx
    .select({ n: count() })
    .from(submissions)
    .where(
      and(
        eq(submissions.contestId, contest.id),
        or(
          inArray(submissions.status, ['queued', 'scoring']),
          lt(submissions.version, evaluation.version),
        ),
      ),
    );
  if ((pending?.n ?? 0) > 0) {
    throw new AppError('still_scoring', M.stillScoring(pending!.n));
  }
  if (!hasEnded(contest, now)) {
    await tx
      .update(contests)
      .set({ endDate: now, updatedAt: now })
      .where(eq(contests.id, contest.id));
  }
  const ranking = await privateBoardOf(tx, evaluation);
  await tx
    .update(contestEvaluations)
    .set({ publishedAt: now, updatedAt: now })
    .where(eq(contestEvaluations.contestId, contest.id));
  const names = await ParticipantNames.of(tx, contest.id);
  await writePlacement(
    tx,
    contest,
    ranking.map((r) => ({ participantId: r.participantId, place: r.rank })),
    names,
    { origin: actor.origin },
  );
  await writeAudit({
    db: tx,
    actor,
    action: 'contest.private_board_published',
    targetType: 'contest',
    targetId: contest.id,
    after: { ranked: ranking.length },
  });
  return { published: true, ranked: ranking.length };
}
