// Changing plans over real HTTP (issue 33): an upgrade proof's answer with its credit, a
// downgrade's with when it starts, and staff's POST /api/admin/users/{id}/subscription (grant,
// extend, end, its 400s, 404 and admins only), with the users list's plan end.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/platform/db/schema';
import { savePaymentConfig } from '../../src/server/domain/settings';
import { DEFAULT_PAYMENT_CONFIG } from '../../src/shared/schemas/settings';
import { STAFF_PLAN_MESSAGES as SM } from '../../src/shared/schemas/adminUsers';
import { DAY_MS } from '../../src/shared/subscriptions';
import { signIn } from '../helpers/accounts';
import { createUser, type CreatedUser } from '../helpers/db';
import { SENDERS, configureNetwork, txHashFor } from '../helpers/payments';
import { startTestServer, type HttpClient, type TestServer } from '../helpers/server';

let s: TestServer;
let admin: CreatedUser;
let adminHttp: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  await savePaymentConfig({ db: s.db, value: DEFAULT_PAYMENT_CONFIG });
  await configureNetwork(s.db, 'ETH');
  admin = await createUser(s.db, { role: 'admin' });
  adminHttp = await signIn(s.url, admin);
});
afterAll(() => s?.stop());

const proof = (tier: string, periodDays: number) => ({
  tier,
  periodDays,
  network: 'ETH',
  txHash: txHashFor('ETH'),
  senderAddress: SENDERS.ETH,
});

const plan = (id: number, body: Record<string, unknown>) =>
  adminHttp.post(`/api/admin/users/${id}/subscription`, body);

describe('POST /api/payments/proofs while a plan runs', () => {
  it('answers an upgrade after its credit, and a downgrade with its start', async () => {
    const member = await createUser(s.db);
    const memberHttp = await signIn(s.url, member);
    // An admin's comp of Pro for 15 days: valued at 25 USD / 30 a day.
    const granted = await plan(member.id, {
      action: 'grant',
      tier: 'pro',
      days: 15,
      reason: 'Comp',
    });
    expect(granted.status).toBe(200);
    const up = await memberHttp.post('/api/payments/proofs', proof('elite', 30));
    expect(up.status).toBe(201);
    // 15 days less the moment since: 12.49 or 12.50 of credit, 50 USD all told.
    expect(Number(up.json.creditUsd)).toBeGreaterThanOrEqual(12.49);
    expect(Number(up.json.amountUsd) + Number(up.json.creditUsd)).toBeCloseTo(50, 2);
    expect(up.json.startsAt).toBeNull();

    const other = await createUser(s.db);
    const otherHttp = await signIn(s.url, other);
    await plan(other.id, { action: 'grant', tier: 'elite', days: 10, reason: 'Comp' });
    const [row] = await s.db
      .select({ end: users.tierExpiresAt })
      .from(users)
      .where(eq(users.id, other.id));
    const down = await otherHttp.post('/api/payments/proofs', proof('standard', 30));
    expect(down.status).toBe(201);
    expect(down.json).toMatchObject({
      amountUsd: '10.00',
      creditUsd: null,
      startsAt: row!.end!.toISOString(),
    });
  });
});

describe('POST /api/admin/users/{id}/subscription', () => {
  it('grants, extends and ends; the users list shows the end', async () => {
    const member = await createUser(s.db);
    const before = Date.now();
    const granted = await plan(member.id, {
      action: 'grant',
      tier: 'standard',
      days: 30,
      reason: 'Trial',
    });
    expect(granted.json).toMatchObject({ subscriptionTier: 'standard' });
    const end = new Date(granted.json.tierExpiresAt as string).getTime();
    expect(end).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    const extended = await plan(member.id, { action: 'extend', days: 5, reason: 'Outage' });
    expect(new Date(extended.json.tierExpiresAt as string).getTime()).toBe(end + 5 * DAY_MS);
    const listed = await adminHttp.get(`/api/users?search=${member.username}`);
    expect(listed.json).toEqual([
      expect.objectContaining({ id: member.id, tierExpiresAt: extended.json.tierExpiresAt }),
    ]);
    const ended = await plan(member.id, { action: 'end', reason: 'Refund' });
    expect(ended.json).toMatchObject({ subscriptionTier: 'free', tierExpiresAt: null });
  });

  it('answers 400 for bad days and a missing reason, 404 for an unknown user, 403 to others', async () => {
    const member = await createUser(s.db);
    for (const days of [-1, 0, 5000, 1.5]) {
      const res = await plan(member.id, { action: 'grant', tier: 'pro', days, reason: 'r' });
      expect(res.status, String(days)).toBe(400);
      expect(res.json.message).toBe(SM.days);
    }
    const noReason = await plan(member.id, { action: 'end' });
    expect(noReason.status).toBe(400);
    expect(noReason.json.message).toBe(SM.reason);
    expect((await plan(99_999_999, { action: 'end', reason: 'r' })).status).toBe(404);
    const memberHttp = await signIn(s.url, member);
    const own = await memberHttp.post(`/api/admin/users/${member.id}/subscription`, {
      action: 'grant',
      tier: 'elite',
      days: 30,
      reason: 'me',
    });
    expect(own.status).toBe(403);
  });
});
