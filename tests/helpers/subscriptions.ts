// A member's plan as the subscription tests read and set it (issue 33): tier, end and next plan.
import { eq } from 'drizzle-orm';
import type { DB } from '../../src/server/platform/db/client';
import { users } from '../../src/server/platform/db/schema';
import type { Tier } from '../../src/shared/constants';

/** The member's plan as stored. */
export async function planOf(db: DB, userId: number) {
  const [row] = await db
    .select({
      tier: users.subscriptionTier,
      expiresAt: users.tierExpiresAt,
      nextTier: users.nextTier,
      nextPeriodDays: users.nextPeriodDays,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

/** Sets the member's plan outright (a next plan only when given). */
export async function setPlan(
  db: DB,
  userId: number,
  values: { tier: Tier; expiresAt: Date | null; nextTier?: Tier; nextPeriodDays?: number | null },
) {
  await db
    .update(users)
    .set({
      subscriptionTier: values.tier,
      tierExpiresAt: values.expiresAt,
      nextTier: values.nextTier ?? null,
      nextPeriodDays: values.nextPeriodDays ?? null,
    })
    .where(eq(users.id, userId));
}
