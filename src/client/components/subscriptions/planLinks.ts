// Where a member renews or changes their plan (issue 33): the plan chooser, or /payment for the
// tier they hold (the 30-day plan; the page's 'Compare plans' leads to the others).
import type { Tier } from '../../../shared/constants';
import { PAID_TIERS, type PaidTier } from '../../../shared/payments';

export function isPaid(tier: Tier): tier is PaidTier {
  return (PAID_TIERS as readonly Tier[]).includes(tier);
}

/** Renewing the tier held: its 30-day plan on /payment. */
export function renewHref(tier: PaidTier): string {
  return `/payment?tier=${tier}&period=30`;
}

/** A receipt's own page, printable. */
export function receiptHref(proofId: number): string {
  return `/receipts/${proofId}`;
}
