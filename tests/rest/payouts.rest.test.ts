// Payout lines over real HTTP (issue 30's REST lines): GET /api/payouts (X-Total-Count, the
// totals), PATCH /api/payouts/{id} with its 409s and the per-network 400, GET /api/payouts.csv
// as a CSV file, GET /api/payouts/totals/{userId} and POST /api/payouts/{id}/received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutMethods } from '../../src/server/platform/db/schema';
import { createPayoutLines } from '../../src/server/domain/payouts';
import { PAYOUT_MESSAGES } from '../../src/shared/payouts';
import { txHashFormatMessage } from '../../src/shared/payments';
import { clientFor } from '../helpers/accounts';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let approver: HttpClient;
let sender: HttpClient;
let winnerHttp: HttpClient;
let otherHttp: HttpClient;
let winner: CreatedUser;
let approverUser: CreatedUser;
let contestId: number;
beforeAll(async () => {
  s = await startTestServer();
  const admin1 = await createUser(s.db, { role: 'admin' });
  const admin2 = await createUser(s.db, { role: 'admin' });
  approverUser = admin1;
  approver = await clientFor(s, admin1.id);
  sender = await clientFor(s, admin2.id);
  winner = await createUser(s.db);
  winnerHttp = await clientFor(s, winner.id);
  otherHttp = await clientFor(s, (await createUser(s.db)).id);
  await s.db.insert(payoutMethods).values({
    userId: winner.id,
    paymentMethod: 'crypto',
    cryptoAddress: `0x${'cd'.repeat(20)}`,
    cryptoCurrency: 'USDT',
  });
  const contest = await insertContest(s.db, { createdBy: admin1.id, status: 'completed' });
  contestId = contest.id;
  const line = (amount: string, currency: 'USDT' | 'USDC') => ({
    userId: winner.id,
    username: winner.username,
    teamName: null,
    place: 1,
    placeText: '1st',
    amount,
    currency,
  });
  await s.db.transaction((tx) =>
    createPayoutLines(tx, {
      contestId: contest.id,
      contestTitle: contest.title,
      contestSlug: contest.slug,
      lines: [line('0.1', 'USDT'), line('0.2', 'USDC')],
    }),
  );
});
afterAll(() => s?.stop());

const HASH = `0x${'e'.repeat(64)}`;

async function idOf(currency: string): Promise<number> {
  const list = await sender.get(`/api/payouts?contestId=${contestId}`);
  return (list.json as unknown as { id: number; currency: string }[]).find(
    (p) => p.currency === currency,
  )!.id;
}

describe('GET /api/payouts', () => {
  it('answers an admin every line with X-Total-Count and the totals; a member their own', async () => {
    const all = await sender.get(`/api/payouts?contestId=${contestId}&pageSize=1`);
    expect(all.status).toBe(200);
    expect(all.json).toHaveLength(1);
    expect(all.headers.get('x-total-count')).toBe('2');
    expect(JSON.parse(all.headers.get('x-totals')!)).toEqual([
      { amount: '0.1', currency: 'USDT' },
      { amount: '0.2', currency: 'USDC' },
    ]);
    const mine = await winnerHttp.get('/api/payouts');
    expect([mine.status, mine.headers.get('x-total-count')]).toEqual([200, '2']);
    expect((mine.json as unknown as { method: string }[])[0]!.method).toBe('USDT to 0xcd…cdcd');
    const others = await otherHttp.get('/api/payouts');
    expect([others.status, others.json]).toEqual([200, []]);
    expect((await new HttpClient(s.url).get('/api/payouts')).status).toBe(401);
    expect((await sender.get('/api/payouts?status=lost')).status).toBe(400);
  });
});

describe('PATCH /api/payouts/{id}', () => {
  it('approves, refuses the approver (409 same_admin), sends once (409 already_sent)', async () => {
    const id = await idOf('USDT');
    const approved = await approver.patch(`/api/payouts/${id}`, { status: 'approved' });
    expect([approved.status, approved.json.status]).toEqual([200, 'approved']);
    const same = await approver.patch(`/api/payouts/${id}`, {
      status: 'sent',
      network: 'ETH',
      reference: HASH,
    });
    expect([same.status, same.json.reason, same.json.message]).toEqual([
      409,
      'same_admin',
      PAYOUT_MESSAGES.same_admin,
    ]);
    const badHash = await sender.patch(`/api/payouts/${id}`, {
      status: 'sent',
      network: 'SOL',
      reference: HASH,
    });
    expect([badHash.status, badHash.json.message]).toEqual([400, txHashFormatMessage('SOL')]);
    const sent = await sender.patch(`/api/payouts/${id}`, {
      status: 'sent',
      network: 'ETH',
      reference: HASH,
    });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ status: 'sent', reference: HASH, network: 'ETH' });
    const again = await sender.patch(`/api/payouts/${id}`, {
      status: 'sent',
      network: 'ETH',
      reference: HASH,
    });
    expect([again.status, again.json.reason]).toEqual([409, 'already_sent']);
  });

  it('answers 409 tx_hash_used, 404 for a missing line, 403 to members', async () => {
    const id = await idOf('USDC');
    await approver.patch(`/api/payouts/${id}`, { status: 'approved' });
    const used = await sender.patch(`/api/payouts/${id}`, {
      status: 'sent',
      network: 'ETH',
      reference: HASH.toUpperCase().replace('0X', ''),
    });
    expect([used.status, used.json.reason]).toEqual([409, 'tx_hash_used']);
    expect((await sender.patch('/api/payouts/999999', { status: 'approved' })).status).toBe(404);
    expect((await winnerHttp.patch(`/api/payouts/${id}`, { status: 'approved' })).status).toBe(403);
  });
});

