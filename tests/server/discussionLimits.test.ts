// The discussion's limits (issue 32; Platform Settings with Discourse's numbers): 5 s between
// posts, 15 s between topics, a member's first day (3 topics, 10 replies), 50 upvotes a day, the
// same text twice within 5 minutes. Over one: 429 with Retry-After and a sentence saying when.
// Moderators and admins are not limited; an admin's change of a setting applies at once.
import { TRPCError } from '@trpc/server';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../src/server/platform/errors';
import { getPlatformSettings, savePlatformSettings } from '../../src/server/domain/settings';
import { contests } from '../../src/server/platform/db/schema';
import { callerFor, createTestDb, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { discussionCast, discussionMember, letTimePass } from '../helpers/discussion';
import { eq } from 'drizzle-orm';

const t = await createTestDb();
afterAll(() => t.close());

const as = (user?: CreatedUser) => callerFor(t, user).caller;
const { creator, participant, moderator, admin, contestId } = await discussionCast(t.db);
// Open to every member: first-day members need no participant row.
await t.db.update(contests).set({ openDiscussion: true }).where(eq(contests.id, contestId));
const topic = await as(creator).discussion.createTopic({ contestId, title: 'Limits', body: 'Go' });

/** The Retry-After seconds of a refused call. */
async function retryAfter(call: Promise<unknown>): Promise<number | undefined> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return (error.cause as AppError | undefined)?.retryAfter;
  }
  throw new Error('expected a refusal');
}

describe('time between posts and topics', () => {
  it('refuses a second post within 5 s and a second topic within 15 s, saying how long to wait', async () => {
    await letTimePass(t.db);
    await as(participant).discussion.reply({ topicId: topic.id, body: 'One' });
    const second = as(participant).discussion.reply({ topicId: topic.id, body: 'Two' });
    expect(await refusal(second)).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      reason: 'post_too_soon',
      message: 'Wait 5 seconds between posts',
    });
    const wait = await retryAfter(
      as(participant).discussion.reply({ topicId: topic.id, body: 'Two' }),
    );
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(5);
    // Six seconds later a reply is taken, a topic not yet (15 s since the last topic).
    await letTimePass(t.db, 6_000);
    await as(participant).discussion.reply({ topicId: topic.id, body: 'Two' });
    await letTimePass(t.db, 6_000);
    await as(participant).discussion.createTopic({ contestId, title: 'First', body: 'Topic one' });
    await letTimePass(t.db, 6_000);
    expect(
      await refusal(
        as(participant).discussion.createTopic({ contestId, title: 'Next', body: 'Topic two' }),
      ),
    ).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      reason: 'topic_too_soon',
      message: 'Wait 15 seconds before starting another topic',
    });
    await letTimePass(t.db, 10_000);
    await as(participant).discussion.createTopic({ contestId, title: 'Next', body: 'Topic two' });
  });

  it('does not limit moderators and admins', async () => {
    for (const staff of [moderator, admin]) {
      for (let i = 0; i < 3; i += 1) {
        await as(staff).discussion.reply({ topicId: topic.id, body: 'Same words, fast' });
        await as(staff).discussion.createTopic({ contestId, title: `Staff ${i}`, body: 'Same' });
      }
    }
  });
});

describe("a member's first day", () => {
  it('allows 3 topics and 10 replies, then refuses until the day is over', async () => {
    const newcomer = await discussionMember(t.db, { firstDay: true });
    for (let i = 0; i < 3; i += 1) {
      await letTimePass(t.db, 60_000);
      await as(newcomer).discussion.createTopic({
        contestId,
        title: `New ${i}`,
        body: `Hello ${i}`,
      });
    }
    await letTimePass(t.db, 60_000);
    const refused = await refusal(
      as(newcomer).discussion.createTopic({ contestId, title: 'New 4', body: 'Hello 4' }),
    );
    expect(refused).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      reason: 'first_day_limit',
      message: 'New members can start at most 3 topics on their first day: try again tomorrow',
    });
    for (let i = 0; i < 10; i += 1) {
      await letTimePass(t.db, 60_000);
      await as(newcomer).discussion.reply({ topicId: topic.id, body: `Reply ${i}` });
    }
    await letTimePass(t.db, 60_000);
    const wait = await retryAfter(
      as(newcomer).discussion.reply({ topicId: topic.id, body: 'Reply 11' }),
    );
    // Until a day after the account was made (about a day from now).
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(
      (await refusal(as(newcomer).discussion.reply({ topicId: topic.id, body: 'Reply 11' })))
        .message,
    ).toBe('New members can post at most 10 replies on their first day: try again tomorrow');
  });
});

