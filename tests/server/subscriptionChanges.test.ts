// Changing plan mid-period (issue 33): an upgrade credits the unused days of the paid plan held
// by value (what the member paid for it, or the tier's 30-day price / 30 for an admin's grant),
// the preview and the proof show the price after credit; a downgrade waits for the current end
// as the next plan (users.next_tier, next_period_days), a second one replacing the first.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, paymentProofs, users } from '../../src/server/platform/db/schema';
import { reviewProof } from '../../src/server/domain/money';
import { savePaymentConfig } from '../../src/server/domain/settings';
import { tierNotHigherMessage } from '../../src/shared/payments';
import { DEFAULT_PAYMENT_CONFIG } from '../../src/shared/schemas/settings';
import { DAY_MS, dailyValue, planChange, upgradeCredit } from '../../src/shared/subscriptions';
import type { Tier } from '../../src/shared/constants';
import { clientFor } from '../helpers/accounts';
import { callerFor, createUser, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { SENDERS, configureNetwork, txHashFor } from '../helpers/payments';
import { planOf as storedPlan } from '../helpers/subscriptions';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let reviewer: CreatedUser;
beforeAll(async () => {
  s = await startTestServer();
  reviewer = await createUser(s.db, { role: 'moderator' });
});
afterAll(() => s?.stop());

beforeEach(async () => {
  await savePaymentConfig({ db: s.db, value: DEFAULT_PAYMENT_CONFIG });
  await configureNetwork(s.db, 'ETH');
});

const inDays = (days: number, from: number) => new Date(from + days * DAY_MS);

const proofBody = (target: Record<string, unknown>) => ({
  ...target,
  network: 'ETH',
  txHash: txHashFor('ETH'),
  senderAddress: SENDERS.ETH,
});

const buy = (user: CreatedUser, tier: 'standard' | 'pro' | 'elite', periodDays: 30 | 365) =>
  callerFor(s, user).caller.payments.submitProof(proofBody({ tier, periodDays }) as never);

const verify = (id: number, now: number) =>
  reviewProof({
    db: s.db,
    actor: { id: reviewer.id, username: reviewer.username, role: 'moderator' },
    id,
    status: 'verified',
    now,
  });

const planOf = (userId: number) => storedPlan(s.db, userId);

const setPlan = (userId: number, tier: Tier, expiresAt: Date | null) =>
  s.db
    .update(users)
    .set({ subscriptionTier: tier, tierExpiresAt: expiresAt })
    .where(eq(users.id, userId));

async function auditOf(proofId: number) {
  const [row] = await s.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'payment.verify'), eq(auditLog.targetId, String(proofId))));
  return JSON.parse(row!.after!);
}

describe('the shared arithmetic', () => {
  const now = new Date(Date.UTC(2026, 0, 1));
  it('values a day at what was paid, credit included, else the 30-day price / 30', () => {
    expect(
      dailyValue({
        paid: { amountUsd: '8.00', creditUsd: '2.00', periodDays: 30 },
        thirtyDayPrice: 99,
      }),
    ).toBeCloseTo(10 / 30);
    expect(dailyValue({ paid: null, thirtyDayPrice: 25 })).toBeCloseTo(25 / 30);
    // A lifetime or pre-plan purchase has no days: the price now.
    expect(
      dailyValue({
        paid: { amountUsd: '600', creditUsd: null, periodDays: null },
        thirtyDayPrice: 30,
      }),
    ).toBe(1);
    expect(dailyValue({ paid: null, thirtyDayPrice: null })).toBe(0);
  });

  it('credits fractional remaining days, rounded down to the cent, capped at the price', () => {
    // 15.5 days at 1/3 USD a day: 5.1666… -> 5.16.
    expect(
      upgradeCredit({
        expiresAt: new Date(now.getTime() + 15.5 * DAY_MS),
        daily: 1 / 3,
        price: 50,
        now,
      }),
    ).toBe(5.16);
    expect(
      upgradeCredit({ expiresAt: inDays(300, now.getTime()), daily: 10, price: 50, now }),
    ).toBe(50);
    expect(upgradeCredit({ expiresAt: inDays(-1, now.getTime()), daily: 10, price: 50, now })).toBe(
      0,
    );
  });

  it('names the change a purchase makes', () => {
    const ahead = inDays(10, now.getTime());
    const past = inDays(-1, now.getTime());
    const change = (
      tier: Tier | null,
      expiresAt: Date | null,
      bought: 'standard' | 'pro' | 'elite',
    ) => planChange({ current: { tier, expiresAt }, bought, now });
    expect(change('free', null, 'pro')).toBe('buy');
    expect(change('standard', null, 'pro')).toBe('buy');
    expect(change('standard', past, 'pro')).toBe('buy');
    expect(change('standard', ahead, 'pro')).toBe('upgrade');
    expect(change('pro', ahead, 'pro')).toBe('renew');
    expect(change('pro', past, 'pro')).toBe('renew');
    expect(change('pro', null, 'pro')).toBeNull();
    expect(change('elite', ahead, 'standard')).toBe('downgrade');
    expect(change('elite', null, 'standard')).toBeNull();
    // In the grace of an ended plan, a lower tier is bought from now (nothing to wait for).
    expect(change('elite', past, 'standard')).toBe('buy');
  });
});

