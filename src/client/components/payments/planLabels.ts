// How a subscription plan (issue 33) is named on the plan chooser, /payment and the settings'
// plan table: its period ('365 days', 'Lifetime'), the plan ('Pro, 365 days') and its price.
import { TIER_LABELS } from '../../../shared/constants';
import type { PaidTier } from '../../../shared/payments';
import type { PlanPeriod } from '../../../shared/subscriptions';

/** '30 days', '365 days' or 'Lifetime'. */
export function periodLabel(period: PlanPeriod): string {
  return period === 'lifetime' ? 'Lifetime' : `${period} days`;
}

/** 'Pro, 365 days' or 'Pro, Lifetime'. */
export function planLabel(tier: PaidTier, period: PlanPeriod): string {
  return `${TIER_LABELS[tier]}, ${periodLabel(period)}`;
}

/** The settings table's label of one price: 'Pro price for 365 days', 'Pro price for lifetime'. */
export function planPriceLabel(tier: PaidTier, period: PlanPeriod): string {
  return `${TIER_LABELS[tier]} price for ${period === 'lifetime' ? 'lifetime' : `${period} days`}`;
}

/** '$250.00 USD' from the plans' number of dollars. */
export function planPriceText(priceUsd: number): string {
  return `$${priceUsd.toFixed(2)} USD`;
}
