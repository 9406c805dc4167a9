// A contest's discussion (issue 32, first slice), procedure by procedure and role by role:
// reading as anyone who sees the contest (a hidden contest's topics are 404 like missing ones);
// writing as its participants, organiser and staff, or any member once the discussion is open;
// refusals with their reasons (closed, not allowed, unverified, barred, locked, own post,
// not the author, deleted); edits with their history, deletion leaving '[deleted]', upvotes,
// follows, pin, lock, the answer, announcements; bad input a 4xx, never a 500. What follows a
// post (pin, lock, edits, deletion, upvotes, follows, lists, reports) is discussionPosts.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, contests, discussionFollows, users } from '../../src/server/platform/db/schema';
import { savePlatformSettings, getPlatformSettings } from '../../src/server/domain/settings';
import { callerFor, createTestDb, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { discussionCast, letTimePass, registeredTeamContest } from '../helpers/discussion';

const t = await createTestDb();
afterAll(() => t.close());

const as = (user?: CreatedUser) => callerFor(t, user).caller;
const cast = await discussionCast(t.db);
const { creator, participant, member, moderator, admin, banned, contestId } = cast;

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

describe('discussion.createTopic', () => {
  it('lets the participant, the organiser, moderators and admins start topics', async () => {
    for (const writer of [participant, creator, moderator, admin]) {
      const topic = await topicBy(writer);
      expect(topic).toMatchObject({
        contestId,
        title: 'A question',
        author: { id: writer.id, username: writer.username },
        pinned: false,
        announcement: false,
        replyCount: 0,
        followedByMe: true,
        post: { author: { id: writer.id }, deleted: false, hidden: false, upvotes: 0 },
      });
    }
  });

  it('refuses anyone signed out (401), banned (401) and a member who takes no part (403)', async () => {
    const input = { contestId, title: 'Hi', body: 'Me too' };
    expect((await refusal(as().discussion.createTopic(input))).code).toBe('UNAUTHORIZED');
    expect((await refusal(as(banned).discussion.createTopic(input))).code).toBe('UNAUTHORIZED');
    expect(await refusal(as(member).discussion.createTopic(input))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'not_allowed_to_post',
      message: expect.stringContaining('join the contest'),
    });
  });

  it('lets a team member of a registered team write', async () => {
    const team = await registeredTeamContest(t.db, { createdBy: creator.id, name: 'Discussers' });
    const topic = await topicBy(team.mate, team.contestId);
    expect(topic.author?.id).toBe(team.mate.id);
  });

  it('posts an announcement for the organiser only: pinned at the top, audited', async () => {
    await letTimePass(t.db);
    expect(
      await refusal(
        as(participant).discussion.createTopic({
          contestId,
          title: 'Rule change',
          body: 'Not mine to say',
          announcement: true,
        }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'not_organiser' });
    const topic = await as(creator).discussion.createTopic({
      contestId,
      title: 'Rule change',
      body: 'The deadline moves a day.',
      announcement: true,
    });
    expect(topic).toMatchObject({ announcement: true, pinned: true });
    const list = await as().discussion.list({ contestId, sort: 'newest', page: 1, pageSize: 100 });
    expect(list.items[0]!.id).toBe(topic.id);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'discussion.announce'));
    expect(audit).toMatchObject({ actorId: creator.id, targetId: String(contestId) });
  });

  it('keeps HTML and markdown as the text written (the client renders it safely)', async () => {
    await letTimePass(t.db);
    const body = '<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>';
    const topic = await as(participant).discussion.createTopic({
      contestId,
      title: '<b>bold</b>',
      body,
    });
    expect(topic.title).toBe('<b>bold</b>');
    expect(topic.post.body).toBe(body);
  });

  it('refuses bad input with a 4xx and the message the form shows', async () => {
    await letTimePass(t.db);
    const huge = 'x'.repeat(1024 * 1024);
    expect(
      await refusal(
        as(participant).discussion.createTopic({ contestId, title: 'Big', body: huge }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'A post must be at most 20,000 characters' });
    expect(
      await refusal(as(participant).discussion.createTopic({ contestId, title: '  ', body: 'x' })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'A title is required' });
    expect(
      await refusal(
        as(participant).discussion.createTopic({ contestId, title: 'T', body: ' \n ' }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Write something first' });
    expect(
      (
        await refusal(
          as(participant).discussion.createTopic({ contestId: 999_999, title: 'T', body: 'b' }),
        )
      ).code,
    ).toBe('NOT_FOUND');
    // Exactly at the bound is taken.
    const full = await as(participant).discussion.createTopic({
      contestId,
      title: 'Long',
      body: 'y'.repeat(20_000),
    });
    expect(full.post.body).toHaveLength(20_000);
  });
});

describe('who may write', () => {
  it("refuses new posts once the contest's comments are off, keeping what was written", async () => {
    const c = await discussionCast(t.db);
    const topic = await topicBy(c.participant, c.contestId);
    await t.db.update(contests).set({ enableComments: false }).where(eq(contests.id, c.contestId));
    for (const writer of [c.participant, c.creator, c.admin]) {
      await letTimePass(t.db);
      expect(
        await refusal(as(writer).discussion.reply({ topicId: topic.id, body: 'Still there?' })),
      ).toMatchObject({ code: 'FORBIDDEN', reason: 'discussion_closed' });
    }
    const read = await as().discussion.get({ id: topic.id, page: 1, pageSize: 20 });
    expect(read.post.body).toBe(topic.post.body);
  });

  it('lets any signed-in member write once the organiser opens the discussion', async () => {
    const c = await discussionCast(t.db);
    expect(
      await refusal(as(c.participant).discussion.setOpen({ contestId: c.contestId, open: true })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'not_organiser' });
    expect(await as(c.creator).discussion.setOpen({ contestId: c.contestId, open: true })).toEqual({
      contestId: c.contestId,
      open: true,
    });
    const topic = await topicBy(c.member, c.contestId);
    expect(topic.author?.id).toBe(c.member.id);
    await as(c.moderator).discussion.setOpen({ contestId: c.contestId, open: false });
    await letTimePass(t.db);
    expect(
      (await refusal(as(c.member).discussion.reply({ topicId: topic.id, body: 'Again' }))).reason,
    ).toBe('not_allowed_to_post');
  });

  it('refuses unverified members while the platform asks for a verified e-mail', async () => {
    const c = await discussionCast(t.db);
    const before = await getPlatformSettings({ db: t.db });
    await savePlatformSettings({ db: t.db, value: { ...before, requireVerifiedEmail: true } });
    try {
      await letTimePass(t.db);
      expect(
        await refusal(
          as(c.participant).discussion.createTopic({
            contestId: c.contestId,
            title: 'T',
            body: 'b',
          }),
        ),
      ).toMatchObject({
        code: 'FORBIDDEN',
        reason: 'email_unverified',
        message: expect.stringContaining('Verify'),
      });
      await t.db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.id, c.participant.id));
      const topic = await topicBy(c.participant, c.contestId);
      expect(topic.id).toBeGreaterThan(0);
    } finally {
      await savePlatformSettings({ db: t.db, value: before });
    }
  });

  it('refuses a barred member with the reason, until the bar is lifted', async () => {
    const c = await discussionCast(t.db);
    const topic = await topicBy(c.creator, c.contestId);
    expect(
      await refusal(
        as(c.participant).discussion.bar({
          contestId: c.contestId,
          userId: c.member.id,
          reason: 'Spam',
        }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'not_organiser' });
    await as(c.creator).discussion.bar({
      contestId: c.contestId,
      userId: c.participant.id,
      reason: 'Insults in three topics',
    });
    await letTimePass(t.db);
    expect(
      await refusal(as(c.participant).discussion.reply({ topicId: topic.id, body: 'Let me in' })),
    ).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'barred',
      message: 'You are barred from this discussion: Insults in three topics',
    });
    expect((await refusal(as(c.participant).discussion.upvote({ id: topic.post.id }))).reason).toBe(
      'barred',
    );
    // The organiser sees who is barred and why (no e-mail), and lifts it.
    const bars = await as(c.creator).discussion.bars({ contestId: c.contestId });
    expect(bars).toEqual([
      expect.objectContaining({
        userId: c.participant.id,
        username: c.participant.username,
        reason: 'Insults in three topics',
      }),
    ]);
    expect(JSON.stringify(bars)).not.toContain('@');
    expect(
      (await refusal(as(c.participant).discussion.bars({ contestId: c.contestId }))).reason,
    ).toBe('not_organiser');
    await as(c.admin).discussion.unbar({ contestId: c.contestId, userId: c.participant.id });
    expect(await as(c.creator).discussion.bars({ contestId: c.contestId })).toEqual([]);
    expect((await replyBy(c.participant, topic.id)).author?.id).toBe(c.participant.id);
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog)).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['discussion.bar', 'discussion.unbar']));
    expect(
      (
        await refusal(
          as(c.creator).discussion.bar({ contestId: c.contestId, userId: 999_999, reason: 'x' }),
        )
      ).code,
    ).toBe('NOT_FOUND');
  });
});

