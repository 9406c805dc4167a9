// What /payment's address asks for: a contest's entry fee (?contest=12), a tier upgrade
// (?tier=pro), or, with neither, the tier choice. A malformed address gets a message, not a call.
import { PAID_TIERS, type PaidTier } from '../../../shared/payments';

export type PaymentQuery =
  | { kind: 'choose' }
  | { kind: 'contest'; contestId: number }
  | { kind: 'tier'; tier: PaidTier }
  | { kind: 'invalid'; message: string };

export const PAYMENT_QUERY_MESSAGES = {
  both: 'This payment link names both a contest and a tier: pay for one at a time.',
  contest: 'This payment link does not name a contest that exists.',
  tier: 'There is no such tier to upgrade to: choose Standard, Pro or Elite.',
} as const;

export function parsePaymentQuery(params: URLSearchParams): PaymentQuery {
  const contest = params.get('contest');
  const tier = params.get('tier');
  if (contest !== null && tier !== null)
    return { kind: 'invalid', message: PAYMENT_QUERY_MESSAGES.both };
  if (contest !== null) {
    const id = /^\d{1,15}$/.test(contest.trim()) ? Number(contest.trim()) : NaN;
    return Number.isSafeInteger(id) && id > 0
      ? { kind: 'contest', contestId: id }
      : { kind: 'invalid', message: PAYMENT_QUERY_MESSAGES.contest };
  }
  if (tier !== null) {
    const wanted = tier.trim().toLowerCase();
    const known = PAID_TIERS.find((t) => t === wanted);
    return known
      ? { kind: 'tier', tier: known }
      : { kind: 'invalid', message: PAYMENT_QUERY_MESSAGES.tier };
  }
  return { kind: 'choose' };
}

/** The address of the payment page for one thing to pay for. */
export function paymentHref(target: { contestId: number } | { tier: PaidTier }): string {
  return 'contestId' in target
    ? `/payment?contest=${target.contestId}`
    : `/payment?tier=${target.tier}`;
}
