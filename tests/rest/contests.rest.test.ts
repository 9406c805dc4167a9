// The contest paths of SPEC 7 over real HTTP: plain JSON with ISO dates, X-Total-Count on lists,
// status codes, and what members may and may not see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEST_MESSAGES as M } from '../../src/shared/contests';
import { signIn } from '../helpers/accounts';
import { createInput, insertContest, storedContest } from '../helpers/contests';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { createUser, type CreatedUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let member: CreatedUser;
let other: CreatedUser;
let memberHttp: HttpClient;
let otherHttp: HttpClient;
let moderatorHttp: HttpClient;
let adminHttp: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  member = await createUser(s.db);
  other = await createUser(s.db);
  memberHttp = await signIn(s.url, member);
  otherHttp = await signIn(s.url, other);
  moderatorHttp = await signIn(s.url, await createUser(s.db, { role: 'moderator' }));
  adminHttp = await signIn(s.url, await createUser(s.db, { role: 'admin' }));
});
afterAll(() => s?.stop());

type Listed = { id: number; slug: string; startDate: string; status: string; creatorName?: string };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** SPEC 7's POST body as a browser sends it: JSON, dates as ISO strings. */
const body = (overrides: Record<string, unknown> = {}) =>
  JSON.parse(JSON.stringify(createInput(overrides))) as Record<string, unknown>;

