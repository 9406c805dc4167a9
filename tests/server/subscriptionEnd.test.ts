// The plan rule of issue 33 (src/shared/subscriptions.ts): when a verified purchase ends, and
// which plans the payment settings offer.
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  MAX_AHEAD_DAYS,
  offeredPlans,
  planPrice,
  subscriptionEnd,
} from '../../src/shared/subscriptions';
import {
  DEFAULT_PAYMENT_CONFIG,
  ZPaymentConfigSchema,
  type TPaymentConfig,
} from '../../src/shared/schemas/settings';

const now = new Date('2026-06-01T12:00:00.000Z');
const inDays = (days: number, from = now) => new Date(from.getTime() + days * DAY_MS);

describe('subscriptionEnd', () => {
  it('runs from now for a member without that tier (free, or another tier)', () => {
    expect(
      subscriptionEnd({
        current: { tier: 'free', expiresAt: null },
        bought: { tier: 'pro', periodDays: 30 },
        now,
      }),
    ).toEqual(inDays(30));
    // Another tier's end is not carried over (no credit in this slice).
    expect(
      subscriptionEnd({
        current: { tier: 'standard', expiresAt: inDays(20) },
        bought: { tier: 'pro', periodDays: 365 },
        now,
      }),
    ).toEqual(inDays(365));
  });

  it('extends the same tier from its current end (renewing early loses nothing)', () => {
    expect(
      subscriptionEnd({
        current: { tier: 'pro', expiresAt: inDays(10) },
        bought: { tier: 'pro', periodDays: 30 },
        now,
      }),
    ).toEqual(inDays(40));
  });

  it('runs from now when the same tier has already ended', () => {
    expect(
      subscriptionEnd({
        current: { tier: 'pro', expiresAt: inDays(-5) },
        bought: { tier: 'pro', periodDays: 30 },
        now,
      }),
    ).toEqual(inDays(30));
    // Ending exactly now counts as ended.
    expect(
      subscriptionEnd({
        current: { tier: 'pro', expiresAt: now },
        bought: { tier: 'pro', periodDays: 30 },
        now,
      }),
    ).toEqual(inDays(30));
  });

  it('caps the end at 3 years from now', () => {
    expect(MAX_AHEAD_DAYS).toBe(1095);
    expect(
      subscriptionEnd({
        current: { tier: 'elite', expiresAt: inDays(1000) },
        bought: { tier: 'elite', periodDays: 365 },
        now,
      }),
    ).toEqual(inDays(MAX_AHEAD_DAYS));
    // Just under the cap stays as computed.
    expect(
      subscriptionEnd({
        current: { tier: 'elite', expiresAt: inDays(730) },
        bought: { tier: 'elite', periodDays: 365 },
        now,
      }),
    ).toEqual(inDays(MAX_AHEAD_DAYS));
    expect(
      subscriptionEnd({
        current: { tier: 'elite', expiresAt: inDays(700) },
        bought: { tier: 'elite', periodDays: 365 },
        now,
      }),
    ).toEqual(inDays(1065));
  });

  it('ends never for a lifetime plan, or the same tier already held without an end', () => {
    expect(
      subscriptionEnd({
        current: { tier: 'pro', expiresAt: inDays(10) },
        bought: { tier: 'pro', periodDays: null },
        now,
      }),
    ).toBeNull();
    expect(
      subscriptionEnd({
        current: { tier: 'pro', expiresAt: null },
        bought: { tier: 'pro', periodDays: 30 },
        now,
      }),
    ).toBeNull();
  });
});

describe('plans in the payment settings', () => {
  it('defaults: 30 days at the tier price, 365 days at ten times it, no lifetime', () => {
    expect(offeredPlans(DEFAULT_PAYMENT_CONFIG)).toEqual([
      { tier: 'standard', periodDays: 30, priceUsd: 10 },
      { tier: 'standard', periodDays: 365, priceUsd: 100 },
      { tier: 'pro', periodDays: 30, priceUsd: 25 },
      { tier: 'pro', periodDays: 365, priceUsd: 250 },
      { tier: 'elite', periodDays: 30, priceUsd: 50 },
      { tier: 'elite', periodDays: 365, priceUsd: 500 },
    ]);
  });

  it('reads a config without plans with the year price from its own 30-day prices', () => {
    const { yearPrices: _y, lifetimePrices: _l, ...old } = DEFAULT_PAYMENT_CONFIG;
    const parsed = ZPaymentConfigSchema.parse({
      ...old,
      tierPrices: { standard: 12.5, pro: 0, elite: 99.99 },
    });
    expect(parsed.yearPrices).toEqual({ standard: 125, pro: 0, elite: 999.9 });
    expect(parsed.lifetimePrices).toEqual({ standard: null, pro: null, elite: null });
    expect(parsed.graceDays).toBe(3);
    // A tier without a 30-day price is not offered for a year either (0 is "not offered").
    expect(planPrice(parsed, 'pro', 365)).toBeNull();
  });

  it('takes grace days from 0 to 30, whole', () => {
    for (const graceDays of [0, 7, 30]) {
      expect(ZPaymentConfigSchema.parse({ ...DEFAULT_PAYMENT_CONFIG, graceDays }).graceDays).toBe(
        graceDays,
      );
    }
    for (const graceDays of [-1, 31, 2.5, '3', null]) {
      const parsed = ZPaymentConfigSchema.safeParse({ ...DEFAULT_PAYMENT_CONFIG, graceDays });
      expect(parsed.error?.issues[0]?.message).toBe(
        'Grace days must be a whole number from 0 to 30',
      );
    }
  });

  // The fuzz suite found this one: the derived year price of the largest 30-day price (with
  // cents past the second decimal) failed the read of the settings that stored it (a 500).
  it('derives year prices the schema accepts again from the largest 30-day prices', () => {
    const { yearPrices: _y, lifetimePrices: _l, ...old } = DEFAULT_PAYMENT_CONFIG;
    for (const price of [100_000, 10_000.0005, 99_999.999]) {
      const first = ZPaymentConfigSchema.parse({
        ...old,
        tierPrices: { standard: price, pro: price, elite: price },
      });
      // What is stored is read back through the same schema.
      const again = ZPaymentConfigSchema.safeParse(first);
      expect(again.success, String(price)).toBe(true);
      expect(again.data?.yearPrices.pro).toBe(first.yearPrices.pro);
    }
  });

  it('offers a lifetime plan once it has a price; 0 turns a plan off', () => {
    const config: TPaymentConfig = {
      ...DEFAULT_PAYMENT_CONFIG,
      yearPrices: { ...DEFAULT_PAYMENT_CONFIG.yearPrices, standard: 0 },
      lifetimePrices: { standard: null, pro: 900, elite: 0 },
    };
    expect(planPrice(config, 'pro', 'lifetime')).toBe(900);
    expect(planPrice(config, 'elite', 'lifetime')).toBeNull();
    expect(planPrice(config, 'standard', 365)).toBeNull();
    expect(offeredPlans(config).filter((p) => p.tier === 'pro')).toHaveLength(3);
  });
});
