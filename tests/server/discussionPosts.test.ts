// A contest's discussion after a post is written (issue 32), procedure by procedure and role by
// role: the organiser's pin, lock and answer; edits with their history; deletion leaving
// '[deleted]'; upvotes, follows, the list's sorts and reports. Reading and writing rules are in
// discussion.test.ts.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, discussionPosts } from '../../src/server/platform/db/schema';
import { callerFor, createTestDb, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { discussionCast, discussionMember, letTimePass } from '../helpers/discussion';

const t = await createTestDb();
afterAll(() => t.close());

const as = (user?: CreatedUser) => callerFor(t, user).caller;
const cast = await discussionCast(t.db);
const { creator, participant, member, moderator, admin, contestId } = cast;

/** A topic by `author` in `contest` (time passes first, so no limit stands in the way). */
async function topicBy(author: CreatedUser, contest = contestId, title = 'A question') {
  await letTimePass(t.db);
  return as(author).discussion.createTopic({
    contestId: contest,
    title,
    body: `How is the score computed? (${Math.random()})`,
  });
}

async function replyBy(author: CreatedUser, topicId: number, body?: string) {
  await letTimePass(t.db);
  return as(author).discussion.reply({ topicId, body: body ?? `An answer ${Math.random()}` });
}

describe('discussion.updateTopic (pin, lock, answer)', () => {
  it("is the organiser's: a locked topic refuses replies (409) but its organiser's; the answer is a reply of the topic", async () => {
    const topic = await topicBy(participant);
    const answer = await replyBy(creator, topic.id);
    expect(
      await refusal(as(participant).discussion.updateTopic({ id: topic.id, locked: true })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'not_organiser' });
    const changed = await as(creator).discussion.updateTopic({
      id: topic.id,
      pinned: true,
      locked: true,
      answerId: answer.id,
    });
    expect(changed).toMatchObject({ pinned: true, locked: true, answerId: answer.id });
    await letTimePass(t.db);
    expect(
      await refusal(as(participant).discussion.reply({ topicId: topic.id, body: 'But wait' })),
    ).toMatchObject({
      code: 'CONFLICT',
      reason: 'topic_locked',
      message: 'This topic is locked: no new replies',
    });
    expect((await replyBy(moderator, topic.id)).author?.id).toBe(moderator.id);
    expect(
      await refusal(as(creator).discussion.updateTopic({ id: topic.id, answerId: topic.post.id })),
    ).toMatchObject({ code: 'BAD_REQUEST', reason: 'not_a_reply' });
    const elsewhere = await topicBy(participant);
    const stray = await replyBy(creator, elsewhere.id);
    expect(
      (await refusal(as(creator).discussion.updateTopic({ id: topic.id, answerId: stray.id })))
        .reason,
    ).toBe('not_a_reply');
    expect(
      await as(admin).discussion.updateTopic({ id: topic.id, answerId: null, locked: false }),
    ).toMatchObject({ answerId: null, locked: false, pinned: true });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'discussion.topic.update'),
          eq(auditLog.targetId, String(topic.id)),
        ),
      );
    expect(audits).toHaveLength(2);
  });
});

describe('discussion.editPost and discussion.history', () => {
  it('marks an edit with its time and keeps the history for the organiser and moderators', async () => {
    const topic = await topicBy(participant);
    const edited = await as(participant).discussion.editPost({
      id: topic.post.id,
      body: 'How is the score computed, exactly?',
    });
    expect(edited.editedAt).toBeInstanceOf(Date);
    expect(edited.body).toBe('How is the score computed, exactly?');
    // The same words again: nothing to keep.
    await as(participant).discussion.editPost({ id: topic.post.id, body: edited.body });
    for (const reader of [creator, moderator, admin]) {
      const history = await as(reader).discussion.history({ id: topic.post.id });
      expect(history).toEqual([
        expect.objectContaining({
          body: topic.post.body,
          editor: { id: participant.id, username: participant.username },
        }),
      ]);
    }
    expect((await refusal(as(participant).discussion.history({ id: topic.post.id }))).reason).toBe(
      'not_organiser',
    );
    expect(
      await refusal(as(creator).discussion.editPost({ id: topic.post.id, body: 'Mine now' })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'not_author' });
    expect(
      (await refusal(as(creator).discussion.editPost({ id: 999_999, body: 'Ghost' }))).code,
    ).toBe('NOT_FOUND');
  });
});