describe('GET /api/contests', () => {
  it('answers the members’ view as a plain array with X-Total-Count and ISO dates', async () => {
    const visible = await insertContest(s.db, { createdBy: other.id, status: 'active' });
    const hidden = await insertContest(s.db, { createdBy: other.id, status: 'pending' });
    const res = await memberHttp.get('/api/contests');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const items = res.json as unknown as Listed[];
    expect(Array.isArray(items)).toBe(true);
    expect(items.map((i) => i.id)).toContain(visible.id);
    expect(items.map((i) => i.id)).not.toContain(hidden.id);
    expect(Number(res.headers.get('x-total-count'))).toBe(items.length);
    expect(items[0]!.startDate).toMatch(ISO);
  });

  it('takes ?tab=, ?category=, ?tier=, ?participation=, ?page= and ?pageSize=', async () => {
    const art = await insertContest(s.db, {
      createdBy: other.id,
      status: 'active',
      category: 'art',
      requiredTier: 'elite',
      participationType: 'invite',
    });
    const res = await memberHttp.get(
      '/api/contests?tab=upcoming&category=art&tier=elite&participation=invite&page=1&pageSize=5',
    );
    expect(res.status).toBe(200);
    expect((res.json as unknown as Listed[]).map((i) => i.id)).toEqual([art.id]);
    expect(res.headers.get('x-total-count')).toBe('1');
    const page = await memberHttp.get('/api/contests?page=1&pageSize=1');
    expect((page.json as unknown as Listed[]).length).toBe(1);
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThan(1);
  });

  it('answers 400 with a message for a bad tab, filter or page', async () => {
    for (const [query, message] of [
      ['tab=everything', 'Tab must be one of all, featured, active, upcoming, past, mine, drafts'],
      ['tier=premium', 'Tier must be one of free, standard, pro, elite'],
      ['page=0', 'Page must be at least 1'],
      ['pageSize=1e3', 'Page size must be a number'],
    ]) {
      const res = await memberHttp.get(`/api/contests?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json, query).toMatchObject({ code: 'BAD_REQUEST', message });
    }
  });

  it('is for signed-in members only', async () => {
    expect((await new HttpClient(s.url).get('/api/contests')).status).toBe(401);
  });
});

describe('GET /api/contests?admin=true', () => {
  it('lists every contest with creatorName for moderators and admins', async () => {
    const pending = await insertContest(s.db, { createdBy: other.id, status: 'pending' });
    for (const http of [moderatorHttp, adminHttp]) {
      const res = await http.get('/api/contests?admin=true&tab=pending&pageSize=100&page=1');
      expect(res.status).toBe(200);
      const row = (res.json as unknown as Listed[]).find((i) => i.id === pending.id);
      expect(row).toMatchObject({ status: 'pending', creatorName: other.username });
      expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
    }
  });

  it('is refused to members (403), not quietly answered with their own view', async () => {
    const res = await memberHttp.get('/api/contests?admin=true');
    expect(res.status).toBe(403);
  });
});

describe('GET /api/contests/drafts', () => {
  it("answers the caller's drafts only, and is not read as a slug", async () => {
    const mine = await memberHttp.post('/api/contests', { status: 'draft', title: 'REST Draft' });
    await otherHttp.post('/api/contests', { draft: true, title: 'Other REST Draft' });
    const res = await memberHttp.get('/api/contests/drafts');
    expect(res.status).toBe(200);
    const drafts = res.json as unknown as { id: number; title: string; updatedAt: string }[];
    expect(drafts.map((d) => d.title)).toEqual(['REST Draft']);
    expect(drafts[0]).toMatchObject({ id: mine.json.id, shortDescription: null, coverImage: null });
    expect(drafts[0]!.updatedAt).toMatch(ISO);
  });
});

describe('GET /api/contests/:idOrSlug', () => {
  it('finds a visible contest by id or by slug', async () => {
    const c = await insertContest(s.db, {
      createdBy: other.id,
      status: 'active',
      slug: 'rest-by-slug',
    });
    for (const path of [`/api/contests/${c.id}`, '/api/contests/rest-by-slug']) {
      const res = await memberHttp.get(path);
      expect(res.status, path).toBe(200);
      expect(res.json).toMatchObject({
        id: c.id,
        slug: 'rest-by-slug',
        creatorName: other.username,
      });
      expect(res.json.createdAt).toMatch(ISO);
    }
  });

  it("answers 404 for another member's draft, pending or rejected contest, and unknown ones", async () => {
    for (const status of ['draft', 'pending', 'rejected'] as const) {
      const c = await insertContest(s.db, { createdBy: other.id, status });
      for (const path of [`/api/contests/${c.id}`, `/api/contests/${c.slug}`]) {
        const res = await memberHttp.get(path);
        expect(res.status, `${status} ${path}`).toBe(404);
        expect(res.json).toEqual({ message: M.notFound, code: 'NOT_FOUND' });
      }
      expect((await otherHttp.get(`/api/contests/${c.id}`)).status).toBe(200);
    }
    expect((await memberHttp.get('/api/contests/999999')).status).toBe(404);
    expect((await memberHttp.get('/api/contests/no-such-slug')).status).toBe(404);
    expect((await memberHttp.get('/api/contests/%E0%A4%A')).status).toBe(400);
  });
});

describe('POST /api/contests', () => {
  it("submits SPEC 7's body: 201, pending, the caller as creator whatever createdBy says", async () => {
    const res = await memberHttp.post('/api/contests', {
      ...body({ title: 'REST Submission' }),
      status: 'pending',
      featured: true,
      createdBy: 1,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      title: 'REST Submission',
      slug: 'rest-submission',
      status: 'pending',
      featured: false,
      createdBy: member.id,
    });
    expect(res.json.startDate).toMatch(ISO);
    expect((await storedContest(s.db, res.json.id as number))?.createdBy).toBe(member.id);
  });

  it('lets the admin wizard create an active, featured contest', async () => {
    const res = await adminHttp.post('/api/contests', {
      ...body({ title: 'REST Admin Contest', category: 'academic', type: 'academic' }),
      status: 'active',
      featured: true,
      createdBy: 1,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: 'active', featured: true });
  });

  it("saves a draft for status 'draft' or draft: true, with only what is filled", async () => {
    const a = await memberHttp.post('/api/contests', { status: 'draft', title: 'Draft A' });
    const b = await memberHttp.post('/api/contests', {
      draft: true,
      title: 'Draft B',
      category: '',
      maxParticipants: '',
    });
    for (const res of [a, b]) {
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ status: 'draft', draft: true, createdBy: member.id });
    }
    // The same call with the draft's id continues it.
    const continued = await memberHttp.post('/api/contests', {
      status: 'draft',
      id: a.json.id,
      shortDescription: 'Continued from the REST test.',
    });
    expect(continued.status).toBe(201);
    expect(continued.json).toMatchObject({ id: a.json.id, title: 'Draft A' });
  });

  it("answers 400 with SPEC 5's message for invalid input and bad dates, never 500", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body(), title: 'x' }, M.title],
      [{ ...body(), type: undefined }, M.type],
      [{ ...body(), startDate: 'not a date' }, 'Start date must be a valid date and time'],
      [{ ...body(), endDate: 12 }, M.endDate],
      [{ ...body(), maxParticipants: '50' }, M.maxParticipants],
      [{ status: 'draft', title: 'ab' }, M.title],
      [{}, M.title],
    ];
    for (const [payload, message] of cases) {
      const res = await memberHttp.post('/api/contests', payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json.message).toBe(message);
    }
    const malformed = await memberHttp.request('POST', '/api/contests', '{"title":');
    expect(malformed.status).toBe(400);
    const array = await memberHttp.post('/api/contests', [1, 2]);
    expect(array.status).toBe(400);
  });
});

describe('PATCH /api/contests/:id', () => {
  it('status only, from a moderator: approve, reject, complete by SPEC 4', async () => {
    const pending = await insertContest(s.db, { createdBy: other.id, status: 'pending' });
    const approved = await moderatorHttp.patch(`/api/contests/${pending.id}`, { status: 'active' });
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ id: pending.id, status: 'active' });
    const again = await moderatorHttp.patch(`/api/contests/${pending.id}`, { status: 'rejected' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ message: 'Only pending contests can be rejected' });
    const done = await adminHttp.patch(`/api/contests/${pending.id}`, { status: 'completed' });
    expect(done.json).toMatchObject({ status: 'completed' });
  });

  it('status only, from the creator: resubmits their rejected contest', async () => {
    const rejected = await insertContest(s.db, { createdBy: member.id, status: 'rejected' });
    const res = await memberHttp.patch(`/api/contests/${rejected.id}`, { status: 'pending' });
    expect(res.status).toBe(200);
    expect((await storedContest(s.db, rejected.id))?.status).toBe('pending');
  });

  it('featured only: moderators feature and unfeature, members are refused', async () => {
    const active = await insertContest(s.db, { createdBy: other.id, status: 'active' });
    const featured = await adminHttp.patch(`/api/contests/${active.id}`, { featured: true });
    expect(featured.json).toMatchObject({ featured: true });
    expect((await memberHttp.patch(`/api/contests/${active.id}`, { featured: false })).status).toBe(
      403,
    );
    expect((await storedContest(s.db, active.id))?.featured).toBe(true);
    await moderatorHttp.patch(`/api/contests/${active.id}`, { featured: false });
    expect((await storedContest(s.db, active.id))?.featured).toBe(false);
  });

  it('edited fields: the admin edit dialog sets any status with the fields', async () => {
    const active = await insertContest(s.db, { createdBy: other.id, status: 'active' });
    const res = await adminHttp.patch(`/api/contests/${active.id}`, {
      title: 'Edited Over REST',
      description: 'A new description.',
      type: 'sports',
      requiredTier: 'pro',
      status: 'completed',
      featured: true,
      startDate: '2030-01-01T00:00:00.000Z',
      endDate: '2030-01-08T00:00:00.000Z',
      prize: '$100',
    });
    expect(res.status).toBe(200);
    expect(await storedContest(s.db, active.id)).toMatchObject({
      title: 'Edited Over REST',
      category: 'sports',
      requiredTier: 'pro',
      status: 'completed',
      featured: true,
      prize: '$100',
    });
  });

  it('answers 404 for what a member may not see, 403 for what they may not change', async () => {
    const hidden = await insertContest(s.db, { createdBy: other.id, status: 'pending' });
    const res = await memberHttp.patch(`/api/contests/${hidden.id}`, { title: 'Nope' });
    expect(res.status).toBe(404);
    const theirs = await insertContest(s.db, { createdBy: other.id, status: 'active' });
    expect((await memberHttp.patch(`/api/contests/${theirs.id}`, { title: 'Nope' })).status).toBe(
      403,
    );
    expect(
      (await memberHttp.patch(`/api/contests/${theirs.id}`, { status: 'active' })).status,
    ).toBe(403);
    expect((await storedContest(s.db, theirs.id))?.title).toBe(theirs.title);
    expect((await adminHttp.patch('/api/contests/abc', { featured: true })).status).toBe(404);
    expect((await adminHttp.patch('/api/contests/999999', { featured: true })).status).toBe(404);
    const bad = await adminHttp.patch(`/api/contests/${theirs.id}`, { startDate: 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Start date must be a valid date and time');
  });
});

describe('the date order and the score settings over REST', () => {
  const DAY = 24 * 3600 * 1000;
  const start = new Date(Date.now() + 10 * DAY);
  const iso = (ms: number) => new Date(ms).toISOString();

  it('POST refuses dates out of order with 400 and the message, and takes the score settings', async () => {
    const backwards = await memberHttp.post(
      '/api/contests',
      body({ startDate: start, endDate: new Date(start.getTime() - DAY) }),
    );
    expect(backwards.status).toBe(400);
    expect(backwards.json).toMatchObject({ code: 'BAD_REQUEST', message: M.endBeforeStart });
    expect(backwards.json.issues).toEqual([{ path: 'endDate', message: M.endBeforeStart }]);
    const late = await memberHttp.post(
      '/api/contests',
      body({ registrationDeadline: new Date(start.getTime() + DAY), startDate: start }),
    );
    expect(late.status).toBe(400);
    expect(late.json).toMatchObject({ message: M.deadlineAfterStart });
    // A draft may hold them in any order; submitting it is checked.
    const draft = await memberHttp.post('/api/contests', {
      status: 'draft',
      title: 'REST Backwards Draft',
      startDate: iso(start.getTime()),
      endDate: iso(start.getTime() - DAY),
    });
    expect(draft.status).toBe(201);
    const submitted = await memberHttp.post(
      '/api/contests',
      body({ id: draft.json.id, startDate: start, endDate: new Date(start.getTime() - DAY) }),
    );
    expect(submitted.status).toBe(400);
    expect(submitted.json.message).toBe(M.endBeforeStart);

    const scored = await memberHttp.post(
      '/api/contests',
      body({ title: 'REST Golf Open', scoreDecimals: 1, scoreOrder: 'lower' }),
    );
    expect(scored.status).toBe(201);
    expect(scored.json).toMatchObject({ scoreDecimals: 1, scoreOrder: 'lower' });
    // SPEC 7's body without them: whole numbers, higher is better.
    const plain = await memberHttp.post('/api/contests', body({ title: 'REST Plain Open' }));
    expect(plain.json).toMatchObject({ scoreDecimals: 0, scoreOrder: 'higher' });
    const wrong = await memberHttp.post('/api/contests', body({ scoreDecimals: 7 }));
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe(M.scoreDecimals);
  });

  it('PATCH checks one changed date against the stored others (400), and approve refuses', async () => {
    const pending = await insertContest(s.db, { createdBy: member.id, status: 'pending' });
    const stored = (await storedContest(s.db, pending.id))!;
    const endOnly = await moderatorHttp.patch(`/api/contests/${pending.id}`, {
      endDate: iso(stored.startDate!.getTime() - DAY),
      title: stored.title,
    });
    expect(endOnly.status).toBe(400);
    expect(endOnly.json).toMatchObject({ code: 'BAD_REQUEST', message: M.endBeforeStart });
    const deadlineOnly = await memberHttp.patch(`/api/contests/${pending.id}`, {
      registrationDeadline: iso(stored.startDate!.getTime() + 60_000),
    });
    expect(deadlineOnly.status).toBe(400);
    expect(deadlineOnly.json.message).toBe(M.deadlineAfterStart);

    const impossible = await insertContest(s.db, {
      createdBy: member.id,
      status: 'pending',
      startDate: start,
      registrationDeadline: start,
      endDate: new Date(start.getTime() - DAY),
    });
    // { status } alone from a moderator is the Approve of /admin/contests.
    const approve = await moderatorHttp.patch(`/api/contests/${impossible.id}`, {
      status: 'active',
    });
    expect(approve.status).toBe(400);
    expect(approve.json).toMatchObject({ code: 'BAD_REQUEST', message: M.endBeforeStart });
    expect((await storedContest(s.db, impossible.id))?.status).toBe('pending');
    // The edit dialog's status with the fields is held to the same rule.
    const edit = await adminHttp.patch(`/api/contests/${impossible.id}`, {
      status: 'active',
      title: 'Still Backwards',
    });
    expect(edit.status).toBe(400);
    expect(edit.json.message).toBe(M.endBeforeStart);
  });
});

describe('GET /api/contests/:id/participants', () => {
  it('answers moderators and admins a plain array with X-Total-Count; members 403', async () => {
    const contest = await insertContest(s.db, { createdBy: member.id, status: 'active' });
    await addParticipant({ db: s.db, contestId: contest.id, userId: other.id, score: 12 });
    await addParticipant({ db: s.db, contestId: contest.id, userId: member.id });
    for (const http of [moderatorHttp, adminHttp]) {
      const res = await http.get(`/api/contests/${contest.id}/participants`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('2');
      const rows = res.json as unknown as { userId: number; username: string; joinedAt: string }[];
      expect(rows.map((r) => [r.userId, r.username])).toEqual([
        [other.id, other.username],
        [member.id, member.username],
      ]);
      expect(rows[0]).toMatchObject({ score: 12, rank: 1 });
      expect(rows[0]!.joinedAt).toMatch(ISO);
    }
    const paged = await adminHttp.get(`/api/contests/${contest.id}/participants?page=2&pageSize=1`);
    expect([paged.status, (paged.json as unknown as unknown[]).length]).toEqual([200, 1]);
    expect((await memberHttp.get(`/api/contests/${contest.id}/participants`)).status).toBe(403);
    expect(
      (await new HttpClient(s.url).get(`/api/contests/${contest.id}/participants`)).status,
    ).toBe(401);
  });

  it('answers 404 for an unknown or malformed id and 400 for a bad page', async () => {
    expect((await adminHttp.get('/api/contests/9999999/participants')).status).toBe(404);
    expect((await adminHttp.get('/api/contests/abc/participants')).status).toBe(404);
    const contest = await insertContest(s.db, { createdBy: member.id, status: 'active' });
    const bad = await adminHttp.get(`/api/contests/${contest.id}/participants?page=0`);
    expect([bad.status, bad.json.message]).toEqual([400, 'Page must be at least 1']);
  });
});
