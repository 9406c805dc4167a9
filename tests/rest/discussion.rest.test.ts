// A contest's discussion over real HTTP (issue 32's REST rows): topics listed as a plain array
// with X-Total-Count, created 201; a topic with its page of replies (?page=last opens at the
// end); replies 201 with their refusals (409 topic_locked, 403 discussion_closed,
// not_allowed_to_post, barred; 429 with Retry-After); edits, deletion, pin/lock/answer, upvotes
// and follows; posts in the shape, never an e-mail; bad input a 4xx, never a 500.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contests } from '../../src/server/platform/db/schema';
import { clientFor } from '../helpers/accounts';
import { discussionCast, letTimePass, type DiscussionCast } from '../helpers/discussion';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let c: DiscussionCast;
let participant: HttpClient;
let organiser: HttpClient;
let outsider: HttpClient;
let moderator: HttpClient;
let anonymous: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  c = await discussionCast(s.db);
  participant = await clientFor(s, c.participant.id);
  organiser = await clientFor(s, c.creator.id);
  outsider = await clientFor(s, c.member.id);
  moderator = await clientFor(s, c.moderator.id);
  anonymous = new HttpClient(s.url);
});
afterAll(() => s?.stop());

const POST_KEYS = [
  'author',
  'body',
  'createdAt',
  'deleted',
  'editedAt',
  'hidden',
  'id',
  'quoteId',
  'topicId',
  'upvotedByMe',
  'upvotes',
];

describe('topics and replies', () => {
  it('creates, lists, reads, replies, edits, deletes, upvotes and follows', async () => {
    await letTimePass(s.db);
    const created = await participant.post(`/api/contests/${c.contestId}/topics`, {
      title: 'How is it scored?',
      body: '**Bold** <script>alert(1)</script>',
    });
    expect(created.status).toBe(201);
    const topicId = created.json.id as number;
    const opening = created.json.post as Record<string, unknown>;
    expect(Object.keys(opening).sort()).toEqual(POST_KEYS);
    expect(opening.body).toBe('**Bold** <script>alert(1)</script>');
    expect(opening.author).toEqual({
      id: c.participant.id,
      username: c.participant.username,
      profileImage: null,
      role: 'user',
    });
    expect(typeof opening.createdAt).toBe('string');

    const list = await anonymous.get(`/api/contests/${c.contestId}/topics?sort=newest`);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect((list.json as unknown as { id: number }[])[0]!.id).toBe(topicId);

    await letTimePass(s.db);
    const reply = await organiser.post(`/api/topics/${topicId}/replies`, {
      body: 'Mean absolute error.',
      quoteId: opening.id,
    });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ topicId, quoteId: opening.id, upvotes: 0 });
    const replyId = reply.json.id as number;

    const read = await anonymous.get(`/api/topics/${topicId}?page=last&pageSize=10`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: topicId, replyCount: 1, replies: { total: 1, page: 1 } });
    expect(read.text).not.toContain('@example.com');
    // ?post=ID opens the page holding that reply; a bad id is a 400, never a 500.
    const named = await anonymous.get(`/api/topics/${topicId}?post=${replyId}&pageSize=10`);
    expect(named.json).toMatchObject({ replies: { page: 1, items: [{ id: replyId }] } });
    expect(named.json).toMatchObject({ canPost: false, postRefusal: null });
    expect((await anonymous.get(`/api/topics/${topicId}?post=abc`)).status).toBe(400);

    const upvoted = await participant.post(`/api/posts/${replyId}/upvote`);
    expect(upvoted.json).toEqual({ id: replyId, upvotes: 1, upvotedByMe: true });
    const own = await participant.post(`/api/posts/${opening.id as number}/upvote`);
    expect(own.status).toBe(403);
    expect(own.json).toMatchObject({ reason: 'own_post' });
    expect((await participant.delete(`/api/posts/${replyId}/upvote`)).json).toEqual({
      id: replyId,
      upvotes: 0,
      upvotedByMe: false,
    });

    const edited = await organiser.patch(`/api/posts/${replyId}`, {
      body: 'Mean absolute error (MAE).',
    });
    expect(edited.status).toBe(200);
    expect(typeof edited.json.editedAt).toBe('string');
    expect((await participant.patch(`/api/posts/${replyId}`, { body: 'No' })).status).toBe(403);
    const history = await moderator.get(`/api/posts/${replyId}/edits`);
    expect(history.json).toEqual([expect.objectContaining({ body: 'Mean absolute error.' })]);

    expect((await outsider.post(`/api/topics/${topicId}/follow`)).json).toEqual({
      id: topicId,
      followedByMe: true,
    });
    expect((await outsider.delete(`/api/topics/${topicId}/follow`)).json).toEqual({
      id: topicId,
      followedByMe: false,
    });

    const pinned = await organiser.patch(`/api/topics/${topicId}`, {
      pinned: true,
      answerId: replyId,
    });
    expect(pinned.json).toMatchObject({ pinned: true, answerId: replyId });
    expect((await participant.patch(`/api/topics/${topicId}`, { locked: true })).status).toBe(403);

    const report = await participant.post(`/api/posts/${replyId}/reports`, {
      reason: 'off_topic',
      text: 'Not about scoring',
    });
    expect(report.status).toBe(201);
    expect(report.json).toMatchObject({ postId: replyId, status: 'open', hidden: false });
    expect(
      (await participant.post(`/api/posts/${replyId}/reports`, { reason: 'spam' })).status,
    ).toBe(409);

    const gone = await organiser.delete(`/api/posts/${replyId}`);
    expect(gone.json).toEqual({ success: true, id: replyId });
    const after = await anonymous.get(`/api/topics/${topicId}`);
    expect((after.json.replies as { items: { body: string }[] }).items[0]!.body).toBe('[deleted]');
  });
});