describe('discussion.deletePost', () => {
  it("leaves '[deleted]' in place; others may not, the organiser may (audited)", async () => {
    const topic = await topicBy(participant);
    const mine = await replyBy(participant, topic.id, 'Oops, wrong topic');
    const theirs = await replyBy(moderator, topic.id, 'Hm');
    expect(await refusal(as(participant).discussion.deletePost({ id: theirs.id }))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'not_author',
    });
    expect(await as(participant).discussion.deletePost({ id: mine.id })).toEqual({
      success: true,
      id: mine.id,
    });
    // Twice is the same answer.
    await as(participant).discussion.deletePost({ id: mine.id });
    await as(creator).discussion.deletePost({ id: theirs.id });
    const read = await as(member).discussion.get({ id: topic.id, page: 1, pageSize: 20 });
    expect(read.replies.items.map((r) => [r.body, r.deleted])).toEqual([
      ['[deleted]', true],
      ['[deleted]', true],
    ]);
    expect(read.replies.total).toBe(2);
    expect(
      await refusal(as(participant).discussion.editPost({ id: mine.id, body: 'Back' })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'post_deleted' });
    expect((await refusal(as(member).discussion.upvote({ id: mine.id }))).reason).toBe(
      'post_deleted',
    );
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'discussion.post.delete'),
          eq(auditLog.targetId, String(theirs.id)),
        ),
      );
    expect(audit?.actorId).toBe(creator.id);
    const [stored] = await t.db
      .select({ body: discussionPosts.body })
      .from(discussionPosts)
      .where(eq(discussionPosts.id, mine.id));
    expect(stored?.body).toBe('Oops, wrong topic');
  });
});

describe('discussion.upvote and discussion.removeUpvote', () => {
  it("counts one per member, never one's own; the topic's count follows its opening post", async () => {
    const topic = await topicBy(participant);
    expect(await refusal(as(participant).discussion.upvote({ id: topic.post.id }))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'own_post',
      message: 'You cannot upvote your own post',
    });
    expect(await as(creator).discussion.upvote({ id: topic.post.id })).toEqual({
      id: topic.post.id,
      upvotes: 1,
      upvotedByMe: true,
    });
    expect((await as(creator).discussion.upvote({ id: topic.post.id })).upvotes).toBe(1);
    await as(admin).discussion.upvote({ id: topic.post.id });
    // A member outside the contest may not write, so may not upvote either.
    expect((await refusal(as(member).discussion.upvote({ id: topic.post.id }))).reason).toBe(
      'not_allowed_to_post',
    );
    const read = await as(creator).discussion.get({ id: topic.id, page: 1, pageSize: 20 });
    expect(read).toMatchObject({ upvotes: 2, post: { upvotes: 2, upvotedByMe: true } });
    const top = await as().discussion.list({ contestId, sort: 'upvoted', page: 1, pageSize: 100 });
    expect(top.items.filter((i) => !i.pinned)[0]!.id).toBe(topic.id);
    expect(await as(creator).discussion.removeUpvote({ id: topic.post.id })).toEqual({
      id: topic.post.id,
      upvotes: 1,
      upvotedByMe: false,
    });
    expect((await as(creator).discussion.removeUpvote({ id: topic.post.id })).upvotes).toBe(1);
    expect((await refusal(as().discussion.upvote({ id: topic.post.id }))).code).toBe(
      'UNAUTHORIZED',
    );
  });
});

describe('discussion.follow and discussion.unfollow', () => {
  it('follows and unfollows for anyone signed in who sees the topic', async () => {
    const topic = await topicBy(participant);
    expect(await as(member).discussion.follow({ id: topic.id })).toEqual({
      id: topic.id,
      followedByMe: true,
    });
    expect(await as(member).discussion.follow({ id: topic.id })).toEqual({
      id: topic.id,
      followedByMe: true,
    });
    expect(
      (await as(member).discussion.get({ id: topic.id, page: 1, pageSize: 20 })).followedByMe,
    ).toBe(true);
    expect(await as(member).discussion.unfollow({ id: topic.id })).toEqual({
      id: topic.id,
      followedByMe: false,
    });
    expect((await as(participant).discussion.unfollow({ id: topic.id })).followedByMe).toBe(false);
    expect(
      (await as(participant).discussion.get({ id: topic.id, page: 1, pageSize: 20 })).followedByMe,
    ).toBe(false);
    expect((await refusal(as().discussion.follow({ id: topic.id }))).code).toBe('UNAUTHORIZED');
    expect((await refusal(as(member).discussion.follow({ id: 999_999 }))).code).toBe('NOT_FOUND');
  });
});

