// Reading payout lines as the API answers them: the contest's current title and slug, the member
// as named now (or 'Deleted user'), the method in words (whole for admins, masked for the member),
// the tx hash as its network writes it with its explorer link.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contests, payouts, users } from '../../platform/db/schema';
import { DELETED_USER_LABEL, displayTxHash, explorerLink } from '../../../shared/payments';
import { describePayoutMethod } from '../../../shared/payouts';
import type { TPayout } from '../../../shared/schemas/payouts';
import type { TPaymentConfig } from '../../../shared/schemas/settings';
import { getPaymentConfig } from '../settings';

export const payoutColumns = {
  id: payouts.id,
  contestId: payouts.contestId,
  // The title as it is now, or as it was when the line was made once the contest is gone.
  contestTitle: sql<string>`coalesce(${contests.title}, ${payouts.contestTitle})`,
  contestSlug: contests.slug,
  userId: payouts.userId,
  storedName: payouts.username,
  currentName: users.username,
  teamName: payouts.teamName,
  place: payouts.place,
  placeText: payouts.placeText,
  amount: payouts.amount,
  currency: payouts.currency,
  status: payouts.status,
  method: payouts.method,
  network: payouts.network,
  txHash: payouts.txHash,
  reference: payouts.reference,
  reason: payouts.reason,
  forfeitDecision: payouts.forfeitDecision,
  passedFromId: payouts.passedFromId,
  approvedBy: payouts.approvedByName,
  approvedAt: payouts.approvedAt,
  sentBy: payouts.sentByName,
  sentAt: payouts.sentAt,
  confirmedAt: payouts.confirmedAt,
  createdAt: payouts.createdAt,
  updatedAt: payouts.updatedAt,
};

/** The lines matching `where`, with their contest and member joined (ordered and paged by callers). */
export function selectPayouts(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(payoutColumns)
    .from(payouts)
    .leftJoin(contests, eq(contests.id, payouts.contestId))
    .leftJoin(users, eq(users.id, payouts.userId))
    .where(where)
    .$dynamic();
}

export type PayoutRow = Awaited<ReturnType<typeof selectPayouts>>[number];

/** A stored line as the API answers it; `full`: the method unmasked (admins). */
export function toPayout(row: PayoutRow, config: TPaymentConfig, full: boolean): TPayout {
  const { storedName, currentName, txHash, method, ...rest } = row;
  const onChain = txHash !== null && row.network !== null;
  return {
    ...rest,
    username: row.userId === null ? DELETED_USER_LABEL : (currentName ?? storedName),
    method: method ? describePayoutMethod(method, full) : null,
    reference: onChain ? displayTxHash(row.network!, txHash) : row.reference,
    explorerUrl: onChain
      ? explorerLink(config.networks[row.network!].explorerUrl, row.network!, txHash)
      : null,
  };
}

/** One line by id as the API answers it, or undefined. */
export async function payoutById(
  db: DbOrTx,
  id: number,
  full: boolean,
): Promise<TPayout | undefined> {
  const [row] = await selectPayouts(db, eq(payouts.id, id));
  return row ? toPayout(row, await getPaymentConfig({ db }), full) : undefined;
}
