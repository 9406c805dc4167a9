// Reopening a contest's frozen or confirmed results with a reason (issue 30; audited): open ones
// are refused (409 not_final); confirmed ones take back their payout lines (refused, 409
// payouts_started, once one was approved) and withdraw their certificates. The standings are then
// read live again until the next freeze.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestResults } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { removeContestLines } from '../payouts';
import { withdrawCertificates } from '../certificates';
import { writeAudit } from '../audit';
import {
  RESULT_MESSAGES,
  type TReopenResultsInput,
  type TResults,
} from '../../../shared/schemas/results';
import { organiserContest, presentResults, storedResults } from './stored';

export async function reopenResults(
  tx: DbOrTx,
  actor: Actor,
  input: TReopenResultsInput,
): Promise<TResults> {
  const contest = await organiserContest(tx, actor, input.contestId);
  const row = await storedResults(tx, contest.id);
  if (!row || row.status === 'open') {
    throw new AppError('not_final', RESULT_MESSAGES.not_final);
  }
  // Frozen results have made neither lines nor certificates yet.
  if (row.status === 'confirmed') {
    await removeContestLines(tx, { contestId: contest.id });
    await withdrawCertificates(tx, { contestId: contest.id });
  }
  const [reopened] = await tx
    .update(contestResults)
    .set({
      status: 'open',
      reopenReason: input.reason,
      frozenAt: null,
      confirmedAt: null,
      confirmedBy: null,
      confirmedByName: null,
      updatedAt: new Date(),
    })
    .where(eq(contestResults.contestId, contest.id))
    .returning();
  await writeAudit({
    db: tx,
    actor,
    action: 'contest.results.reopen',
    targetType: 'contest',
    targetId: contest.id,
    before: { status: row.status },
    after: { status: 'open', reason: input.reason },
  });
  return presentResults(tx, contest, reopened, actor);
}
