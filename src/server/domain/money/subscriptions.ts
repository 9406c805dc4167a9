// Subscriptions (issue 33): the plans on offer, and a member's plan as it stands (tier and end).
// The rule for a purchase's end is the shared one (shared/subscriptions.ts).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { normalizeTier, type Tier } from '../../../shared/constants';
import { offeredPlans } from '../../../shared/subscriptions';
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