describe('an upgrade with a credit', () => {
  it('credits the unused days at what was paid, shows it first, and runs from now', async () => {
    const member = await createUser(s.db);
    const start = Date.now();
    // Standard for 30 days at 10 USD: a third of a dollar a day.
    await verify((await buy(member, 'standard', 30)).id, start);
    const caller = callerFor(s, member).caller;
    const options = await caller.payments.options({ tier: 'pro', periodDays: 30 });
    expect(options).toMatchObject({ tier: 'pro', change: 'upgrade', startsAt: null });
    // About 30 days left (less the milliseconds since): 9.99 or 10.00 of credit.
    const credit = Number(options.creditUsd);
    expect(credit).toBeGreaterThanOrEqual(9.98);
    expect(credit).toBeLessThanOrEqual(10);
    expect(Number(options.amountUsd)).toBeCloseTo(25 - credit, 2);
    expect(options.networks[0]!.amountCoin).toBe(
      (Number(options.amountUsd) * options.networks[0]!.rate).toFixed(8),
    );

    const proof = await buy(member, 'pro', 30);
    expect(Number(proof.creditUsd)).toBeCloseTo(credit, 1);
    expect(Number(proof.amountUsd) + Number(proof.creditUsd)).toBeCloseTo(25, 2);
    expect(proof.startsAt).toBeNull();
    const [row] = await s.db.select().from(paymentProofs).where(eq(paymentProofs.id, proof.id));
    expect(row!.creditUsd).toBe(proof.creditUsd);

    const now = Date.now();
    await verify(proof.id, now);
    expect(await planOf(member.id)).toMatchObject({ tier: 'pro', expiresAt: inDays(30, now) });
    expect(await auditOf(proof.id)).toMatchObject({
      tierBefore: 'standard',
      tierAfter: 'pro',
      creditUsd: proof.creditUsd,
      expiresAfter: inDays(30, now).toISOString(),
    });
  });

  it("values an admin's grant at the tier's 30-day price, half used: half the price", async () => {
    const member = await createUser(s.db);
    // Pro (25 USD for 30 days) with 15 days left: 12.50 of credit towards Elite.
    await setPlan(member.id, 'pro', new Date(Date.now() + 15 * DAY_MS + 60_000));
    const options = await callerFor(s, member).caller.payments.options({ tier: 'elite' });
    expect(options).toMatchObject({ change: 'upgrade', creditUsd: '12.50', amountUsd: '37.50' });
  });

  it('never credits more than the new plan costs', async () => {
    const member = await createUser(s.db);
    // A year of Pro (250 USD) with 300 days left, upgrading to 30 days of Elite (50 USD).
    await verify((await buy(member, 'pro', 365)).id, Date.now() - 65 * DAY_MS);
    const http = await clientFor(s, member.id);
    const res = await http.post(
      '/api/payments/proofs',
      proofBody({ tier: 'elite', periodDays: 30 }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      creditUsd: '50.00',
      amountUsd: '0.00',
      amountCoin: '0.00000000',
    });
  });

  it('gives no credit for a plan without an end, nor for one that has ended', async () => {
    const member = await createUser(s.db);
    await setPlan(member.id, 'standard', null);
    const caller = callerFor(s, member).caller;
    expect(await caller.payments.options({ tier: 'pro' })).toMatchObject({
      change: 'buy',
      creditUsd: null,
      amountUsd: '25.00',
    });
    await setPlan(member.id, 'standard', inDays(-1, Date.now()));
    expect(await caller.payments.options({ tier: 'pro' })).toMatchObject({
      change: 'buy',
      creditUsd: null,
    });
  });
});