describe('GET /api/payouts.csv', () => {
  it('answers the CSV file to admins, 403 to members', async () => {
    const res = await sender.get(`/api/payouts.csv?contestId=${contestId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="payouts.csv"');
    const rows = res.text.trimEnd().split('\r\n');
    expect(rows[0]!.startsWith('id,contest,member,team,place,amount,currency,status,')).toBe(true);
    expect(rows).toHaveLength(3);
    expect(res.text).toContain(`,1st,0.1,USDT,sent,USDT to 0x${'cd'.repeat(20)},ETH,${HASH},`);
    expect((await winnerHttp.get('/api/payouts.csv')).status).toBe(403);
  });
});

describe('GET /api/payouts/totals/{userId} and POST /api/payouts/{id}/received', () => {
  it("answers a member's yearly totals to admins; the winner confirms a sent line", async () => {
    const totals = await sender.get(`/api/payouts/totals/${winner.id}`);
    expect(totals.status).toBe(200);
    expect(totals.json).toEqual({
      userId: winner.id,
      username: winner.username,
      years: [{ year: new Date().getUTCFullYear(), totals: [{ amount: '0.1', currency: 'USDT' }] }],
    });
    expect((await sender.get('/api/payouts/totals/999999')).status).toBe(404);
    expect((await winnerHttp.get(`/api/payouts/totals/${winner.id}`)).status).toBe(403);
    const id = await idOf('USDT');
    expect((await otherHttp.post(`/api/payouts/${id}/received`)).status).toBe(403);
    const unsent = await winnerHttp.post(`/api/payouts/${await idOf('USDC')}/received`);
    expect([unsent.status, unsent.json.reason]).toEqual([409, 'not_sent']);
    const confirmed = await winnerHttp.post(`/api/payouts/${id}/received`);
    expect([confirmed.status, confirmed.json.status]).toEqual([200, 'confirmed']);
  });
});

describe('POST /api/payouts/{id}/forfeit-decision', () => {
  it("takes the organiser's decision once; 400 a wrong one, 403 a member, 409 each refusal", async () => {
    // A line of its own, ready (the winner has a method), of a contest the approver created.
    const contest = await insertContest(s.db, { createdBy: approverUser.id, status: 'completed' });
    const [id] = await s.db.transaction((tx) =>
      createPayoutLines(tx, {
        contestId: contest.id,
        contestTitle: contest.title,
        contestSlug: contest.slug,
        lines: [
          {
            userId: winner.id,
            username: winner.username,
            teamName: null,
            place: 1,
            placeText: '1st',
            amount: '5',
            currency: 'USD',
          },
        ],
      }),
    );
    const path = `/api/payouts/${id}/forfeit-decision`;
    const early = await approver.post(path, { decision: 'kept' });
    expect([early.status, early.json.reason]).toEqual([409, 'not_forfeited']);
    const forfeited = await sender.patch(`/api/payouts/${id}`, { status: 'forfeited' });
    expect([forfeited.status, forfeited.json.status]).toEqual([200, 'forfeited']);
    const wrong = await approver.post(path, { decision: 'later' });
    expect([wrong.status, wrong.json.message]).toEqual([
      400,
      'Decision must be one of passed, kept',
    ]);
    expect((await otherHttp.post(path, { decision: 'kept' })).status).toBe(403);
    // This contest's results were never confirmed: nobody to pass the prize to.
    const nobody = await approver.post(path, { decision: 'passed' });
    expect([nobody.status, nobody.json.reason, nobody.json.message]).toEqual([
      409,
      'no_next_place',
      PAYOUT_MESSAGES.noNextPlace,
    ]);
    const kept = await approver.post(path, { decision: 'kept' });
    expect(kept.status).toBe(200);
    expect(kept.json).toMatchObject({ payout: { id, forfeitDecision: 'kept' }, passedTo: [] });
    const again = await approver.post(path, { decision: 'passed' });
    expect([again.status, again.json.reason]).toEqual([409, 'already_decided']);
    expect(
      (await approver.post('/api/payouts/999999/forfeit-decision', { decision: 'kept' })).status,
    ).toBe(404);
  });
});
