// Scoring one submission and recording what came of it: the one path the upload (scored at once
// when a worker is free) and the scoring job (queued, lapsed and re-scored ones) both take. The
// file is read in a worker; the outcome is written only while this server still holds the row
// (status 'scoring' and the same take), so a server whose lease lapsed writes nothing. The member
// hears of a first score (the bell, and by e-mail if they chose it), and the contest's live
// channel tells open pages to read again (no score travels on it).
import { and, eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { submissions } from '../../platform/db/schema';
import { announceLeaderboardChanges } from '../../platform/events';
import { WorkerJobError } from '../../platform/workers';
import { notify } from '../messages';
import { scoreText } from '../../../shared/schemas/submissions';
import type { EvaluationRow } from './access';
import { keySpecOf } from './keySpec';
import { problemsText } from './problems';
import { privatePath } from './storage';
import { scoreInWorker } from './scoringPool';
import type { FileProblem } from './scoring';

export type ScoringOutcome =
  | { kind: 'scored'; publicScore: number; privateScore: number | null }
  /** The file does not pass the check (its problems, with lines). */
  | { kind: 'refused'; problems: FileProblem[]; total: number }
  /** The metric has no value, the job ran out of time or memory, the worker died. */
  | { kind: 'failed'; reason: string }
  /** No worker could take it now: it waits for the scoring job. */
  | { kind: 'busy' };

/** Unpacked, a file sent as .csv.gz may be larger than it was sent: ten times the limit at most. */
export function unpackedLimit(maxFileMb: number): number {
  return maxFileMb * 10 * 1024 * 1024;
}

export async function scoreFile(
  privateDir: string,
  evaluation: EvaluationRow,
  storedFile: string,
): Promise<ScoringOutcome> {
  if (!evaluation.keyFile) return { kind: 'failed', reason: 'The answer key is missing' };
  try {
    const result = await scoreInWorker({
      keyPath: privatePath(privateDir, evaluation.keyFile),
      keyStamp: `${evaluation.keyFile}:${evaluation.version}`,
      key: keySpecOf(evaluation),
      submissionPath: privatePath(privateDir, storedFile),
      maxBytes: unpackedLimit(evaluation.maxFileMb),
      metric: evaluation.metric,
      k: evaluation.k ?? undefined,
      positiveLabel: evaluation.positiveLabel ?? undefined,
    });
    if (!result.ok) return { kind: 'refused', problems: result.problems, total: result.total };
    return { kind: 'scored', publicScore: result.publicScore, privateScore: result.privateScore };
  } catch (error) {
    if (!(error instanceof WorkerJobError)) throw error;
    if (error.failure === 'closed') return { kind: 'busy' };
    if (error.failure === 'failed') return { kind: 'failed', reason: error.message };
    if (error.failure === 'crashed') {
      return { kind: 'failed', reason: 'Scoring stopped unexpectedly; the organiser can re-score' };
    }
    return { kind: 'failed', reason: `Scoring stopped: ${error.message}` };
  }
}

export interface ClaimedSubmission {
  id: number;
  contestId: number;
  userId: number;
  attempts: number;
  scoredAt: Date | null;
}

/**
 * Writes `outcome` for a submission this server took (status 'scoring', take `attempts`); false
 * when the row moved on meanwhile (its lease lapsed and another server took it, or it is gone).
 */
export async function recordOutcome(
  db: DB,
  claimed: ClaimedSubmission,
  evaluation: Pick<EvaluationRow, 'version'>,
  outcome: ScoringOutcome,
  contest: { slug: string; title: string },
): Promise<boolean> {
  const now = new Date();
  const set =
    outcome.kind === 'scored'
      ? {
          status: 'scored' as const,
          publicScore: outcome.publicScore,
          privateScore: outcome.privateScore,
          error: null,
          scoredAt: now,
        }
      : outcome.kind === 'busy'
        ? { status: 'queued' as const }
        : {
            status: 'failed' as const,
            publicScore: null,
            privateScore: null,
            selected: false,
            error:
              outcome.kind === 'refused'
                ? `The file does not pass the check: ${problemsText(outcome)}`
                : outcome.reason,
            scoredAt: now,
          };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(submissions)
      .set({ ...set, leaseUntil: null, version: evaluation.version })
      .where(
        and(
          eq(submissions.id, claimed.id),
          eq(submissions.status, 'scoring'),
          eq(submissions.attempts, claimed.attempts),
        ),
      )
      .returning({ id: submissions.id });
    if (!row) return false;
    if (outcome.kind !== 'busy') {
      if (!claimed.scoredAt) await tellSubmitter(tx, claimed, outcome, contest);
      await announceLeaderboardChanges({ db: tx, contestIds: [claimed.contestId] });
    }
    return true;
  });
}

async function tellSubmitter(
  tx: DbOrTx,
  claimed: ClaimedSubmission,
  outcome: Exclude<ScoringOutcome, { kind: 'busy' }>,
  contest: { slug: string; title: string },
): Promise<void> {
  const scored = outcome.kind === 'scored';
  await notify(tx, {
    userId: claimed.userId,
    kind: 'submission_scored',
    title: scored
      ? `Your submission scored ${scoreText(outcome.publicScore)}`
      : 'Your submission could not be scored',
    body: scored
      ? `Your submission #${claimed.id} to ${contest.title} scored ${scoreText(outcome.publicScore)} on the public part of the answer key.`
      : `Your submission #${claimed.id} to ${contest.title} failed: ${outcome.kind === 'refused' ? problemsText(outcome) : outcome.reason}. It does not count against your limits.`,
    link: `/contests/${contest.slug}?tab=submissions`,
  });
}
