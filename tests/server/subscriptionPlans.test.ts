// Subscriptions, the first slice (issue 33): the plans in the payment settings (defaults, and an
// install's config stored before plans had periods), GET /api/plans, upgrade proofs that name
// their period, and the tier's end a verification sets by the plan rule (from now, from the
// current end on renewal, capped at 3 years, none for a lifetime plan), the price at
// submission holding while the proof is pending.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, paymentProofs, settings, users } from '../../src/server/platform/db/schema';
import { reviewProof } from '../../src/server/domain/money';
import { getPaymentConfig, savePaymentConfig } from '../../src/server/domain/settings';
import { tierNotHigherMessage } from '../../src/shared/payments';
import { DEFAULT_PAYMENT_CONFIG, type TPaymentConfig } from '../../src/shared/schemas/settings';
import { DAY_MS, PLAN_MESSAGES, periodNotOfferedMessage } from '../../src/shared/subscriptions';
import type { Tier } from '../../src/shared/constants';
import { clientFor } from '../helpers/accounts';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { SENDERS, WALLETS, configureNetwork, insertProof, txHashFor } from '../helpers/payments';
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

const DEFAULT_PLANS = [
  { tier: 'standard', periodDays: 30, priceUsd: 10 },
  { tier: 'standard', periodDays: 365, priceUsd: 100 },
  { tier: 'pro', periodDays: 30, priceUsd: 25 },
  { tier: 'pro', periodDays: 365, priceUsd: 250 },
  { tier: 'elite', periodDays: 30, priceUsd: 50 },
  { tier: 'elite', periodDays: 365, priceUsd: 500 },
];

const inDays = (days: number, from: number) => new Date(from + days * DAY_MS);

const proofBody = (target: Record<string, unknown>) => ({
  ...target,
  network: 'ETH',
  txHash: txHashFor('ETH'),
  senderAddress: SENDERS.ETH,
});

/** A member sends an upgrade proof through the procedure (as the payment page does). */
const buy = (user: CreatedUser, tier: 'standard' | 'pro' | 'elite', periodDays?: unknown) =>
  callerFor(s, user).caller.payments.submitProof(
    proofBody(periodDays === undefined ? { tier } : { tier, periodDays }) as never,
  );

const verify = (id: number, now: number) =>
  reviewProof({
    db: s.db,
    actor: { id: reviewer.id, username: reviewer.username, role: 'moderator' },
    id,
    status: 'verified',
    now,
  });

