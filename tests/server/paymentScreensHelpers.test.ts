// The payment and admin screens' pure client helpers: /payment's query, what a tier opens, the
// shortened identifiers, how proofs and reviews are named, and the sign-up chart's text.
import { describe, expect, it } from 'vitest';
import { summarizeSignups, formatDay } from '../../src/client/components/admin/dashboard/signups';
import {
  memberLabel,
  reviewOutcome,
} from '../../src/client/components/admin/payments/reviewLabels';
import {
  PAYMENT_QUERY_MESSAGES,
  parsePaymentQuery,
  paymentHref,
} from '../../src/client/components/payments/paymentQuery';
import {
  proofContestHref,
  proofPurposeLabel,
  usdText,
} from '../../src/client/components/payments/proofLabels';
import { contestsUnlocked } from '../../src/client/components/payments/tierInfo';
import { truncateMiddle } from '../../src/client/lib/truncate';
import type { TReviewProof } from '../../src/shared/schemas/payments';

const q = (query: string) => parsePaymentQuery(new URLSearchParams(query));

describe('parsePaymentQuery', () => {
  it('reads a contest id, a tier, or neither', () => {
    expect(q('')).toEqual({ kind: 'choose' });
    expect(q('contest=12')).toEqual({ kind: 'contest', contestId: 12 });
    expect(q('contest=%2012%20')).toEqual({ kind: 'contest', contestId: 12 });
    expect(q('tier=pro')).toEqual({ kind: 'tier', tier: 'pro', period: 30 });
    expect(q('tier=Elite')).toEqual({ kind: 'tier', tier: 'elite', period: 30 });
    expect(q('tier=pro&period=365')).toEqual({ kind: 'tier', tier: 'pro', period: 365 });
    expect(q('tier=pro&period=Lifetime')).toEqual({
      kind: 'tier',
      tier: 'pro',
      period: 'lifetime',
    });
    expect(q('utm=x')).toEqual({ kind: 'choose' });
  });

  it('gives a message for what names nothing payable', () => {
    for (const bad of [
      'contest=',
      'contest=0',
      'contest=-3',
      'contest=1.5',
      'contest=abc',
      'contest=99999999999999999',
    ]) {
      expect(q(bad), bad).toEqual({ kind: 'invalid', message: PAYMENT_QUERY_MESSAGES.contest });
    }
    for (const bad of ['tier=', 'tier=free', 'tier=premium', 'tier=gold']) {
      expect(q(bad), bad).toEqual({ kind: 'invalid', message: PAYMENT_QUERY_MESSAGES.tier });
    }
    for (const bad of ['period=', 'period=31', 'period=year', 'period=-30']) {
      expect(q(`tier=pro&${bad}`), bad).toEqual({
        kind: 'invalid',
        message: PAYMENT_QUERY_MESSAGES.period,
      });
    }
    expect(q('contest=3&period=30')).toEqual({
      kind: 'invalid',
      message: PAYMENT_QUERY_MESSAGES.periodWithoutTier,
    });
    expect(q('contest=3&tier=pro')).toEqual({
      kind: 'invalid',
      message: PAYMENT_QUERY_MESSAGES.both,
    });
  });

  it('builds the addresses it reads', () => {
    expect(paymentHref({ contestId: 7 })).toBe('/payment?contest=7');
    expect(paymentHref({ tier: 'standard' })).toBe('/payment?tier=standard');
    expect(paymentHref({ tier: 'pro', period: 365 })).toBe('/payment?tier=pro&period=365');
    expect(q(paymentHref({ tier: 'elite', period: 'lifetime' }).split('?')[1]!)).toEqual({
      kind: 'tier',
      tier: 'elite',
      period: 'lifetime',
    });
    expect(q(paymentHref({ contestId: 7 }).split('?')[1]!)).toEqual({
      kind: 'contest',
      contestId: 7,
    });
  });
});

describe('contestsUnlocked', () => {
  const open = { free: 9, standard: 2, pro: 3, elite: 1 };
  it('counts the contests above the current tier up to the target', () => {
    expect(contestsUnlocked(open, 'free', 'standard')).toBe(2);
    expect(contestsUnlocked(open, 'free', 'elite')).toBe(6);
    expect(contestsUnlocked(open, 'standard', 'pro')).toBe(3);
    expect(contestsUnlocked(open, 'pro', 'elite')).toBe(1);
  });
  it('is zero for a tier not above the current one, and for missing counts', () => {
    expect(contestsUnlocked(open, 'pro', 'pro')).toBe(0);
    expect(contestsUnlocked(open, 'elite', 'standard')).toBe(0);
    expect(contestsUnlocked({}, 'free', 'elite')).toBe(0);
  });
});

