// A participant's upload to a submission contest (issue 31 'Submitting'): refused before it is
// stored when the contest does not take it (403 not_participant, 409 not_started / contest_ended /
// no_key, 413 over the size, 429 daily_limit with the reset, 409 total_limit); stored and taken
// for scoring in one transaction that holds the entrant's row, so two uploads at once cannot both
// pass the last place of a limit; scored at once when a worker is free. A file that does not
// pass the check is removed again and refused with its lines (400 bad_submission): it never
// counts. Otherwise the answer is the row: scored, failed (with the reason) or queued.
import { and, eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { contestParticipants as cp, submissions } from '../../platform/db/schema';
import { lockForUpdate } from '../../platform/db/dialect';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { SUBMISSION_MESSAGES as M, nextUtcMidnight } from '../../../shared/submissions';
import {
  assertTakesSubmissions,
  readEvaluation,
  visibleSubmissionContest,
  type EvaluationRow,
} from './access';
import { entrantOf } from '../participation';
import { entrantCounts } from './counts';
import { problemDetails } from './problems';
import { removePrivateFiles, storePrivateFile } from './storage';
import { recordOutcome, scoreFile } from './scoringRun';
import { SCORING_TIMEOUT_MS } from './scoringPool';
import type { SentFile } from './evaluation';

/** A take's lease: the job's time limit and a margin; past it, another server may take the row. */
export const LEASE_MS = SCORING_TIMEOUT_MS + 60_000;

function assertWithinLimits(
  evaluation: EvaluationRow,
  counts: { today: number; total: number },
  now: Date,
): void {
  if (evaluation.totalLimit !== null && counts.total >= evaluation.totalLimit) {
    throw new AppError('total_limit', M.totalLimit(evaluation.totalLimit));
  }
  if (counts.today >= evaluation.dailyLimit) {
    const resetsAt = nextUtcMidnight(now);
    throw new AppError('daily_limit', M.dailyLimit(evaluation.dailyLimit), {
      retryAfter: Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)),
      details: { resetsAt: resetsAt.toISOString() },
    });
  }
}

/** What admitSubmission found: the contest, the entrant and the evaluation the file goes to. */
export type AdmittedSubmission = Awaited<ReturnType<typeof admitSubmission>>;

/**
 * The refusals a file meets before it is stored, asked before its bytes are read (the upload
 * path hands the answer to submitFile, which checks the limits again under the entrant's lock).
 */
export async function admitSubmission(db: DB, actor: Actor, contestId: number) {
  const contest = await visibleSubmissionContest(db, actor, contestId);
  const participantId = await entrantOf(db, contest.id, actor.id);
  if (participantId === null) throw new AppError('not_participant', M.notParticipant);
  const now = new Date();
  const evaluation = assertTakesSubmissions(contest, await readEvaluation(db, contest.id), now);
  assertWithinLimits(evaluation, await entrantCounts(db, participantId, now), now);
  return { contest, participantId, evaluation };
}

export async function submitFile(
  { db, privateDir }: { db: DB; privateDir: string },
  actor: Actor,
  input: { contestId: number; file: SentFile; description?: string },
  admitted?: AdmittedSubmission,
): Promise<number> {
  const { contest, participantId, evaluation } =
    admitted ?? (await admitSubmission(db, actor, input.contestId));
  if (input.file.bytes.length > evaluation.maxFileMb * 1024 * 1024) {
    throw new AppError('PAYLOAD_TOO_LARGE', M.tooLarge(evaluation.maxFileMb));
  }
  const stored = await storePrivateFile(privateDir, 'submissions', input.file.bytes);
  let claimed;
  try {
    claimed = await db.transaction(async (tx) => {
      // The entrant's row is held until commit: the count below is the count at insert.
      await lockForUpdate(tx, cp, eq(cp.id, participantId));
      const now = new Date();
      const current = assertTakesSubmissions(contest, await readEvaluation(tx, contest.id), now);
      assertWithinLimits(current, await entrantCounts(tx, participantId, now), now);
      const [row] = await tx
        .insert(submissions)
        .values({
          contestId: contest.id,
          participantId,
          userId: actor.id,
          storedFile: stored,
          fileName: input.file.name.slice(0, 255) || 'submission.csv',
          sizeBytes: input.file.bytes.length,
          description: input.description || null,
          status: 'scoring',
          attempts: 1,
          leaseUntil: new Date(now.getTime() + LEASE_MS),
        })
        .returning({
          id: submissions.id,
          contestId: submissions.contestId,
          userId: submissions.userId,
          attempts: submissions.attempts,
          scoredAt: submissions.scoredAt,
        });
      return { claimed: row!, evaluation: current };
    });
  } catch (error) {
    await removePrivateFiles(privateDir, [stored]);
    throw error;
  }
  const outcome = await scoreFile(privateDir, claimed.evaluation, stored);
  if (outcome.kind === 'refused') {
    // Not a submission at all: nothing of it stays, nothing counts.
    await db
      .delete(submissions)
      .where(and(eq(submissions.id, claimed.claimed.id), eq(submissions.status, 'scoring')));
    await removePrivateFiles(privateDir, [stored]);
    throw new AppError('bad_submission', M.badSubmission, { details: problemDetails(outcome) });
  }
  await recordOutcome(db, claimed.claimed, claimed.evaluation, outcome, contest);
  return claimed.claimed.id;
}
