// The moderators' Reports queue (issue 32): reported posts listed one row per post (open and
// resolved), moderators and admins only; hide, restore, delete and dismiss each resolving every
// open report of the post, audited, the author told with the reason; a second review 409; three
// reports hiding a post and its author told it waits for review.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contests,
  discussionPosts,
  discussionReports,
  notifications,
} from '../../src/server/platform/db/schema';
import { callerFor, createTestDb, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { discussionCast, discussionMember, letTimePass } from '../helpers/discussion';

const t = await createTestDb();
afterAll(() => t.close());

const as = (user?: CreatedUser) => callerFor(t, user).caller;

/** A contest whose spammer posted a reply that `reporters` members reported (one each). */
async function reported(reporters = 1) {
  const c = await discussionCast(t.db);
  await as(c.creator).discussion.setOpen({ contestId: c.contestId, open: true });
  await letTimePass(t.db);
  const topic = await as(c.creator).discussion.createTopic({
    contestId: c.contestId,
    title: `Rules ${Math.random()}`,
    body: 'Ask here',
  });
  await letTimePass(t.db);
  const spammer = c.member;
  const post = await as(spammer).discussion.reply({
    topicId: topic.id,
    body: `Buy **cheap** followers ${Math.random()}`,
  });
  const reports = [];
  for (let i = 0; i < reporters; i++) {
    const reporter = i === 0 ? c.participant : await discussionMember(t.db);
    reports.push(
      await as(reporter).discussion.report({
        id: post.id,
        reason: i === 1 ? 'abuse' : 'spam',
        text: `Ad number ${i}`,
      }),
    );
  }
  return { ...c, topic, post, spammer, reports, reportId: reports[0]!.id };
}

const noticesOf = (userId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'discussion_moderated')))
    .orderBy(desc(notifications.id));

const slugOf = async (id: number) =>
  (await t.db.select({ slug: contests.slug }).from(contests).where(eq(contests.id, id)))[0]!.slug;

const postRow = async (id: number) =>
  (await t.db.select().from(discussionPosts).where(eq(discussionPosts.id, id)))[0]!;

async function queueRow(viewer: CreatedUser, postId: number, status: 'open' | 'resolved') {
  const page = await as(viewer).reports.list({ status, page: 1, pageSize: 100 });
  return page.items.find((row) => row.postId === postId);
}

describe('reports.list', () => {
  it('shows a moderator one row per reported post, with its reports, reasons and place', async () => {
    const s = await reported(2);
    const row = await queueRow(s.moderator, s.post.id, 'open');
    expect(row).toMatchObject({
      postId: s.post.id,
      body: s.post.body,
      author: { id: s.spammer.id, username: s.spammer.username },
      contest: { id: s.contestId },
      topic: { id: s.topic.id, title: s.topic.title },
      hidden: false,
      deleted: false,
      reportCount: 2,
      resolution: null,
    });
    expect(row!.reasons).toEqual([
      { reason: 'spam', count: 1 },
      { reason: 'abuse', count: 1 },
    ]);
    expect(row!.reports.map((r) => r.reporter?.username)).toContain(s.participant.username);
    expect(row!.reports.map((r) => r.text)).toEqual(['Ad number 1', 'Ad number 0']);
    expect(row!.reportId).toBe(s.reports[1]!.id);
    expect(row!.latestReportAt).toBeInstanceOf(Date);
    expect(JSON.stringify(row)).not.toContain('@');
    // Admins see the same queue; the newest reported post comes first.
    const later = await reported();
    const page = await as(s.admin).reports.list({ status: 'open', page: 1, pageSize: 2 });
    expect(page.items[0]!.postId).toBe(later.post.id);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(await queueRow(s.moderator, s.post.id, 'resolved')).toBeUndefined();
  });

  it('refuses members (403), the contest’s own organiser (403) and anyone signed out (401)', async () => {
    const s = await reported();
    for (const who of [s.member, s.participant, s.creator]) {
      expect((await refusal(as(who).reports.list({ status: 'open' }))).code).toBe('FORBIDDEN');
    }
    expect((await refusal(as().reports.list({ status: 'open' }))).code).toBe('UNAUTHORIZED');
    expect(
      (await refusal(as(s.member).reports.review({ id: s.reportId, action: 'dismiss' }))).code,
    ).toBe('FORBIDDEN');
    const [report] = await t.db
      .select()
      .from(discussionReports)
      .where(eq(discussionReports.id, s.reportId));
    expect(report!.status).toBe('open');
  });

  it('refuses an unknown queue with a message', async () => {
    const s = await reported();
    expect((await refusal(as(s.moderator).reports.list({ status: 'all' as 'open' }))).message).toBe(
      'Show open or resolved reports',
    );
  });
});