describe('hidden contests', () => {
  it('answer 404 to members and anonymous for their topics and posts; the creator and staff read them', async () => {
    const c = await discussionCast(t.db, { status: 'pending' });
    const topic = await topicBy(c.creator, c.contestId);
    for (const outsider of [undefined, c.member, c.participant]) {
      expect(
        (
          await refusal(
            as(outsider).discussion.list({
              contestId: c.contestId,
              sort: 'activity',
              page: 1,
              pageSize: 20,
            }),
          )
        ).code,
      ).toBe('NOT_FOUND');
      expect(
        (await refusal(as(outsider).discussion.get({ id: topic.id, page: 1, pageSize: 20 }))).code,
      ).toBe('NOT_FOUND');
    }
    await letTimePass(t.db);
    expect(
      (await refusal(as(c.participant).discussion.reply({ topicId: topic.id, body: 'Hello?' })))
        .code,
    ).toBe('NOT_FOUND');
    expect((await refusal(as(c.member).discussion.upvote({ id: topic.post.id }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await refusal(as(c.member).discussion.follow({ id: topic.id }))).code).toBe(
      'NOT_FOUND',
    );
    for (const insider of [c.creator, c.moderator, c.admin]) {
      const read = await as(insider).discussion.get({ id: topic.id, page: 1, pageSize: 20 });
      expect(read.id).toBe(topic.id);
    }
  });
});

describe('discussion.reply and discussion.get', () => {
  it('adds replies in order, quoting a post of the topic; the replier follows; the list shows the last poster', async () => {
    const topic = await topicBy(participant);
    const first = await replyBy(creator, topic.id, 'It is the mean absolute error.');
    await letTimePass(t.db);
    const second = await as(moderator).discussion.reply({
      topicId: topic.id,
      body: 'Seconded.',
      quoteId: first.id,
    });
    expect(second).toMatchObject({ quoteId: first.id, topicId: topic.id, upvotedByMe: false });
    const read = await as(member).discussion.get({ id: topic.id, page: 1, pageSize: 20 });
    expect(read.replies.items.map((r) => r.id)).toEqual([first.id, second.id]);
    expect(read.replies.total).toBe(2);
    expect(read).toMatchObject({ replyCount: 2, lastPoster: { id: moderator.id } });
    const follows = await t.db
      .select({ userId: discussionFollows.userId })
      .from(discussionFollows)
      .where(eq(discussionFollows.topicId, topic.id));
    expect(follows.map((f) => f.userId).sort()).toEqual(
      [participant.id, creator.id, moderator.id].sort(),
    );
    const listed = await as().discussion.list({
      contestId,
      sort: 'activity',
      page: 1,
      pageSize: 100,
    });
    const item = listed.items.find((i) => i.id === topic.id)!;
    expect(item).toMatchObject({
      replyCount: 2,
      lastPoster: { id: moderator.id, username: moderator.username },
    });
  });

  it("refuses a quote of another topic's post, unknown topics, and members who take no part", async () => {
    const one = await topicBy(participant);
    const other = await topicBy(participant);
    await letTimePass(t.db);
    expect(
      await refusal(
        as(creator).discussion.reply({
          topicId: one.id,
          body: 'See there',
          quoteId: other.post.id,
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', reason: 'bad_quote' });
    expect(
      (await refusal(as(creator).discussion.reply({ topicId: 999_999, body: 'Anyone?' }))).code,
    ).toBe('NOT_FOUND');
    expect(
      (await refusal(as(member).discussion.reply({ topicId: one.id, body: 'Me!' }))).reason,
    ).toBe('not_allowed_to_post');
    expect((await refusal(as().discussion.reply({ topicId: one.id, body: 'Me!' }))).code).toBe(
      'UNAUTHORIZED',
    );
  });

  it('never answers an e-mail address', async () => {
    const topic = await topicBy(participant);
    await replyBy(creator, topic.id);
    const read = JSON.stringify(
      await as(admin).discussion.get({ id: topic.id, page: 1, pageSize: 20 }),
    );
    const list = JSON.stringify(
      await as(admin).discussion.list({ contestId, sort: 'activity', page: 1, pageSize: 100 }),
    );
    for (const text of [read, list]) {
      expect(text).not.toContain('@example.com');
      expect(text).not.toContain('email');
    }
  });
});
