// Forfeited lines (issue 30 'Payouts'): what the results area needs to let the organiser decide
// whether a forfeited prize passes to the next place (domain/results/forfeits.ts decides and
// makes the new lines): the line, the decision recorded once, who already has a line of the
// contest, and the contest's forfeited lines as its organiser sees them.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { payouts } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { PAYOUT_MESSAGES, type ForfeitDecision } from '../../../shared/payouts';
import type { TResults } from '../../../shared/schemas/results';

/** A line whose forfeit is to be decided: 404 when there is none. */
export async function lineToDecide(tx: DbOrTx, id: number) {
  const [line] = await tx
    .select({
      id: payouts.id,
      contestId: payouts.contestId,
      status: payouts.status,
      forfeitDecision: payouts.forfeitDecision,
      username: payouts.username,
      placeText: payouts.placeText,
      amount: payouts.amount,
      currency: payouts.currency,
    })
    .from(payouts)
    .where(eq(payouts.id, id));
  if (!line) throw new AppError('NOT_FOUND', PAYOUT_MESSAGES.notFound);
  return line;
}

/**
 * Records the organiser's decision on a forfeited line, once: of two decisions at the same time
 * exactly one is recorded (the write is conditional), the other refused (409 already_decided).
 */
export async function recordForfeitDecision(
  tx: DbOrTx,
  id: number,
  decision: ForfeitDecision,
): Promise<void> {
  const done = await tx
    .update(payouts)
    .set({ forfeitDecision: decision, updatedAt: new Date() })
    .where(
      and(eq(payouts.id, id), eq(payouts.status, 'forfeited'), isNull(payouts.forfeitDecision)),
    )
    .returning({ id: payouts.id });
  if (!done.length) throw new AppError('already_decided', PAYOUT_MESSAGES.alreadyDecided);
}

/** The members who have a line of the contest (any currency, any status). */
export async function contestPayees(tx: DbOrTx, contestId: number): Promise<Set<number>> {
  const rows = await tx
    .selectDistinct({ userId: payouts.userId })
    .from(payouts)
    .where(eq(payouts.contestId, contestId));
  return new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])));
}

/** The contest's forfeited lines with their decisions, as its organiser's Results show them. */
export async function contestForfeits(
  db: DbOrTx,
  contestId: number,
): Promise<TResults['forfeits']> {
  return db
    .select({
      payoutId: payouts.id,
      username: payouts.username,
      placeText: payouts.placeText,
      amount: payouts.amount,
      currency: payouts.currency,
      decision: payouts.forfeitDecision,
    })
    .from(payouts)
    .where(and(eq(payouts.contestId, contestId), eq(payouts.status, 'forfeited')))
    .orderBy(asc(payouts.place), asc(payouts.id));
}