describe('truncateMiddle', () => {
  it('keeps the start and the end of a long value', () => {
    const hash = `0x${'a'.repeat(30)}${'b'.repeat(34)}`;
    expect(truncateMiddle(hash)).toBe(`0xaaaaaaaa…${'b'.repeat(8)}`);
    expect(truncateMiddle('abcdefghijklmnop', 3, 2)).toBe('abc…op');
  });
  it('leaves a value that would not get shorter whole', () => {
    expect(truncateMiddle('short')).toBe('short');
    expect(truncateMiddle('x'.repeat(19))).toBe('x'.repeat(19));
    expect(truncateMiddle('x'.repeat(20))).toBe(`${'x'.repeat(10)}…${'x'.repeat(8)}`);
  });
});

const proof = (values: Partial<TReviewProof>): TReviewProof => ({
  id: 1,
  purpose: 'entry_fee',
  contestId: 4,
  contestTitle: 'Candle Games',
  contestSlug: 'candle-games',
  tier: null,
  periodDays: null,
  network: 'ETH',
  walletAddress: '0xabc',
  txHash: '0x123',
  explorerUrl: null,
  senderAddress: '0x456',
  notes: null,
  proofFile: null,
  amountUsd: '100.00',
  amountCoin: '0.04200000',
  creditUsd: null,
  status: 'verified',
  reason: null,
  reviewedAt: null,
  createdAt: new Date(0),
  userId: 3,
  username: 'ada',
  submittedAs: 'ada',
  reviewerName: 'mod',
  teamName: null,
  ...values,
});

describe('proof labels', () => {
  it('names what a proof paid for and links a contest that still exists', () => {
    expect(proofPurposeLabel(proof({}))).toBe('Entry fee: Candle Games');
    expect(proofPurposeLabel(proof({ contestTitle: null }))).toBe('Entry fee: a deleted contest');
    expect(
      proofPurposeLabel(proof({ purpose: 'tier_upgrade', tier: 'pro', contestId: null })),
    ).toBe('Upgrade to Pro');
    expect(proofContestHref(proof({}))).toBe('/contests/candle-games');
    expect(proofContestHref(proof({ contestId: null, contestSlug: null }))).toBeNull();
    expect(usdText('25.00')).toBe('$25.00');
  });

  it('names a deleted member and says what each review did', () => {
    expect(memberLabel(proof({ username: null }))).toBe('Deleted user');
    expect(reviewOutcome(proof({}))).toEqual({
      title: 'Payment verified',
      description: 'ada is now a participant of Candle Games.',
    });
    // A team contest's fee is the team's: the toast names the team, not the captain who paid.
    expect(reviewOutcome(proof({ teamName: 'Baton Owls' })).description).toBe(
      'The entry fee of team Baton Owls for Candle Games is paid.',
    );
    expect(reviewOutcome(proof({ purpose: 'tier_upgrade', tier: 'elite' })).description).toBe(
      'ada is now on the Elite tier.',
    );
    expect(reviewOutcome(proof({ status: 'rejected', username: null }))).toEqual({
      title: 'Payment rejected',
      description: 'Deleted user can read your reason.',
    });
  });
});

describe('sign-ups per day', () => {
  it('names UTC days the same in any time zone', () => {
    expect(formatDay('2026-03-05')).toBe('Mar 5');
    expect(formatDay('2026-12-31')).toBe('Dec 31');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('sums them up with the busiest day (the latest of ties)', () => {
    const days = [
      { date: '2026-03-01', count: 2 },
      { date: '2026-03-02', count: 0 },
      { date: '2026-03-03', count: 2 },
    ];
    expect(summarizeSignups(days)).toBe(
      '4 sign-ups in the last 3 days; the busiest day was Mar 3 with 2.',
    );
    expect(summarizeSignups([{ date: '2026-03-01', count: 1 }])).toBe(
      '1 sign-up in the last 1 days; the busiest day was Mar 1 with 1.',
    );
    expect(summarizeSignups(days.map((d) => ({ ...d, count: 0 })))).toBe(
      'No sign-ups in the last 3 days.',
    );
  });
});
