// The moderators' Reports queue over real HTTP (issue 32): GET /api/reports?status= as a plain
// array of reported posts with X-Total-Count, PATCH /api/reports/{id} { action, reason? }
// reviewing one (hide, restore, delete, dismiss); members 403, anyone signed out 401, a second
// review 409 report_resolved, a missing reason or an unknown action 400 with a message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor } from '../helpers/accounts';
import {
  discussionCast,
  discussionMember,
  letTimePass,
  type DiscussionCast,
} from '../helpers/discussion';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let c: DiscussionCast;
let participant: HttpClient;
let spammer: HttpClient;
let moderator: HttpClient;
let admin: HttpClient;
let anonymous: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  c = await discussionCast(s.db);
  participant = await clientFor(s, c.participant.id);
  spammer = await clientFor(s, c.member.id);
  moderator = await clientFor(s, c.moderator.id);
  admin = await clientFor(s, c.admin.id);
  anonymous = new HttpClient(s.url);
  const organiser = await clientFor(s, c.creator.id);
  expect(
    (await organiser.patch(`/api/contests/${c.contestId}/discussion`, { open: true })).status,
  ).toBe(200);
});
afterAll(() => s?.stop());

/** A topic with the spammer's reply, reported by the participant: the report's id and the post's. */
async function reportedPost(body = `Cheap followers ${Math.random()}`) {
  await letTimePass(s.db);
  const topic = await participant.post(`/api/contests/${c.contestId}/topics`, {
    title: 'Scoring',
    body: 'How is it scored?',
  });
  await letTimePass(s.db);
  const reply = await spammer.post(`/api/topics/${topic.json.id}/replies`, { body });
  const postId = reply.json.id as number;
  const report = await participant.post(`/api/posts/${postId}/reports`, {
    reason: 'spam',
    text: 'Ads',
  });
  expect(report.status).toBe(201);
  return { postId, reportId: report.json.id as number, topicId: topic.json.id as number };
}

describe('GET /api/reports', () => {
  it('lists reported posts as a plain array with X-Total-Count, for moderators and admins', async () => {
    const { postId, reportId } = await reportedPost();
    for (const who of [moderator, admin]) {
      const res = await who.get('/api/reports?status=open&page=1&pageSize=10');
      expect(res.status).toBe(200);
      expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
      const rows = res.json as unknown as Record<string, unknown>[];
      const row = rows.find((r) => r.postId === postId)!;
      expect(row).toMatchObject({
        reportId,
        author: { id: c.member.id, username: c.member.username },
        contest: { id: c.contestId },
        hidden: false,
        deleted: false,
        reportCount: 1,
        reasons: [{ reason: 'spam', count: 1 }],
      });
      expect(typeof row.latestReportAt).toBe('string');
      expect(JSON.stringify(rows)).not.toMatch(/@|passwordHash|email/);
    }
    expect((await moderator.get('/api/reports')).status).toBe(200);
  });

  it('refuses members (403) and anyone signed out (401); a bad status is 400', async () => {
    expect((await participant.get('/api/reports')).status).toBe(403);
    expect((await anonymous.get('/api/reports')).status).toBe(401);
    const bad = await moderator.get('/api/reports?status=everything');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Show open or resolved reports');
    expect((await moderator.get('/api/reports?pageSize=100000')).status).toBe(400);
  });
});

describe('PATCH /api/reports/{id}', () => {
  it('hides with a reason, then a second review is 409 report_resolved', async () => {
    const { postId, reportId } = await reportedPost();
    const missing = await moderator.patch(`/api/reports/${reportId}`, { action: 'hide' });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('Say why: the author is told');
    const hid = await moderator.patch(`/api/reports/${reportId}`, {
      action: 'hide',
      reason: 'spam',
    });
    expect(hid.status).toBe(200);
    expect(hid.json).toMatchObject({
      id: reportId,
      postId,
      action: 'hide',
      resolved: 1,
      hidden: true,
    });
    const again = await admin.patch(`/api/reports/${reportId}`, { action: 'dismiss' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ reason: 'report_resolved' });
    const resolved = await moderator.get('/api/reports?status=resolved&pageSize=100');
    const row = (resolved.json as unknown as Record<string, unknown>[]).find(
      (r) => r.postId === postId,
    );
    expect(row).toMatchObject({ hidden: true, resolution: { status: 'hidden', reason: 'spam' } });
  });

  it('restores, deletes and dismisses', async () => {
    const a = await reportedPost();
    const b = await reportedPost();
    const d = await reportedPost();
    // A post three reports hid: restore brings it back.
    for (let i = 0; i < 2; i++) {
      const reporter = await clientFor(s, (await discussionMember(s.db)).id);
      await reporter.post(`/api/posts/${a.postId}/reports`, { reason: 'abuse' });
    }
    const restored = await moderator.patch(`/api/reports/${a.reportId}`, { action: 'restore' });
    expect(restored.json).toMatchObject({ resolved: 3, hidden: false });
    const deleted = await admin.patch(`/api/reports/${b.reportId}`, {
      action: 'delete',
      reason: 'Advertising',
    });
    expect(deleted.json).toMatchObject({ deleted: true });
    const topic = await anonymous.get(`/api/topics/${b.topicId}`);
    const replies = (topic.json.replies as { items: { id: number; body: string }[] }).items;
    expect(replies.find((p) => p.id === b.postId)!.body).toBe('[deleted]');
    const dismissed = await moderator.patch(`/api/reports/${d.reportId}`, { action: 'dismiss' });
    expect(dismissed.json).toMatchObject({ action: 'dismiss', hidden: false, deleted: false });
  });

  it('refuses members (403), anyone signed out (401), unknown actions (400) and reports (404)', async () => {
    const { reportId } = await reportedPost();
    expect((await spammer.patch(`/api/reports/${reportId}`, { action: 'dismiss' })).status).toBe(
      403,
    );
    expect((await anonymous.patch(`/api/reports/${reportId}`, { action: 'dismiss' })).status).toBe(
      401,
    );
    const unknown = await moderator.patch(`/api/reports/${reportId}`, { action: 'burn' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('Choose hide, restore, delete or dismiss');
    expect((await moderator.patch('/api/reports/999999', { action: 'dismiss' })).status).toBe(404);
    // A path id that is no number is a clear 4xx (404: no report has it), never a 500.
    const abc = await moderator.patch('/api/reports/abc', { action: 'dismiss' });
    expect(abc.status).toBeGreaterThanOrEqual(400);
    expect(abc.status).toBeLessThan(500);
    const long = await moderator.patch(`/api/reports/${reportId}`, {
      action: 'hide',
      reason: 'x'.repeat(501),
    });
    expect(long.status).toBe(400);
  });
});
