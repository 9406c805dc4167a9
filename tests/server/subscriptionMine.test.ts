// The member's own plan (issue 33): subscriptions.mine (tier, end, grace, the next plan, the
// billing history of their verified upgrades only, newest first) and subscriptions.receipt (one
// verified upgrade of the caller's; anything else not found). Both engines.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentProofs, users } from '../../src/server/platform/db/schema';
import { reviewProof } from '../../src/server/domain/money';
import { RECEIPT_NOT_FOUND, mySubscription } from '../../src/server/domain/subscriptions';
import { getPlatformSettings, savePaymentConfig } from '../../src/server/domain/settings';
import { DEFAULT_PAYMENT_CONFIG } from '../../src/shared/schemas/settings';
import { explorerLink } from '../../src/shared/payments';
import { DAY_MS } from '../../src/shared/subscriptions';
import { callerFor, createTestDb, createUser, type CreatedUser, type TestDb } from '../helpers/db';
import { failure } from '../helpers/errors';
import { insertContest } from '../helpers/contests';
import { configureNetwork, insertProof, sendProofAs } from '../helpers/payments';

let t: TestDb;
let reviewer: CreatedUser;
beforeAll(async () => {
  t = await createTestDb();
  reviewer = await createUser(t.db, { role: 'moderator' });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await savePaymentConfig({ db: t.db, value: DEFAULT_PAYMENT_CONFIG });
  await configureNetwork(t.db, 'ETH');
});

const verify = (id: number, now = Date.now()) =>
  reviewProof({
    db: t.db,
    actor: { id: reviewer.id, username: reviewer.username, role: 'moderator' },
    id,
    status: 'verified',
    now,
  });

/** An upgrade bought through the service and verified: answers the stored proof's row. */
async function bought(member: CreatedUser, tier: 'standard' | 'pro' | 'elite', days: 30 | 365) {
  const proof = await sendProofAs(t, member, { tier, periodDays: days });
  await verify(proof.id);
  const [row] = await t.db.select().from(paymentProofs).where(eq(paymentProofs.id, proof.id));
  return row!;
}

const setPlan = (userId: number, values: Partial<typeof users.$inferInsert>) =>
  t.db.update(users).set(values).where(eq(users.id, userId));

const mine = (user: CreatedUser) => callerFor(t, user).caller.subscriptions.mine();

