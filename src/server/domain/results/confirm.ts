// Confirming a contest's results (issue 30): open ones are frozen first (the same refusals);
// confirmed ones are refused (409 already_confirmed). Confirming makes the winners' payout lines
// and the placed members' certificates, tells every participant their place and prize, and is
// audited.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestResults } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { createPayoutLines } from '../payouts';
import { issueCertificates } from '../certificates';
import { writeAudit } from '../audit';
import { RESULT_MESSAGES, type TResults } from '../../../shared/schemas/results';
import { freezeContest } from './freeze';
import { notifyConfirmed } from './notices';
import { organiserContest, presentResults, storedResults } from './stored';
import { certificateEntries, payoutLines } from './winners';

export async function confirmResults(
  tx: DbOrTx,
  actor: Actor,
  input: { contestId: number },
): Promise<TResults> {
  const contest = await organiserContest(tx, actor, input.contestId);
  let row = await storedResults(tx, contest.id);
  if (row?.status === 'confirmed') {
    throw new AppError('already_confirmed', RESULT_MESSAGES.already_confirmed);
  }
  if (!row || row.status === 'open') row = (await freezeContest(tx, actor, contest))!;
  const now = new Date();
  const [confirmed] = await tx
    .update(contestResults)
    .set({
      status: 'confirmed',
      confirmedAt: now,
      // The console and the system act as nobody who signs in.
      confirmedBy: actor.id > 0 ? actor.id : null,
      confirmedByName: actor.username,
      updatedAt: now,
    })
    .where(eq(contestResults.contestId, contest.id))
    .returning();
  const { standings } = row;
  const lines = payoutLines(standings);
  await createPayoutLines(tx, {
    contestId: contest.id,
    contestTitle: contest.title,
    contestSlug: contest.slug,
    lines,
  });
  await issueCertificates(tx, {
    contestId: contest.id,
    contestTitle: contest.title,
    issuedAt: now,
    entries: certificateEntries(standings, contest.prizeTable),
  });
  await notifyConfirmed(tx, actor, contest, standings);
  await writeAudit({
    db: tx,
    actor,
    action: 'contest.results.confirm',
    targetType: 'contest',
    targetId: contest.id,
    before: { status: row.status },
    after: { status: 'confirmed', payoutLines: lines.length },
  });
  return presentResults(tx, contest, confirmed, actor);
}
