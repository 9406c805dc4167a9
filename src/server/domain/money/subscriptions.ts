// Subscriptions (issue 33): the plans on offer, and a member's plan as it stands (tier and end).
// The rule for a purchase's end is the shared one (shared/subscriptions.ts).
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { paymentProofs, users } from '../../platform/db/schema';
import { normalizeTier, type Tier } from '../../../shared/constants';
import type { PaidTier } from '../../../shared/payments';
import type { TPaymentConfig } from '../../../shared/schemas/settings';
import { dailyValue, offeredPlans, upgradeCredit } from '../../../shared/subscriptions';
import type { TPlans } from '../../../shared/schemas/subscriptions';
import { getPaymentConfig } from '../settings';

/** Every plan the payment settings offer: `[{ tier, periodDays, priceUsd }]`. */
export async function listPlans({ db }: { db: DbOrTx }): Promise<TPlans> {
  return offeredPlans(await getPaymentConfig({ db }));
}

/** A member's tier and when it ends (null: no end date). */
export async function memberPlan(
  db: DbOrTx,
  userId: number,
): Promise<{ tier: Tier; expiresAt: Date | null }> {
  const [row] = await db
    .select({ tier: users.subscriptionTier, expiresAt: users.tierExpiresAt })
    .from(users)
    .where(eq(users.id, userId));
  return { tier: normalizeTier(row?.tier), expiresAt: row?.expiresAt ?? null };
}

/**
 * An upgrade's credit in USD for the unused part of the paid plan held (`held`, ending at
 * `expiresAt`): valued at what the member paid for that tier last (their latest verified
 * purchase of it, its credit included), or at its 30-day price now when an admin granted it.
 */
export async function creditForUpgrade(
  db: DbOrTx,
  {
    userId,
    held,
    expiresAt,
    price,
    config,
    now,
  }: {
    userId: number;
    held: PaidTier;
    expiresAt: Date;
    price: number;
    config: Pick<TPaymentConfig, 'tierPrices'>;
    now: number;
  },
): Promise<number> {
  const [paid] = await db
    .select({
      amountUsd: paymentProofs.amountUsd,
      creditUsd: paymentProofs.creditUsd,
      periodDays: paymentProofs.periodDays,
    })
    .from(paymentProofs)
    .where(
      and(
        eq(paymentProofs.userId, userId),
        eq(paymentProofs.purpose, 'tier_upgrade'),
        eq(paymentProofs.tier, held),
        eq(paymentProofs.status, 'verified'),
      ),
    )
    .orderBy(desc(paymentProofs.reviewedAt), desc(paymentProofs.id))
    .limit(1);
  const daily = dailyValue({ paid: paid ?? null, thirtyDayPrice: config.tierPrices[held] });
  return upgradeCredit({ expiresAt, daily, price, now: new Date(now) });
}
