// A member's plan as their users row stores it: the tier, its end and the plan that follows.
// Every read of a whole plan (the member's own, the round of ending plans, staff's change)
// selects these, so the plan reads the same everywhere.
import { users } from '../../platform/db/schema';

export const planColumns = {
  tier: users.subscriptionTier,
  expiresAt: users.tierExpiresAt,
  nextTier: users.nextTier,
  nextPeriodDays: users.nextPeriodDays,
};
