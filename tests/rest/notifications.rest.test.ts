// Issue 20 'Notifications' over real HTTP: every event kind reached through its REST path writes
// the member's notification (and its e-mail in mail_outbox when the preference says so);
// GET /api/notifications?unread=true&page= pages them; POST /api/notifications/read { ids | all }
// marks the caller's own only; the count and the preferences have their rows too.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/platform/db/schema';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { notify } from '../../src/server/domain/messages';
import { NOTIFICATION_MESSAGES } from '../../src/shared/schemas/notifications';
import { clientFor } from '../helpers/accounts';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { SENDER, configureNetwork, txHash } from '../helpers/payments';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let admin: CreatedUser;
let adminHttp: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  admin = await createUser(s.db, { role: 'admin' });
  adminHttp = await clientFor(s, admin.id);
  await configureNetwork(s.db, 'ETH');
});
afterAll(() => s?.stop());

interface Item {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  readAt: string | null;
  createdAt: string;
}

async function member() {
  const user = await createUser(s.db);
  return { user, http: await clientFor(s, user.id) };
}

async function list(http: HttpClient, query = '') {
  const res = await http.get(`/api/notifications${query}`);
  expect(res.status).toBe(200);
  return res.json as unknown as {
    items: Item[];
    total: number;
    unread: number;
    page: number;
    pageSize: number;
  };
}

const mails = (userId: number) =>
  s.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody, to: mailOutbox.toAddress })
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, userId));