describe('a downgrade at the end of the period', () => {
  it('is the next plan from the current end; nothing changes now', async () => {
    const member = await createUser(s.db);
    const end = inDays(20, Date.now());
    await setPlan(member.id, 'elite', end);
    const caller = callerFor(s, member).caller;
    const options = await caller.payments.options({ tier: 'standard', periodDays: 365 });
    expect(options).toMatchObject({
      change: 'downgrade',
      startsAt: end,
      creditUsd: null,
      amountUsd: '100.00',
    });
    const proof = await buy(member, 'standard', 365);
    expect(proof).toMatchObject({ startsAt: end, amountUsd: '100.00', creditUsd: null });
    await verify(proof.id, Date.now());
    expect(await planOf(member.id)).toEqual({
      tier: 'elite',
      expiresAt: end,
      nextTier: 'standard',
      nextPeriodDays: 365,
    });
    expect(await auditOf(proof.id)).toMatchObject({
      tierBefore: 'elite',
      tierAfter: 'elite',
      nextTier: 'standard',
      nextPeriodDays: 365,
      startsAt: end.toISOString(),
    });
    // A second next plan replaces the first.
    const again = await buy(member, 'pro', 30);
    await verify(again.id, Date.now());
    expect(await planOf(member.id)).toMatchObject({
      tier: 'elite',
      expiresAt: end,
      nextTier: 'pro',
      nextPeriodDays: 30,
    });
  });

  it('keeps refusing a lower tier under a plan without an end', async () => {
    const member = await createUser(s.db);
    await setPlan(member.id, 'elite', null);
    expect(await refusal(buy(member, 'pro', 30))).toMatchObject({
      code: 'BAD_REQUEST',
      reason: 'tier_not_higher',
      message: tierNotHigherMessage('elite'),
    });
  });

  it("buys a lower tier from now once the higher plan's end has passed (in its grace)", async () => {
    const member = await createUser(s.db);
    await setPlan(member.id, 'elite', inDays(-1, Date.now()));
    const options = await callerFor(s, member).caller.payments.options({
      tier: 'standard',
      periodDays: 30,
    });
    expect(options).toMatchObject({ change: 'buy', startsAt: null, creditUsd: null });
    const proof = await buy(member, 'standard', 30);
    const at = Date.now();
    await verify(proof.id, at);
    expect(await planOf(member.id)).toEqual({
      tier: 'standard',
      expiresAt: inDays(30, at),
      nextTier: null,
      nextPeriodDays: null,
    });
  });

  it('is bought from the review when the higher plan ended before it (what /payment said is asked again)', async () => {
    const member = await createUser(s.db);
    const end = inDays(5, Date.now());
    await setPlan(member.id, 'elite', end);
    const proof = await buy(member, 'standard', 30);
    expect(proof).toMatchObject({ startsAt: end });
    // Reviewed a week later, two days into the grace of Elite's end.
    const at = inDays(7, Date.now()).getTime();
    await verify(proof.id, at);
    expect(await planOf(member.id)).toEqual({
      tier: 'standard',
      expiresAt: inDays(30, at),
      nextTier: null,
      nextPeriodDays: null,
    });
  });

  it('changes nothing when the higher plan lost its end meanwhile', async () => {
    const member = await createUser(s.db);
    await setPlan(member.id, 'elite', inDays(20, Date.now()));
    const proof = await buy(member, 'standard', 30);
    // An admin made Elite permanent before the review.
    await setPlan(member.id, 'elite', null);
    await verify(proof.id, Date.now());
    expect(await planOf(member.id)).toEqual({
      tier: 'elite',
      expiresAt: null,
      nextTier: null,
      nextPeriodDays: null,
    });
  });
});