describe('subscriptions.mine', () => {
  it('a member without a plan: their tier, no end, no history', async () => {
    const member = await createUser(t.db);
    expect(await mine(member)).toEqual({
      tier: 'free',
      expiresAt: null,
      graceEndsAt: null,
      inGrace: false,
      nextTier: null,
      nextPeriodDays: null,
      history: [],
    });
    expect(await failure(callerFor(t).caller.subscriptions.mine())).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('the plan bought, its end and grace, and only the verified upgrades, newest first', async () => {
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    const first = await bought(member, 'standard', 30);
    const second = await bought(member, 'pro', 365);
    await t.db
      .update(paymentProofs)
      .set({ creditUsd: '7.50', reviewedAt: new Date(first.reviewedAt!.getTime() + 1000) })
      .where(eq(paymentProofs.id, second.id));
    // Not in the history: a pending and a rejected upgrade, an entry fee, someone else's.
    await insertProof(t.db, { userId: member.id, tier: 'elite' });
    await insertProof(t.db, { userId: member.id, tier: 'elite', status: 'rejected' });
    const admin = await createUser(t.db, { role: 'admin' });
    const contest = await insertContest(t.db, { createdBy: admin.id });
    await insertProof(t.db, { userId: member.id, contestId: contest.id, status: 'verified' });
    await bought(other, 'elite', 30);

    const view = await mine(member);
    const [user] = await t.db
      .select({ expiresAt: users.tierExpiresAt })
      .from(users)
      .where(eq(users.id, member.id));
    expect(view).toMatchObject({
      tier: 'pro',
      expiresAt: user!.expiresAt,
      graceEndsAt: new Date(user!.expiresAt!.getTime() + 3 * DAY_MS),
      inGrace: false,
      nextTier: null,
      nextPeriodDays: null,
    });
    expect(view.history).toEqual([
      {
        proofId: second.id,
        verifiedAt: new Date(first.reviewedAt!.getTime() + 1000),
        tier: 'pro',
        periodDays: 365,
        amountUsd: second.amountUsd,
        creditUsd: '7.50',
        amountCoin: second.amountCoin,
        network: 'ETH',
        txHash: second.txHash,
        txUrl: explorerLink('https://etherscan.io/tx/{hash}', 'ETH', second.txHash),
      },
      expect.objectContaining({ proofId: first.id, tier: 'standard', periodDays: 30 }),
    ]);
    expect(view.history[0]!.txUrl).toMatch(/^https:\/\/etherscan\.io\/tx\/0x[0-9a-f]{64}$/);
  });

  it('in the grace after the end, and the next plan with its days', async () => {
    const member = await createUser(t.db, { tier: 'pro' });
    const end = new Date(Date.now() - DAY_MS);
    await setPlan(member.id, { tierExpiresAt: end, nextTier: 'standard', nextPeriodDays: 365 });
    expect(await mine(member)).toMatchObject({
      tier: 'pro',
      expiresAt: end,
      graceEndsAt: new Date(end.getTime() + 3 * DAY_MS),
      inGrace: true,
      nextTier: 'standard',
      nextPeriodDays: 365,
    });
    await setPlan(member.id, { nextPeriodDays: null });
    // At a clock of the caller's choosing (the domain function): before the end, not in grace.
    const before = await mySubscription({
      db: t.db,
      userId: member.id,
      now: new Date(end.getTime() - 1),
    });
    expect(before).toMatchObject({ inGrace: false, nextPeriodDays: 'lifetime' });
    const after = await mySubscription({
      db: t.db,
      userId: member.id,
      now: new Date(end.getTime() + 3 * DAY_MS),
    });
    expect(after.inGrace).toBe(false);
  });

  it('a tier bought for good before plans had periods shows as lifetime', async () => {
    const member = await createUser(t.db);
    const id = await insertProof(t.db, { userId: member.id, tier: 'pro', status: 'verified' });
    expect((await mine(member)).history).toEqual([
      expect.objectContaining({ proofId: id, periodDays: 'lifetime', creditUsd: null }),
    ]);
  });
});

describe('subscriptions.plan', () => {
  it('is the plan of subscriptions.mine without its history (the grace banner reads it)', async () => {
    const member = await createUser(t.db);
    await bought(member, 'pro', 30);
    await setPlan(member.id, { tierExpiresAt: new Date(Date.now() - DAY_MS) });
    const plan = await callerFor(t, member).caller.subscriptions.plan();
    const { history, ...rest } = await mine(member);
    expect(history).toHaveLength(1);
    expect(plan).toEqual(rest);
    expect(plan).toMatchObject({ tier: 'pro', inGrace: true });
    expect(await failure(callerFor(t).caller.subscriptions.plan())).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('subscriptions.receipt', () => {
  it("the caller's verified upgrade, with what a printed receipt shows", async () => {
    const member = await createUser(t.db);
    const proof = await bought(member, 'elite', 30);
    const receipt = await callerFor(t, member).caller.subscriptions.receipt({ proofId: proof.id });
    expect(receipt).toEqual({
      proofId: proof.id,
      platformName: (await getPlatformSettings({ db: t.db })).siteName,
      username: member.username,
      email: member.email,
      submittedAt: proof.createdAt,
      verifiedAt: proof.reviewedAt,
      tier: 'elite',
      periodDays: 30,
      amountUsd: proof.amountUsd,
      creditUsd: null,
      amountCoin: proof.amountCoin,
      network: 'ETH',
      txHash: proof.txHash,
      txUrl: explorerLink('https://etherscan.io/tx/{hash}', 'ETH', proof.txHash),
      walletAddress: proof.walletAddress,
      senderAddress: proof.senderAddress,
    });
  });

  it("not found for anyone else's, a pending one, an entry fee; refused without a session", async () => {
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    const others = await bought(other, 'pro', 30);
    const pending = await insertProof(t.db, { userId: member.id, tier: 'pro' });
    const admin = await createUser(t.db, { role: 'admin' });
    const contest = await insertContest(t.db, { createdBy: admin.id });
    const fee = await insertProof(t.db, {
      userId: member.id,
      contestId: contest.id,
      status: 'verified',
    });
    const caller = callerFor(t, member).caller;
    for (const proofId of [others.id, pending, fee, 2_000_000_000]) {
      expect(await failure(caller.subscriptions.receipt({ proofId }))).toEqual({
        code: 'NOT_FOUND',
        message: RECEIPT_NOT_FOUND,
      });
    }
    // Not even an admin reads another member's receipt here.
    expect(
      await failure(callerFor(t, admin).caller.subscriptions.receipt({ proofId: others.id })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure(caller.subscriptions.receipt({ proofId: 0 }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(
      await failure(callerFor(t).caller.subscriptions.receipt({ proofId: others.id })),
    ).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
