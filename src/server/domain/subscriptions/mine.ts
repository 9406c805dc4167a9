// The member's own plan (issue 33, Account Settings' Subscription section): tier, end, grace, the
// plan that follows, and the billing history (their verified upgrades, newest first); and one
// verified upgrade of theirs as a printable receipt. Only the caller's rows, chosen in the query.
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { paymentProofs, users } from '../../platform/db/schema';
import { planColumns } from './planColumns';
import { AppError } from '../../platform/errors';
import { normalizeTier } from '../../../shared/constants';
import { explorerLink } from '../../../shared/payments';
import { graceEndsAt, inGrace, periodFromDays } from '../../../shared/subscriptions';
import type {
  TBillingEntry,
  TMyPlan,
  TMySubscription,
  TReceipt,
} from '../../../shared/schemas/subscriptions';
import type { TPaymentConfig } from '../../../shared/schemas/settings';
import { getPaymentConfig, getPlatformSettings } from '../settings';

export const RECEIPT_NOT_FOUND = 'No receipt of yours has that id';

const billingColumns = {
  proofId: paymentProofs.id,
  verifiedAt: paymentProofs.reviewedAt,
  createdAt: paymentProofs.createdAt,
  tier: paymentProofs.tier,
  periodDays: paymentProofs.periodDays,
  amountUsd: paymentProofs.amountUsd,
  creditUsd: paymentProofs.creditUsd,
  amountCoin: paymentProofs.amountCoin,
  network: paymentProofs.network,
  txHash: paymentProofs.txHash,
};

type BillingRow = {
  proofId: number;
  verifiedAt: Date | null;
  createdAt: Date;
  tier: string | null;
  periodDays: number | null;
  amountUsd: string;
  creditUsd: string | null;
  amountCoin: string;
  network: TBillingEntry['network'];
  txHash: string;
};

/** The member's verified upgrades (a proof's reviewedAt is set when it is verified). */
const verifiedUpgradesOf = (userId: number) =>
  and(
    eq(paymentProofs.userId, userId),
    eq(paymentProofs.purpose, 'tier_upgrade'),
    eq(paymentProofs.status, 'verified'),
  );

function billingEntry(config: TPaymentConfig, row: BillingRow): TBillingEntry {
  return {
    proofId: row.proofId,
    verifiedAt: row.verifiedAt ?? row.createdAt,
    tier: normalizeTier(row.tier),
    // A proof without days bought the tier for good (lifetime, or sent before plans had periods).
    periodDays: periodFromDays(row.periodDays),
    amountUsd: row.amountUsd,
    creditUsd: row.creditUsd,
    amountCoin: row.amountCoin,
    network: row.network,
    txHash: row.txHash,
    txUrl: explorerLink(config.networks[row.network].explorerUrl, row.network, row.txHash),
  };
}

/** What a member's read of their own plan is called with (`now`: the clock unless a test sets it). */
type OwnPlanArgs = { db: DbOrTx; userId: number; now?: Date };

/** The caller's plan as it stands at `now`: tier, end, grace and the plan that follows. */
export async function myPlan({ db, userId, now = new Date() }: OwnPlanArgs): Promise<TMyPlan> {
  const [user] = await db.select(planColumns).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', 'Account not found');
  const end = user.expiresAt;
  // The grace's length is a setting; without an end there is no grace to read it for.
  const graceDays = end ? (await getPaymentConfig({ db })).graceDays : 0;
  return {
    tier: normalizeTier(user.tier),
    expiresAt: end,
    graceEndsAt: end ? graceEndsAt(end, graceDays) : null,
    inGrace: end ? inGrace(end, now, graceDays) : false,
    nextTier: user.nextTier ? normalizeTier(user.nextTier) : null,
    nextPeriodDays: user.nextTier ? periodFromDays(user.nextPeriodDays) : null,
  };
}

/** The caller's plan as it stands at `now`, and their billing history. */
export async function mySubscription({
  db,
  userId,
  now = new Date(),
}: OwnPlanArgs): Promise<TMySubscription> {
  const plan = await myPlan({ db, userId, now });
  const config = await getPaymentConfig({ db });
  const rows = await db
    .select(billingColumns)
    .from(paymentProofs)
    .where(verifiedUpgradesOf(userId))
    .orderBy(desc(paymentProofs.reviewedAt), desc(paymentProofs.id));
  return { ...plan, history: rows.map((row) => billingEntry(config, row)) };
}

/**
 * One verified upgrade of the caller's as a printable receipt. Anyone else's proof, an entry
 * fee, or a proof not verified is not found (the same answer: nothing tells them apart).
 */
export async function myReceipt({
  db,
  userId,
  proofId,
}: {
  db: DbOrTx;
  userId: number;
  proofId: number;
}): Promise<TReceipt> {
  const [row] = await db
    .select({
      ...billingColumns,
      walletAddress: paymentProofs.walletAddress,
      senderAddress: paymentProofs.senderAddress,
      username: users.username,
      email: users.email,
    })
    .from(paymentProofs)
    .innerJoin(users, eq(users.id, paymentProofs.userId))
    .where(and(eq(paymentProofs.id, proofId), verifiedUpgradesOf(userId)));
  if (!row) throw new AppError('NOT_FOUND', RECEIPT_NOT_FOUND);
  const config = await getPaymentConfig({ db });
  const { siteName } = await getPlatformSettings({ db });
  return {
    ...billingEntry(config, row),
    platformName: siteName,
    username: row.username,
    email: row.email,
    submittedAt: row.createdAt,
    walletAddress: row.walletAddress,
    senderAddress: row.senderAddress,
  };
}
