// The lines confirmed results make (one per winner and currency), taking them back when results
// are reopened, and a winner's new payout method reaching their lines not yet approved.
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contests, payoutMethods, payouts } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { PayoutMethodSnapshot, PayoutStatus } from '../../../shared/payouts';
import { RESULT_MESSAGES } from '../../../shared/schemas/results';
import type { PrizeCurrency } from '../../../shared/prizes';
import { askForMethod, tellPreparing } from './notices';

/** One winner's line as confirmed results make it. */
export interface NewPayoutLine {
  userId: number;
  username: string;
  teamName: string | null;
  place: number;
  placeText: string;
  amount: string;
  currency: PrizeCurrency;
  /** A prize passed on from a forfeited line: that line. */
  passedFromId?: number;
}

/** Lines an admin has started on: their contest's results can no longer be reopened. */
const STARTED: PayoutStatus[] = ['approved', 'sent', 'confirmed', 'failed'];
/** Lines that follow the winner's payout method as they change it. */
const NOT_APPROVED: PayoutStatus[] = ['awaiting_method', 'ready'];

/** The members' payout methods as snapshots (a member without one is absent). */
async function methodsOf(
  tx: DbOrTx,
  userIds: number[],
): Promise<Map<number, PayoutMethodSnapshot>> {
  const found = new Map<number, PayoutMethodSnapshot>();
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await tx
      .select()
      .from(payoutMethods)
      .where(inArray(payoutMethods.userId, userIds.slice(i, i + 500)));
    for (const { userId, updatedAt: _updatedAt, ...method } of rows) found.set(userId, method);
  }
  return found;
}

/**
 * Makes the lines of a contest's confirmed results in the caller's transaction, each with the
 * winner's payout method as it stands (none: awaiting_method, and the winner is asked for one).
 * A line that exists already (results confirmed twice) is left as it is, and nobody told again.
 * Answers the ids of the lines made.
 */
export async function createPayoutLines(
  tx: DbOrTx,
  input: { contestId: number; contestTitle: string; contestSlug: string; lines: NewPayoutLine[] },
): Promise<number[]> {
  const methods = await methodsOf(tx, [...new Set(input.lines.map((l) => l.userId))]);
  const made: number[] = [];
  for (const line of input.lines) {
    const method = methods.get(line.userId) ?? null;
    const [madeLine] = await tx
      .insert(payouts)
      .values({
        contestId: input.contestId,
        contestTitle: input.contestTitle,
        userId: line.userId,
        username: line.username,
        teamName: line.teamName,
        place: line.place,
        placeText: line.placeText,
        amount: line.amount,
        currency: line.currency,
        passedFromId: line.passedFromId ?? null,
        status: method ? 'ready' : 'awaiting_method',
        method,
      })
      .onConflictDoNothing()
      .returning({ id: payouts.id });
    if (!madeLine) continue;
    made.push(madeLine.id);
    const told = { ...line, contestTitle: input.contestTitle, contestSlug: input.contestSlug };
    if (method) await tellPreparing(tx, told, method);
    else await askForMethod(tx, told, {});
  }
  return made;
}

/**
 * Takes back a contest's lines when its results are reopened: refused (409 payouts_started) once
 * a line was approved, sent, confirmed or failed; the others are removed.
 */
export async function removeContestLines(
  tx: DbOrTx,
  { contestId }: { contestId: number },
): Promise<void> {
  const [started] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.contestId, contestId), inArray(payouts.status, STARTED)))
    .limit(1);
  if (started) throw new AppError('payouts_started', RESULT_MESSAGES.payouts_started);
  await tx.delete(payouts).where(eq(payouts.contestId, contestId));
}

/**
 * The member saved a payout method: their lines awaiting one (or ready, not yet approved) take it
 * and are ready; a winner who was waiting hears their prize is being prepared.
 */
export async function payoutMethodSaved(tx: DbOrTx, { userId }: { userId: number }): Promise<void> {
  const method = (await methodsOf(tx, [userId])).get(userId);
  if (!method) return;
  const waiting = await tx
    .select({
      contestTitle: payouts.contestTitle,
      placeText: payouts.placeText,
      amount: payouts.amount,
      currency: payouts.currency,
      contestSlug: contests.slug,
    })
    .from(payouts)
    .leftJoin(contests, eq(contests.id, payouts.contestId))
    .where(and(eq(payouts.userId, userId), eq(payouts.status, 'awaiting_method')));
  await tx
    .update(payouts)
    .set({ method, status: 'ready', updatedAt: new Date() })
    .where(and(eq(payouts.userId, userId), inArray(payouts.status, NOT_APPROVED)));
  for (const line of waiting) {
    await tellPreparing(tx, { ...line, userId }, method);
  }
}