describe('refusals', () => {
  it('answers 401, 403 with the reason, 409 topic_locked and 429 with Retry-After', async () => {
    await letTimePass(s.db);
    const topic = await organiser.post(`/api/contests/${c.contestId}/topics`, {
      title: 'Rules',
      body: 'Read them',
    });
    const topicId = topic.json.id as number;
    expect((await anonymous.post(`/api/topics/${topicId}/replies`, { body: 'Hi' })).status).toBe(
      401,
    );
    const notAllowed = await outsider.post(`/api/topics/${topicId}/replies`, { body: 'Hi' });
    expect(notAllowed.status).toBe(403);
    expect(notAllowed.json).toMatchObject({ reason: 'not_allowed_to_post' });

    await letTimePass(s.db);
    await participant.post(`/api/topics/${topicId}/replies`, { body: 'First' });
    const soon = await participant.post(`/api/topics/${topicId}/replies`, { body: 'Second' });
    expect(soon.status).toBe(429);
    expect(soon.json).toMatchObject({
      reason: 'post_too_soon',
      message: 'Wait 5 seconds between posts',
    });
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    await organiser.patch(`/api/topics/${topicId}`, { locked: true });
    await letTimePass(s.db);
    const locked = await participant.post(`/api/topics/${topicId}/replies`, { body: 'Third' });
    expect(locked.status).toBe(409);
    expect(locked.json).toMatchObject({ reason: 'topic_locked' });
    await organiser.patch(`/api/topics/${topicId}`, { locked: false });

    const bar = await organiser.post(`/api/contests/${c.contestId}/discussion/bars`, {
      userId: c.participant.id,
      reason: 'Spam links',
    });
    expect(bar.json).toEqual({ success: true });
    const barred = await participant.post(`/api/topics/${topicId}/replies`, { body: 'Fourth' });
    expect(barred.status).toBe(403);
    expect(barred.json).toMatchObject({
      reason: 'barred',
      message: 'You are barred from this discussion: Spam links',
    });
    const bars = await organiser.get(`/api/contests/${c.contestId}/discussion/bars`);
    expect(bars.json).toEqual([
      expect.objectContaining({ userId: c.participant.id, reason: 'Spam links' }),
    ]);
    expect((await participant.get(`/api/contests/${c.contestId}/discussion/bars`)).status).toBe(
      403,
    );
    await organiser.delete(`/api/contests/${c.contestId}/discussion/bars/${c.participant.id}`);

    const open = await organiser.patch(`/api/contests/${c.contestId}/discussion`, { open: true });
    expect(open.json).toEqual({ contestId: c.contestId, open: true });
    await letTimePass(s.db);
    expect(
      (await outsider.post(`/api/topics/${topicId}/replies`, { body: 'Now I can' })).status,
    ).toBe(201);

    await s.db.update(contests).set({ enableComments: false }).where(eq(contests.id, c.contestId));
    await letTimePass(s.db);
    const closed = await participant.post(`/api/topics/${topicId}/replies`, { body: 'Closed?' });
    expect(closed.status).toBe(403);
    expect(closed.json).toMatchObject({ reason: 'discussion_closed' });
    expect((await anonymous.get(`/api/topics/${topicId}`)).status).toBe(200);
    await s.db.update(contests).set({ enableComments: true }).where(eq(contests.id, c.contestId));
  });
});

