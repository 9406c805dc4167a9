// How the member's plan is worded on Account Settings, the banner and the receipt (issue 33).
import { TIER_LABELS, type Tier } from '../../../shared/constants';
import { planDate } from '../../../shared/subscriptions';

/** '30 days', '365 days', '12 days' (an admin's grant) or 'Lifetime'. */
export function daysText(days: number | 'lifetime'): string {
  if (days === 'lifetime') return 'Lifetime';
  return days === 1 ? '1 day' : `${days} days`;
}

/** 'Pro, 365 days'. */
export function paidPlanText(tier: Tier, days: number | 'lifetime'): string {
  return `${TIER_LABELS[tier]}, ${daysText(days)}`;
}

/** When the plan ends, as Account Settings says it: a date, or 'No end date'. */
export function endText(expiresAt: Date | null): string {
  return expiresAt ? planDate(expiresAt) : 'No end date';
}

/** The grace's words: 'Your Pro plan ended on 1 May 2026; renew by 4 May 2026 to keep it.' */
export function graceText(tier: Tier, expiresAt: Date, graceEndsAt: Date): string {
  return `Your ${TIER_LABELS[tier]} plan ended on ${planDate(expiresAt)}; renew by ${planDate(graceEndsAt)} to keep it.`;
}
