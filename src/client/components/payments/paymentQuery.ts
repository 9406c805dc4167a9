// What /payment's address asks for: a contest's entry fee (?contest=12), a tier's plan
// (?tier=pro&period=365, issue 33; 30 days when the period is left out), or, with neither, the
// plan chooser. A malformed address gets a message, not a call.
import { PAID_TIERS, type PaidTier } from '../../../shared/payments';
import { PLAN_MESSAGES, type PlanPeriod } from '../../../shared/subscriptions';

export type PaymentQuery =
  | { kind: 'choose' }
  | { kind: 'contest'; contestId: number }
  | { kind: 'tier'; tier: PaidTier; period: PlanPeriod }
  | { kind: 'invalid'; message: string };

export const PAYMENT_QUERY_MESSAGES = {
  both: 'This payment link names both a contest and a tier: pay for one at a time.',
  contest: 'This payment link does not name a contest that exists.',
  tier: 'There is no such tier to upgrade to: choose Standard, Pro or Elite.',
  period: PLAN_MESSAGES.period,
  periodWithoutTier: PLAN_MESSAGES.periodWithoutTier,
} as const;

/** '30', '365' or 'lifetime' as the address spells it; null for anything else. */
function parsePeriod(text: string): PlanPeriod | null {
  const wanted = text.trim().toLowerCase();
  if (wanted === '30') return 30;
  if (wanted === '365') return 365;
  if (wanted === 'lifetime') return 'lifetime';
  return null;
}

export function parsePaymentQuery(params: URLSearchParams): PaymentQuery {
  const contest = params.get('contest');
  const tier = params.get('tier');
  const periodText = params.get('period');
  if (contest !== null && tier !== null)
    return { kind: 'invalid', message: PAYMENT_QUERY_MESSAGES.both };
  if (contest !== null) {
    if (periodText !== null)
      return { kind: 'invalid', message: PAYMENT_QUERY_MESSAGES.periodWithoutTier };
    const id = /^\d{1,15}$/.test(contest.trim()) ? Number(contest.trim()) : NaN;
    return Number.isSafeInteger(id) && id > 0
      ? { kind: 'contest', contestId: id }
      : { kind: 'invalid', message: PAYMENT_QUERY_MESSAGES.contest };
  }
  if (tier !== null) {
    const wanted = tier.trim().toLowerCase();
    const known = PAID_TIERS.find((t) => t === wanted);
    if (!known) return { kind: 'invalid', message: PAYMENT_QUERY_MESSAGES.tier };
    const period = periodText === null ? 30 : parsePeriod(periodText);
    return period === null
      ? { kind: 'invalid', message: PAYMENT_QUERY_MESSAGES.period }
      : { kind: 'tier', tier: known, period };
  }
  return { kind: 'choose' };
}

/** The address of the payment page for one thing to pay for (a plan: with its period). */
export function paymentHref(
  target: { contestId: number } | { tier: PaidTier; period?: PlanPeriod },
): string {
  if ('contestId' in target) return `/payment?contest=${target.contestId}`;
  const period = target.period === undefined ? '' : `&period=${target.period}`;
  return `/payment?tier=${target.tier}${period}`;
}