async function planOf(userId: number): Promise<{ tier: Tier | null; expiresAt: Date | null }> {
  const [row] = await s.db
    .select({ tier: users.subscriptionTier, expiresAt: users.tierExpiresAt })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

const setPlan = (userId: number, tier: Tier, expiresAt: Date | null) =>
  s.db
    .update(users)
    .set({ subscriptionTier: tier, tierExpiresAt: expiresAt })
    .where(eq(users.id, userId));

const withConfig = async (change: (config: TPaymentConfig) => TPaymentConfig) =>
  savePaymentConfig({ db: s.db, value: change(await getPaymentConfig({ db: s.db })) });

describe('the plans', () => {
  it('default to the tier price for 30 days, ten times it for 365, lifetime off', async () => {
    const member = await createUser(s.db);
    expect(await callerFor(s, member).caller.subscriptions.plans()).toEqual(DEFAULT_PLANS);
    const res = await (await clientFor(s, member.id)).get('/api/plans');
    expect(res.status).toBe(200);
    expect(res.json).toEqual(DEFAULT_PLANS);
    // Members only.
    expect(await refusal(callerFor(s).caller.subscriptions.plans())).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('reads an install stored before plans had periods with its own prices x10', async () => {
    const fresh = await createTestDb();
    try {
      const member = await createUser(fresh.db);
      // As an earlier version stored the payment settings: 30-day prices only.
      const { yearPrices: _y, lifetimePrices: _l, ...old } = DEFAULT_PAYMENT_CONFIG;
      await fresh.db.insert(settings).values({
        key: 'payments',
        value: JSON.stringify({ ...old, tierPrices: { standard: 7, pro: 19.99, elite: 0 } }),
      });
      expect(await callerFor(fresh, member).caller.subscriptions.plans()).toEqual([
        { tier: 'standard', periodDays: 30, priceUsd: 7 },
        { tier: 'standard', periodDays: 365, priceUsd: 70 },
        { tier: 'pro', periodDays: 30, priceUsd: 19.99 },
        { tier: 'pro', periodDays: 365, priceUsd: 199.9 },
      ]);
      const config = await getPaymentConfig({ db: fresh.db });
      expect(config.tierPrices).toEqual({ standard: 7, pro: 19.99, elite: 0 });
      expect(config.lifetimePrices).toEqual({ standard: null, pro: null, elite: null });
    } finally {
      await fresh.close();
    }
  });

  it('offers a lifetime plan and turns a plan off as the admin sets them', async () => {
    const admin = await createUser(s.db, { role: 'admin' });
    const caller = callerFor(s, admin).caller;
    const current = await caller.adminSettings.getPayments();
    expect(current.yearPrices).toEqual({ standard: 100, pro: 250, elite: 500 });
    const saved = await caller.adminSettings.updatePayments({
      ...current,
      yearPrices: { ...current.yearPrices, standard: 0 },
      lifetimePrices: { standard: null, pro: 900, elite: null },
    });
    expect(saved.lifetimePrices.pro).toBe(900);
    const plans = await caller.subscriptions.plans();
    expect(plans.filter((p) => p.tier === 'standard')).toEqual([
      { tier: 'standard', periodDays: 30, priceUsd: 10 },
    ]);
    expect(plans).toContainEqual({ tier: 'pro', periodDays: 'lifetime', priceUsd: 900 });
    // A form that leaves the plans beyond 30 days out gets their defaults.
    const { yearPrices: _y, lifetimePrices: _l, ...without } = current;
    const reset = await caller.adminSettings.updatePayments(without);
    expect(reset.yearPrices).toEqual({ standard: 100, pro: 250, elite: 500 });
    expect(reset.lifetimePrices).toEqual({ standard: null, pro: null, elite: null });
    // Too large a price is refused with the field's message.
    expect(
      await refusal(
        caller.adminSettings.updatePayments({
          ...current,
          yearPrices: { ...current.yearPrices, pro: 2_000_000 },
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Price is too large' });
  });
});

describe('buying and renewing', () => {
  it('buys 30 days: the tier and an end 30 days after the verification', async () => {
    const member = await createUser(s.db);
    const proof = await buy(member, 'pro', 30);
    expect(proof).toMatchObject({ tier: 'pro', periodDays: 30, amountUsd: '25.00' });
    const now = Date.now();
    await verify(proof.id, now);
    expect(await planOf(member.id)).toEqual({ tier: 'pro', expiresAt: inDays(30, now) });
    const [audit] = await s.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.verify'), eq(auditLog.targetId, String(proof.id))));
    expect(JSON.parse(audit!.after!)).toMatchObject({
      tierBefore: 'free',
      tierAfter: 'pro',
      periodDays: 30,
      expiresBefore: null,
      expiresAfter: inDays(30, now).toISOString(),
    });
  });

  it('takes 30 days when no period is sent (clients from before plans)', async () => {
    const member = await createUser(s.db);
    const proof = await buy(member, 'standard');
    expect(proof).toMatchObject({ periodDays: 30, amountUsd: '10.00' });
    const [row] = await s.db.select().from(paymentProofs).where(eq(paymentProofs.id, proof.id));
    expect(row!.periodDays).toBe(30);
  });

  it('renews early from the current end: nothing is lost', async () => {
    const member = await createUser(s.db);
    const start = Date.now();
    await verify((await buy(member, 'pro', 30)).id, start);
    // Ten days later, a year of the same tier.
    const renewal = await buy(member, 'pro', 365);
    expect(renewal.amountUsd).toBe('250.00');
    await verify(renewal.id, start + 10 * DAY_MS);
    expect(await planOf(member.id)).toEqual({ tier: 'pro', expiresAt: inDays(30 + 365, start) });
  });

  it('runs from now when the same tier has already ended, and for a higher tier', async () => {
    const member = await createUser(s.db);
    const now = Date.now();
    await setPlan(member.id, 'standard', inDays(-3, now));
    await verify((await buy(member, 'standard', 30)).id, now);
    expect(await planOf(member.id)).toEqual({ tier: 'standard', expiresAt: inDays(30, now) });
    // Upgrading: the new tier from now (no credit for the unused days in this slice).
    await verify((await buy(member, 'elite', 30)).id, now);
    expect(await planOf(member.id)).toEqual({ tier: 'elite', expiresAt: inDays(30, now) });
  });

  it('caps the end at 3 years from now', async () => {
    const member = await createUser(s.db);
    const now = Date.now();
    await setPlan(member.id, 'elite', inDays(1000, now));
    await verify((await buy(member, 'elite', 365)).id, now);
    expect(await planOf(member.id)).toEqual({ tier: 'elite', expiresAt: inDays(3 * 365, now) });
  });

  it('buys a lifetime plan once offered: no end date', async () => {
    await withConfig((c) => ({ ...c, lifetimePrices: { ...c.lifetimePrices, pro: 600 } }));
    const member = await createUser(s.db);
    await setPlan(member.id, 'pro', inDays(5, Date.now()));
    const proof = await buy(member, 'pro', 'lifetime');
    expect(proof).toMatchObject({ periodDays: 'lifetime', amountUsd: '600.00' });
    await verify(proof.id, Date.now());
    expect(await planOf(member.id)).toEqual({ tier: 'pro', expiresAt: null });
  });

  it('verifies an upgrade sent before plans had periods as bought for good', async () => {
    const member = await createUser(s.db);
    // Written as the old code wrote it: no period.
    const id = await insertProof(s.db, { userId: member.id, tier: 'elite' });
    await verify(id, Date.now());
    expect(await planOf(member.id)).toEqual({ tier: 'elite', expiresAt: null });
    const mine = await callerFor(s, member).caller.payments.myProofs({});
    expect(mine.items[0]).toMatchObject({ id, periodDays: 'lifetime' });
  });

  it('refuses the tier held without an end date (nothing to renew) and a lower one', async () => {
    const member = await createUser(s.db);
    await setPlan(member.id, 'pro', null);
    for (const tier of ['pro', 'standard'] as const) {
      expect(await refusal(buy(member, tier, 30))).toMatchObject({
        code: 'BAD_REQUEST',
        reason: 'tier_not_higher',
        message: tierNotHigherMessage('pro'),
      });
    }
  });
  it('applies two verifications racing on one member one after the other', async () => {
    const member = await createUser(s.db);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const id = await insertProof(s.db, { userId: member.id, tier: 'pro' });
      await s.db.update(paymentProofs).set({ periodDays: 30 }).where(eq(paymentProofs.id, id));
      ids.push(id);
    }
    const now = Date.now();
    await Promise.all(ids.map((id) => verify(id, now)));
    // The second renews the first: 60 days, not 30 twice from now.
    expect(await planOf(member.id)).toEqual({ tier: 'pro', expiresAt: inDays(60, now) });
  });
});

describe('a period not offered', () => {
  it('answers 400 with what is wrong, and stores nothing', async () => {
    const member = await createUser(s.db);
    const http = await clientFor(s, member.id);
    const lifetime = await http.post(
      '/api/payments/proofs',
      proofBody({ tier: 'pro', periodDays: 'lifetime' }),
    );
    expect(lifetime.status).toBe(400);
    expect(lifetime.json).toMatchObject({
      reason: 'period_not_offered',
      message: periodNotOfferedMessage('Pro', 'lifetime'),
    });
    await withConfig((c) => ({ ...c, yearPrices: { ...c.yearPrices, elite: 0 } }));
    const year = await http.post(
      '/api/payments/proofs',
      proofBody({ tier: 'elite', periodDays: 365 }),
    );
    expect(year.status).toBe(400);
    expect(year.json).toMatchObject({
      reason: 'period_not_offered',
      message: 'The Elite tier is not offered for 365 days: choose another period.',
    });
    for (const periodDays of [90, 0, -30, '30', 1e9, null]) {
      const res = await http.post('/api/payments/proofs', proofBody({ tier: 'pro', periodDays }));
      expect(res.status, String(periodDays)).toBe(400);
      expect(res.json.message).toBe(PLAN_MESSAGES.period);
    }
    const fee = await http.post(
      '/api/payments/proofs',
      proofBody({ contestId: 1, periodDays: 30 }),
    );
    expect(fee.status).toBe(400);
    expect(fee.json.message).toBe(PLAN_MESSAGES.periodWithoutTier);
    const stored = await s.db
      .select({ id: paymentProofs.id })
      .from(paymentProofs)
      .where(eq(paymentProofs.userId, member.id));
    expect(stored).toEqual([]);
  });

  it('shows the chosen plan on the payment page, and its refusal', async () => {
    const member = await createUser(s.db);
    const caller = callerFor(s, member).caller;
    const options = await caller.payments.options({ tier: 'elite', periodDays: 365 });
    expect(options).toMatchObject({ tier: 'elite', periodDays: 365, amountUsd: '500.00' });
    expect(options.networks[0]).toMatchObject({ network: 'ETH', address: WALLETS.ETH });
    expect(
      await refusal(caller.payments.options({ tier: 'elite', periodDays: 'lifetime' })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      reason: 'period_not_offered',
    });
  });
});

describe('a price change while the proof is pending', () => {
  it('keeps the price and the period the member sent', async () => {
    const member = await createUser(s.db);
    const proof = await buy(member, 'pro', 365);
    expect(proof.amountUsd).toBe('250.00');
    // The admin raises the prices, then turns the year plan off.
    await withConfig((c) => ({
      ...c,
      tierPrices: { ...c.tierPrices, pro: 40 },
      yearPrices: { ...c.yearPrices, pro: 0 },
    }));
    expect(await callerFor(s, member).caller.subscriptions.plans()).toContainEqual({
      tier: 'pro',
      periodDays: 30,
      priceUsd: 40,
    });
    const now = Date.now();
    const reviewed = await verify(proof.id, now);
    expect(reviewed).toMatchObject({
      status: 'verified',
      amountUsd: '250.00',
      periodDays: 365,
    });
    expect(await planOf(member.id)).toEqual({ tier: 'pro', expiresAt: inDays(365, now) });
  });
});
