// GET /api/user/subscription and GET /api/user/subscription/receipts/{id} over real HTTP (issue
// 33): the member's plan with dates as ISO strings, their billing history, a receipt of their
// own verified upgrade; 404 for anyone else's, 401 without a session.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/platform/db/schema';
import { reviewProof } from '../../src/server/domain/money';
import { RECEIPT_NOT_FOUND } from '../../src/server/domain/subscriptions';
import { DAY_MS } from '../../src/shared/subscriptions';
import { clientFor } from '../helpers/accounts';
import { createUser, type CreatedUser } from '../helpers/db';
import { configureNetwork, sendProofAs } from '../helpers/payments';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let member: CreatedUser;
let other: CreatedUser;
let proofId: number;
let othersProofId: number;
beforeAll(async () => {
  s = await startTestServer();
  member = await createUser(s.db);
  other = await createUser(s.db);
  const reviewer = await createUser(s.db, { role: 'moderator' });
  await configureNetwork(s.db, 'ETH');
  const verify = (id: number) =>
    reviewProof({
      db: s.db,
      actor: { id: reviewer.id, username: reviewer.username, role: 'moderator' },
      id,
      status: 'verified',
    });
  proofId = (await sendProofAs(s, member, { tier: 'pro', periodDays: 30 })).id;
  await verify(proofId);
  othersProofId = (await sendProofAs(s, other, { tier: 'standard', periodDays: 30 })).id;
  await verify(othersProofId);
});
afterAll(() => s?.stop());

describe('GET /api/user/subscription', () => {
  it("answers the member's plan and history, dates as ISO strings", async () => {
    const [row] = await s.db
      .select({ expiresAt: users.tierExpiresAt })
      .from(users)
      .where(eq(users.id, member.id));
    const end = row!.expiresAt!;
    const res = await (await clientFor(s, member.id)).get('/api/user/subscription');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      tier: 'pro',
      expiresAt: end.toISOString(),
      graceEndsAt: new Date(end.getTime() + 3 * DAY_MS).toISOString(),
      inGrace: false,
      nextTier: null,
      nextPeriodDays: null,
      history: [
        {
          proofId,
          tier: 'pro',
          periodDays: 30,
          network: 'ETH',
          creditUsd: null,
          txUrl: expect.stringMatching(/^https:\/\/etherscan\.io\/tx\/0x/),
        },
      ],
    });
    expect(await new HttpClient(s.url).get('/api/user/subscription')).toMatchObject({
      status: 401,
    });
  });
});

describe('GET /api/user/subscription/receipts/{id}', () => {
  it('answers a receipt of their own verified upgrade', async () => {
    const res = await (
      await clientFor(s, member.id)
    ).get(`/api/user/subscription/receipts/${proofId}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      proofId,
      username: member.username,
      email: member.email,
      tier: 'pro',
      periodDays: 30,
      verifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("404 for someone else's or a bad id, 401 without a session", async () => {
    const http = await clientFor(s, member.id);
    const res = await http.get(`/api/user/subscription/receipts/${othersProofId}`);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ message: RECEIPT_NOT_FOUND, code: 'NOT_FOUND' });
    expect((await http.get('/api/user/subscription/receipts/abc')).status).toBe(404);
    expect(
      (await new HttpClient(s.url).get(`/api/user/subscription/receipts/${proofId}`)).status,
    ).toBe(401);
  });
});