describe('the same text twice', () => {
  it('is refused within 5 minutes and taken after', async () => {
    const member = await discussionMember(t.db);
    await letTimePass(t.db);
    await as(member).discussion.reply({ topicId: topic.id, body: 'Is anyone here?' });
    await letTimePass(t.db, 60_000);
    const refused = await refusal(
      as(member).discussion.reply({ topicId: topic.id, body: 'Is anyone here?' }),
    );
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: 'duplicate_post' });
    const wait = await retryAfter(
      as(member).discussion.reply({ topicId: topic.id, body: 'Is anyone here?' }),
    );
    expect(wait).toBeGreaterThan(200);
    expect(wait).toBeLessThanOrEqual(240);
    await letTimePass(t.db, 5 * 60_000);
    await as(member).discussion.reply({ topicId: topic.id, body: 'Is anyone here?' });
  });
});

describe('upvotes a day, and settings applying at once', () => {
  it('refuses the upvote past the day’s allowance, and follows the setting an admin saves', async () => {
    const before = await getPlatformSettings({ db: t.db });
    await savePlatformSettings({
      db: t.db,
      value: { ...before, upvotesPerDay: 3, secondsBetweenPosts: 1 },
    });
    try {
      const voter = await discussionMember(t.db);
      const authors = [creator, moderator, admin, participant];
      const posts: number[] = [];
      for (const author of authors) {
        await letTimePass(t.db);
        posts.push(
          (await as(author).discussion.reply({ topicId: topic.id, body: `Vote me ${author.id}` }))
            .id,
        );
      }
      for (const id of posts.slice(0, 3)) await as(voter).discussion.upvote({ id });
      expect(await refusal(as(voter).discussion.upvote({ id: posts[3]! }))).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        reason: 'upvote_limit',
        message: 'You can upvote at most 3 posts a day: try again later',
      });
      // Taking an upvote back is never limited, and an upvote already given answers as it is.
      await as(voter).discussion.removeUpvote({ id: posts[0]! });
      await as(voter).discussion.upvote({ id: posts[1]! });
      // Staff are not limited.
      for (const id of posts.slice(0, 3))
        await as(moderator)
          .discussion.upvote({ id })
          .catch(() => undefined);
      await letTimePass(t.db);
      expect((await as(voter).discussion.upvote({ id: posts[3]! })).upvotedByMe).toBe(true);
    } finally {
      await savePlatformSettings({ db: t.db, value: before });
    }
  });
});

describe('reports a day', () => {
  it('refuses the report past the day’s allowance; moderators are not limited', async () => {
    const before = await getPlatformSettings({ db: t.db });
    await savePlatformSettings({
      db: t.db,
      value: { ...before, reportsPerDay: 2, reportsToHide: 100 },
    });
    try {
      const reporter = await discussionMember(t.db);
      const posts: number[] = [];
      for (const author of [creator, admin, participant]) {
        await letTimePass(t.db);
        posts.push(
          (await as(author).discussion.reply({ topicId: topic.id, body: `Report me ${author.id}` }))
            .id,
        );
      }
      await as(reporter).discussion.report({ id: posts[0]!, reason: 'spam' });
      await as(reporter).discussion.report({ id: posts[1]!, reason: 'spam' });
      expect(
        await refusal(as(reporter).discussion.report({ id: posts[2]!, reason: 'spam' })),
      ).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        reason: 'report_limit',
        message: 'You can report at most 2 posts a day: try again later',
      });
      for (const id of posts) await as(moderator).discussion.report({ id, reason: 'other' });
    } finally {
      await savePlatformSettings({ db: t.db, value: before });
    }
  });
});