describe('each event kind through its REST path', () => {
  it('a proof verified: payment_verified (e-mailed, linking to the request origin) and contest_joined', async () => {
    const { user, http } = await member();
    const contest = await insertContest(s.db, {
      createdBy: admin.id,
      participationType: 'paid',
      entryFee: '50',
    });
    const sent = await http.post('/api/payments/proofs', {
      contestId: contest.id,
      network: 'ETH',
      txHash: txHash(),
      senderAddress: SENDER,
    });
    expect(sent.status).toBe(201);
    expect(
      (await adminHttp.patch(`/api/payments/proofs/${sent.json.id}`, { status: 'verified' }))
        .status,
    ).toBe(200);
    const page = await list(http);
    expect(page.items.map((n) => n.kind)).toEqual(['contest_joined', 'payment_verified']);
    expect(page.unread).toBe(2);
    expect(typeof page.items[0]!.createdAt).toBe('string');
    const [mail] = await mails(user.id);
    expect(mail!.to).toBe(user.email);
    expect(mail!.text).toContain(`${s.url}/contests/${contest.slug}`);
  });

  it('a proof rejected: payment_rejected with its reason', async () => {
    const { user, http } = await member();
    const sent = await http.post('/api/payments/proofs', {
      tier: 'pro',
      network: 'ETH',
      txHash: txHash(),
      senderAddress: SENDER,
    });
    expect(sent.status).toBe(201);
    await adminHttp.patch(`/api/payments/proofs/${sent.json.id}`, {
      status: 'rejected',
      reason: 'Wrong amount',
    });
    const [n] = (await list(http)).items;
    expect(n).toMatchObject({ kind: 'payment_rejected' });
    expect(n!.body).toContain('Reason: Wrong amount');
    expect((await mails(user.id))[0]!.text).toContain('Wrong amount');
  });

  it('a contest approved, and one rejected with its reason (PATCH /api/contests/:id)', async () => {
    const { http, user } = await member();
    const a = await insertContest(s.db, { createdBy: user.id, status: 'pending' });
    const b = await insertContest(s.db, { createdBy: user.id, status: 'pending' });
    expect((await adminHttp.patch(`/api/contests/${a.id}`, { status: 'active' })).status).toBe(200);
    const rejected = await adminHttp.patch(`/api/contests/${b.id}`, {
      status: 'rejected',
      reason: 'Dates overlap with another contest',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.json.status).toBe('rejected');
    const items = (await list(http)).items;
    expect(items.map((n) => n.kind)).toEqual(['contest_rejected', 'contest_approved']);
    expect(items[0]!.body).toContain('Reason: Dates overlap with another contest');
    expect(await mails(user.id)).toHaveLength(2);
  });

  it('joined (POST /api/contests/:id/join), in the app only by default', async () => {
    const { user, http } = await member();
    const contest = await insertContest(s.db, { createdBy: admin.id });
    expect((await http.post(`/api/contests/${contest.id}/join`)).status).toBe(201);
    expect((await list(http)).items.map((n) => n.kind)).toEqual(['contest_joined']);
    expect(await mails(user.id)).toEqual([]);
  });

  it('a score changed (PUT scores and a CSV file), and the final results with the rank', async () => {
    const { user, http } = await member();
    const contest = await insertContest(s.db, { createdBy: admin.id });
    await addParticipant({ db: s.db, contestId: contest.id, userId: user.id });
    const put = await adminHttp.request('PUT', `/api/contests/${contest.id}/scores`, {
      scores: [{ username: user.username, score: 40 }],
    });
    expect(put.status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([`${user.username},42\n`], { type: 'text/csv' }), 's.csv');
    const csv = await adminHttp.request('POST', `/api/contests/${contest.id}/scores/csv`, form);
    expect(csv.status).toBe(200);
    expect(
      (await adminHttp.patch(`/api/contests/${contest.id}`, { status: 'completed' })).status,
    ).toBe(200);
    const items = (await list(http)).items;
    expect(items.map((n) => n.kind)).toEqual(['contest_results', 'score_changed', 'score_changed']);
    expect(items[0]!.body).toContain('You finished #1 of 1');
    expect(items[1]!.body).toContain('now 42 (was 40)');
    // Results are e-mailed by default, scores not.
    expect((await mails(user.id)).map((m) => m.subject.split(' · ')[0])).toEqual([
      `Final results: ${contest.title}`,
    ]);
  });
});

describe('GET /api/notifications and POST /api/notifications/read', () => {
  let reader: { user: CreatedUser; http: HttpClient };
  let stranger: { user: CreatedUser; http: HttpClient };
  beforeAll(async () => {
    reader = await member();
    stranger = await member();
    for (let i = 1; i <= 23; i++) {
      await notify(s.db, {
        userId: reader.user.id,
        kind: 'score_changed',
        title: `T${i}`,
        body: 'B',
      });
    }
    await notify(s.db, { userId: stranger.user.id, kind: 'score_changed', title: 'S', body: 'S' });
  });

  it('pages with ?page=, newest first; ?unread=true only the unread', async () => {
    const second = await list(reader.http, '?page=2');
    expect(second).toMatchObject({ total: 23, unread: 23, page: 2, pageSize: 20 });
    expect(second.items.map((n) => n.title)).toEqual(['T3', 'T2', 'T1']);
    const unread = await list(reader.http, '?unread=true&page=1');
    expect(unread.total).toBe(23);
    const count = await reader.http.get('/api/notifications/count');
    expect(count.json).toEqual({ unread: 23 });
  });

  it("marks the caller's own ids; a stranger's are not touched", async () => {
    const strangers = (await list(stranger.http)).items.map((n) => n.id);
    const first = (await list(reader.http)).items.slice(0, 3).map((n) => n.id);
    const res = await reader.http.post('/api/notifications/read', {
      ids: [...first, ...strangers],
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ marked: 3, unread: 20 });
    expect((await list(stranger.http)).unread).toBe(1);
    // The stranger may not mark the reader's either.
    const other = await stranger.http.post('/api/notifications/read', { ids: first });
    expect(other.json).toEqual({ marked: 0, unread: 1 });
    const unread = await list(reader.http, '?unread=true');
    expect(unread.total).toBe(20);
    expect(unread.items.every((n) => n.readAt === null)).toBe(true);
    const read = (await list(reader.http)).items.filter((n) => n.readAt !== null);
    expect(read.map((n) => n.id).sort()).toEqual([...first].sort());
  });

  it('marks all read', async () => {
    const res = await reader.http.post('/api/notifications/read', { all: true });
    expect(res.json).toEqual({ marked: 20, unread: 0 });
    expect((await list(reader.http, '?unread=true')).items).toEqual([]);
    expect((await list(stranger.http)).unread).toBe(1);
  });

  it('answers 400 with a message for a body that says neither, a bad id or a bad page', async () => {
    for (const body of [{}, { ids: ['x'] }, { ids: [1], all: true }, { all: false }]) {
      const res = await reader.http.post('/api/notifications/read', body);
      expect(res.status).toBe(400);
      expect(typeof res.json.message).toBe('string');
    }
    expect((await reader.http.post('/api/notifications/read', {})).json.message).toBe(
      NOTIFICATION_MESSAGES.markWhat,
    );
    expect((await reader.http.get('/api/notifications?page=0')).status).toBe(400);
    expect((await reader.http.get('/api/notifications?unread=maybe')).status).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const anonymous = new HttpClient(s.url);
    expect((await anonymous.get('/api/notifications')).status).toBe(401);
    expect((await anonymous.post('/api/notifications/read', { all: true })).status).toBe(401);
  });
});

describe('/api/notifications/preferences', () => {
  it('reads the defaults and saves a choice that then governs the e-mail', async () => {
    const { user, http } = await member();
    const before = await http.get('/api/notifications/preferences');
    expect(before.status).toBe(200);
    const prefs = before.json.preferences as { kind: string; channel: string }[];
    expect(prefs.find((p) => p.kind === 'payment_verified')!.channel).toBe('email');
    expect(prefs.find((p) => p.kind === 'score_changed')!.channel).toBe('in_app');
    const saved = await http.request('PUT', '/api/notifications/preferences', {
      preferences: [{ kind: 'contest_joined', channel: 'email' }],
    });
    expect(saved.status).toBe(200);
    const contest = await insertContest(s.db, { createdBy: admin.id });
    await http.post(`/api/contests/${contest.id}/join`);
    expect(await mails(user.id)).toHaveLength(1);
    const bad = await http.request('PUT', '/api/notifications/preferences', {
      preferences: [{ kind: 'contest_joined', channel: 'pigeon' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(NOTIFICATION_MESSAGES.channel);
  });
});
