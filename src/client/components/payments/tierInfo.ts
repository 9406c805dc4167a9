// What each paid tier opens (PRODUCT.md 'Tiers': free < standard < pro < elite), for the tier
// choice of /payment.
import { TIERS, tierRank, type Tier } from '../../../shared/constants';
import type { PaidTier } from '../../../shared/payments';

export const TIER_PERKS: Record<PaidTier, string> = {
  standard: 'Join contests that require the Standard tier, as well as every free contest.',
  pro: 'Join Pro contests, with bigger prizes, plus everything Standard opens.',
  elite: 'Join every contest on the platform, Elite championships included.',
};

/**
 * How many open contests a member of `current` tier could newly join at `target`: those that
 * require a tier above the current one and up to the target. Zero when the target is not higher.
 */
export function contestsUnlocked(
  openContests: Partial<Record<Tier, number>>,
  current: Tier,
  target: Tier,
): number {
  return TIERS.filter((t) => tierRank(t) > tierRank(current) && tierRank(t) <= tierRank(target))
    .map((t) => openContests[t] ?? 0)
    .reduce((sum, n) => sum + n, 0);
}