describe('bad input', () => {
  it('is a 4xx, never a 500', async () => {
    await letTimePass(s.db);
    const huge = await participant.post(`/api/contests/${c.contestId}/topics`, {
      title: 'Huge',
      body: 'x'.repeat(1024 * 1024),
    });
    expect([400, 413]).toContain(huge.status);
    const long = await participant.post(`/api/contests/${c.contestId}/topics`, {
      title: 'Long',
      body: 'x'.repeat(20_001),
    });
    expect(long.status).toBe(400);
    expect(long.json.message).toBe('A post must be at most 20,000 characters');
    const cases: [string, string, unknown?][] = [
      ['GET', '/api/contests/999999/topics'],
      ['GET', '/api/contests/abc/topics'],
      ['GET', `/api/contests/${c.contestId}/topics?page=-1`],
      ['GET', `/api/contests/${c.contestId}/topics?sort=%00`],
      ['GET', `/api/contests/${c.contestId}/topics?search=${'s'.repeat(500)}`],
      ['GET', '/api/topics/999999'],
      ['GET', '/api/topics/1?pageSize=100000'],
      ['POST', '/api/topics/999999/replies', { body: 'x' }],
      ['POST', '/api/topics/1/replies', { body: 42 }],
      ['POST', '/api/topics/1/replies', { body: 'x', quoteId: 'abc' }],
      ['PATCH', '/api/posts/999999', { body: 'x' }],
      ['PATCH', '/api/topics/1', { pinned: 'yes' }],
      ['DELETE', '/api/posts/999999'],
      ['POST', '/api/posts/999999/upvote'],
      ['POST', `/api/contests/${c.contestId}/topics`, { title: ['a'], body: { x: 1 } }],
    ];
    for (const [method, path, body] of cases) {
      const res = await participant.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
  });
});

describe('mentions over REST', () => {
  it('suggests who may be mentioned (never an e-mail) and refuses deep quotes and 21 mentions', async () => {
    const prefix = c.participant.username.slice(0, 8);
    const found = await outsider.get(
      `/api/contests/${c.contestId}/mentionable?q=${encodeURIComponent(prefix)}`,
    );
    expect(found.status).toBe(200);
    const items = found.json as unknown as Record<string, unknown>[];
    expect(items.map((m) => m.id)).toContain(c.participant.id);
    for (const m of items)
      expect(Object.keys(m).sort()).toEqual(['id', 'profileImage', 'username']);
    expect(JSON.stringify(items)).not.toContain('example.com');
    expect((await anonymous.get(`/api/contests/${c.contestId}/mentionable?q=a`)).status).toBe(401);
    expect((await outsider.get(`/api/contests/999999/mentionable?q=a`)).status).toBe(404);
    expect(
      (await outsider.get(`/api/contests/${c.contestId}/mentionable?q=${'x'.repeat(33)}`)).status,
    ).toBe(400);

    await letTimePass(s.db);
    const deep = await participant.post(`/api/contests/${c.contestId}/topics`, {
      title: 'Deep',
      body: `${'>'.repeat(10_000)} x`,
    });
    expect(deep.status).toBe(400);
    expect(deep.json).toMatchObject({ reason: 'quotes_too_deep' });
    const many = await participant.post(`/api/contests/${c.contestId}/topics`, {
      title: 'Many',
      body: Array.from({ length: 21 }, (_, i) => `@someone${i}`).join(' '),
    });
    expect(many.status).toBe(400);
    expect(many.json).toMatchObject({
      reason: 'too_many_mentions',
      message: 'A post can mention at most 20 members',
    });
  });
});