describe('discussion.list', () => {
  it('sorts by activity, newest, replies and upvotes, searches, and pages', async () => {
    const c = await discussionCast(t.db);
    const quiet = await topicBy(c.participant, c.contestId, 'Quiet corner');
    const busy = await topicBy(c.creator, c.contestId, 'Busy thread');
    await replyBy(c.participant, busy.id);
    await replyBy(c.moderator, busy.id);
    const fresh = await topicBy(c.admin, c.contestId, 'Fresh news about Kappa');
    await replyBy(c.moderator, quiet.id);
    const ids = async (sort: 'activity' | 'newest' | 'active' | 'upvoted', search?: string) =>
      (
        await as(c.member).discussion.list({
          contestId: c.contestId,
          sort,
          search,
          page: 1,
          pageSize: 20,
        })
      ).items.map((i) => i.id);
    expect(await ids('activity')).toEqual([quiet.id, fresh.id, busy.id]);
    expect(await ids('newest')).toEqual([fresh.id, busy.id, quiet.id]);
    expect(await ids('active')).toEqual([busy.id, quiet.id, fresh.id]);
    expect(await ids('activity', 'kappa')).toEqual([fresh.id]);
    expect(await ids('activity', 'score computed')).toHaveLength(3);
    expect(await ids('activity', '%')).toEqual([]);
    const page2 = await as().discussion.list({
      contestId: c.contestId,
      sort: 'newest',
      page: 2,
      pageSize: 2,
    });
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((i) => i.id)).toEqual([quiet.id]);
    expect(
      (
        await refusal(
          as().discussion.list({
            contestId: c.contestId,
            sort: 'best' as 'newest',
            page: 1,
            pageSize: 20,
          }),
        )
      ).message,
    ).toBe('Sort by activity, newest, active or upvoted');
    expect(
      (
        await refusal(
          as().discussion.list({ contestId: c.contestId, sort: 'newest', page: 1, pageSize: 1000 }),
        )
      ).code,
    ).toBe('BAD_REQUEST');
  });
});

describe('discussion.report', () => {
  it('takes one report per member per post, never of one’s own; three members hide the post pending review', async () => {
    const c = await discussionCast(t.db);
    await as(c.creator).discussion.setOpen({ contestId: c.contestId, open: true });
    const topic = await topicBy(c.creator, c.contestId);
    const spam = await replyBy(c.member, topic.id, 'Buy cheap followers at example.test');
    expect(
      await refusal(as(c.member).discussion.report({ id: spam.id, reason: 'spam' })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'own_post' });
    expect(
      await as(c.participant).discussion.report({ id: spam.id, reason: 'spam', text: 'Ads' }),
    ).toMatchObject({ postId: spam.id, reason: 'spam', status: 'open', hidden: false });
    expect(
      await refusal(as(c.participant).discussion.report({ id: spam.id, reason: 'abuse' })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'already_reported' });
    expect(
      (
        await refusal(
          as(c.participant).discussion.report({ id: spam.id, reason: 'nope' as 'spam' }),
        )
      ).message,
    ).toBe('Choose a reason: spam, abuse, off-topic or other');
    await as(c.creator).discussion.report({ id: spam.id, reason: 'spam' });
    const third = await discussionMember(t.db);
    expect((await as(third).discussion.report({ id: spam.id, reason: 'off_topic' })).hidden).toBe(
      true,
    );
    const seen = async (viewer?: CreatedUser) =>
      (await as(viewer).discussion.get({ id: topic.id, page: 1, pageSize: 20 })).replies.items[0]!;
    expect(await seen()).toMatchObject({ hidden: true, body: '[hidden by a moderator]' });
    expect(await seen(c.participant)).toMatchObject({
      hidden: true,
      body: '[hidden by a moderator]',
    });
    for (const insider of [c.member, c.moderator, c.admin]) {
      expect((await seen(insider)).body).toBe('Buy cheap followers at example.test');
    }
    expect((await refusal(as().discussion.report({ id: spam.id, reason: 'spam' }))).code).toBe(
      'UNAUTHORIZED',
    );
    expect(
      (await refusal(as(c.participant).discussion.report({ id: 999_999, reason: 'spam' }))).code,
    ).toBe('NOT_FOUND');
  });
});
