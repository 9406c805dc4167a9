// What a winner is told about their payout (kind 'payout_update'): a method is needed (and the
// reminders), the prize is being prepared, and each step an admin takes or the system takes; and
// what the organiser is asked when a prize is forfeited.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contests, payouts } from '../../platform/db/schema';
import { notify, type NotifyOptions } from '../messages';
import { formatPrize, type PrizeCurrency } from '../../../shared/prizes';
import { describePayoutMethod, type PayoutMethodSnapshot } from '../../../shared/payouts';

/** The account settings' tab with the payout method form (AccountSettingsPage's 'payment'). */
export const PAYOUT_METHOD_LINK = '/settings?tab=payment';

export interface NoticeLine {
  userId: number | null;
  contestTitle: string;
  contestSlug: string | null;
  placeText: string;
  amount: string;
  currency: PrizeCurrency;
}

/** What a notice about a line reads (a NoticeLine): the payout, its contest joined for the slug. */
export const noticeLineColumns = {
  userId: payouts.userId,
  contestTitle: payouts.contestTitle,
  contestSlug: contests.slug,
  placeText: payouts.placeText,
  amount: payouts.amount,
  currency: payouts.currency,
};

/** '2nd place, 300 USDT'. */
export function prizeWords(line: Pick<NoticeLine, 'placeText' | 'amount' | 'currency'>): string {
  return `${line.placeText} place, ${formatPrize(line.amount, line.currency)}`;
}

const contestLink = (line: NoticeLine) =>
  line.contestSlug ? `/contests/${line.contestSlug}` : PAYOUT_METHOD_LINK;

/**
 * Tells the line's winner (nobody once their account is gone) one 'payout_update', linking to the
 * contest unless the notice asks for something else.
 */
async function tellWinner(
  tx: DbOrTx,
  line: NoticeLine,
  notice: { title: string; body: string; link?: string; actionLabel?: string },
  options: NotifyOptions,
): Promise<void> {
  if (line.userId === null) return;
  await notify(
    tx,
    {
      userId: line.userId,
      kind: 'payout_update',
      link: contestLink(line),
      actionLabel: 'View the contest',
      ...notice,
    },
    options,
  );
}

/** The winner has no payout method: asked to add one (`reminder`: the how-manieth time). */
export async function askForMethod(
  tx: DbOrTx,
  line: NoticeLine,
  { reminder = false, claimDays }: { reminder?: boolean; claimDays?: number },
  options: NotifyOptions = {},
): Promise<void> {
  const deadline = claimDays ? ` Prizes not claimed within ${claimDays} days are forfeited.` : '';
  await tellWinner(
    tx,
    line,
    {
      title: reminder ? 'Reminder: add a payout method for your prize' : 'Add a payout method',
      body: `You won ${prizeWords(line)} in ${line.contestTitle}. Add a payout method in your account settings so we can send it.${deadline}`,
      link: PAYOUT_METHOD_LINK,
      actionLabel: 'Add a payout method',
    },
    options,
  );
}

/** The winner has a payout method: their prize is being prepared for it. */
export async function tellPreparing(
  tx: DbOrTx,
  line: NoticeLine,
  method: PayoutMethodSnapshot,
  options: NotifyOptions = {},
): Promise<void> {
  const body = `You won ${prizeWords(line)} in ${line.contestTitle}. It will be sent to ${describePayoutMethod(method, false)}.`;
  await tellWinner(tx, line, { title: 'Your prize is being prepared', body }, options);
}

/** A step of the winner's payout: '2nd place, 300 USDT: sent, tx 0x…'. */
export async function tellStep(
  tx: DbOrTx,
  line: NoticeLine,
  { title, what }: { title: string; what: string },
  options: NotifyOptions = {},
): Promise<void> {
  await tellWinner(
    tx,
    line,
    { title, body: `${prizeWords(line)} in ${line.contestTitle}: ${what}` },
    options,
  );
}

/**
 * A line was forfeited (by an admin, or unclaimed in time): the contest's creator is asked to
 * decide whether the prize passes to the next place (the contest page's Results section).
 * Called by each write that forfeits a line, in its transaction.
 */
export async function tellOrganiserOfForfeit(
  tx: DbOrTx,
  payoutId: number,
  options: NotifyOptions = {},
): Promise<void> {
  const [line] = await tx
    .select({ organiserId: contests.createdBy, username: payouts.username, ...noticeLineColumns })
    .from(payouts)
    .innerJoin(contests, eq(contests.id, payouts.contestId))
    .where(eq(payouts.id, payoutId));
  if (!line) return;
  await notify(
    tx,
    {
      userId: line.organiserId,
      kind: 'payout_update',
      title: 'A prize was forfeited',
      body: `${line.username}'s prize in ${line.contestTitle} (${prizeWords(line)}) was forfeited. Decide whether it passes to the next place.`,
      link: `/contests/${line.contestSlug}`,
      actionLabel: 'Decide',
    },
    options,
  );
}