describe('reports.review', () => {
  it('hide: hides the post, resolves every open report, audits, tells the author why', async () => {
    const s = await reported(2);
    const answer = await as(s.moderator).reports.review({
      id: s.reportId,
      action: 'hide',
      reason: 'spam',
    });
    expect(answer).toMatchObject({ postId: s.post.id, action: 'hide', resolved: 2, hidden: true });
    expect((await postRow(s.post.id)).hiddenAt).not.toBeNull();
    const reports = await t.db
      .select()
      .from(discussionReports)
      .where(eq(discussionReports.postId, s.post.id));
    expect(reports.every((r) => r.status === 'hidden' && r.resolvedBy === s.moderator.id)).toBe(
      true,
    );
    expect(reports.every((r) => r.resolvedAt && r.resolutionReason === 'spam')).toBe(true);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'discussion.report.hide'),
          eq(auditLog.targetId, String(s.post.id)),
        ),
      );
    expect(audit).toMatchObject({ actorId: s.moderator.id, targetType: 'discussion_post' });
    const [notice] = await noticesOf(s.spammer.id);
    expect(notice).toMatchObject({
      title: 'Your post was hidden',
      body: `A moderator hid your post in “${s.topic.title}”. Reason: spam`,
      link: `/contests/${await slugOf(s.contestId)}?tab=discussion&topic=${s.topic.id}&post=${s.post.id}`,
    });
    // Resolved: off the open queue, on the resolved one with the review.
    expect(await queueRow(s.moderator, s.post.id, 'open')).toBeUndefined();
    expect((await queueRow(s.moderator, s.post.id, 'resolved'))!.resolution).toMatchObject({
      status: 'hidden',
      by: { id: s.moderator.id, username: s.moderator.username },
      reason: 'spam',
    });
  });

  it('a second review of the same report is 409 report_resolved', async () => {
    const s = await reported();
    await as(s.moderator).reports.review({ id: s.reportId, action: 'dismiss' });
    expect(
      await refusal(as(s.admin).reports.review({ id: s.reportId, action: 'hide', reason: 'x' })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'report_resolved' });
    expect(
      (await refusal(as(s.admin).reports.review({ id: 999_999, action: 'dismiss' }))).code,
    ).toBe('NOT_FOUND');
  });

  it('two moderators reviewing at once: one review stands, the other is 409, one notice', async () => {
    const s = await reported();
    const outcomes = await Promise.allSettled([
      as(s.moderator).reports.review({ id: s.reportId, action: 'hide', reason: 'Spam' }),
      as(s.admin).reports.review({ id: s.reportId, action: 'delete', reason: 'Spam' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(await refusal(Promise.reject((refused as PromiseRejectedResult).reason))).toMatchObject({
      code: 'CONFLICT',
      reason: 'report_resolved',
    });
    expect(await noticesOf(s.spammer.id)).toHaveLength(1);
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(eq(auditLog.targetType, 'discussion_post'), eq(auditLog.targetId, String(s.post.id))),
      );
    expect(audits).toHaveLength(1);
  });

  it('hide and delete need a reason; restore and dismiss do not', async () => {
    const s = await reported();
    for (const action of ['hide', 'delete'] as const) {
      expect(
        (await refusal(as(s.moderator).reports.review({ id: s.reportId, action }))).message,
      ).toBe('Say why: the author is told');
      expect(
        (await refusal(as(s.moderator).reports.review({ id: s.reportId, action, reason: '  ' })))
          .message,
      ).toBe('Say why: the author is told');
    }
  });

  it('restore: clears a hidden post and tells the author', async () => {
    const s = await reported(3);
    expect((await postRow(s.post.id)).hiddenAt).not.toBeNull();
    const answer = await as(s.admin).reports.review({ id: s.reportId, action: 'restore' });
    expect(answer).toMatchObject({ action: 'restore', resolved: 3, hidden: false });
    expect((await postRow(s.post.id)).hiddenAt).toBeNull();
    expect((await noticesOf(s.spammer.id))[0]).toMatchObject({
      title: 'Your post was restored',
      body: `A moderator restored your post in “${s.topic.title}”.`,
    });
  });

  it('delete: marks the post deleted as its author’s delete does, with the reason told', async () => {
    const s = await reported();
    const answer = await as(s.moderator).reports.review({
      id: s.reportId,
      action: 'delete',
      reason: 'Advertising',
    });
    expect(answer).toMatchObject({ action: 'delete', deleted: true });
    expect((await postRow(s.post.id)).deletedAt).not.toBeNull();
    const topic = await as(s.participant).discussion.get({ id: s.topic.id, page: 1, pageSize: 20 });
    expect(topic.replies.items[0]).toMatchObject({ deleted: true, body: '[deleted]' });
    expect((await noticesOf(s.spammer.id))[0]!.body).toBe(
      `A moderator deleted your post in “${s.topic.title}”. Reason: Advertising`,
    );
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'discussion.report.delete'),
          eq(auditLog.targetId, String(s.post.id)),
        ),
      );
    expect(audit).toBeDefined();
    // The queue still shows the words, for the record.
    expect((await queueRow(s.moderator, s.post.id, 'resolved'))!.body).toBe(s.post.body);
  });

  it('dismiss: resolves the reports and tells nobody when the post was not hidden', async () => {
    const s = await reported();
    const answer = await as(s.moderator).reports.review({ id: s.reportId, action: 'dismiss' });
    expect(answer).toMatchObject({ action: 'dismiss', resolved: 1, hidden: false });
    expect(await noticesOf(s.spammer.id)).toHaveLength(0);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'discussion.report.dismiss'),
          eq(auditLog.targetId, String(s.post.id)),
        ),
      );
    expect(audit).toBeDefined();
  });

  it('dismiss: restores a post the threshold hid, and the author hears it is back', async () => {
    const s = await reported(3);
    await as(s.moderator).reports.review({ id: s.reports[2]!.id, action: 'dismiss' });
    expect((await postRow(s.post.id)).hiddenAt).toBeNull();
    expect((await noticesOf(s.spammer.id))[0]!.title).toBe('Your post was restored');
  });

  it('dismiss: keeps hidden a post a moderator hid, when later reports are dismissed', async () => {
    const s = await reported();
    await as(s.moderator).reports.review({ id: s.reportId, action: 'hide', reason: 'spam' });
    const late = await as(await discussionMember(t.db)).discussion.report({
      id: s.post.id,
      reason: 'other',
    });
    await as(s.moderator).reports.review({ id: late.id, action: 'dismiss' });
    expect((await postRow(s.post.id)).hiddenAt).not.toBeNull();
  });
});

describe('three reports', () => {
  it('hide the post at once, and its author is told it waits for review (once)', async () => {
    const s = await reported(3);
    expect(s.reports.map((r) => r.hidden)).toEqual([false, false, true]);
    const notices = await noticesOf(s.spammer.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: 'Your post is hidden pending review',
      body: expect.stringContaining(s.topic.title),
      link: expect.stringContaining(`post=${s.post.id}`),
    });
    await as(await discussionMember(t.db)).discussion.report({ id: s.post.id, reason: 'spam' });
    expect(await noticesOf(s.spammer.id)).toHaveLength(1);
    expect((await queueRow(s.moderator, s.post.id, 'open'))!).toMatchObject({
      hidden: true,
      reportCount: 4,
    });
  });
});
