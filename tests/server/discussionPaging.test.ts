// A topic of 10,000 replies opens at once on its first page and on its last, and a contest of
// 2,000 topics lists at once in every sort and in a search: each reads an index in page order
// (checked on SQLite's own query plans, no timing), and the answers are the right rows on both
// engines.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { discussionPosts, discussionTopics } from '../../src/server/platform/db/schema';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { TOPIC_SORTS } from '../../src/shared/discussion';
import { callerFor, createTestDb, type CreatedUser } from '../helpers/db';
import { discussionCast } from '../helpers/discussion';
import { planOf, sqliteOf } from '../helpers/sqlitePlans';
import { preparedSql } from '../../src/server/domain/discussion/topicReads';

const t = await createTestDb();
afterAll(() => t.close());
const as = (user?: CreatedUser) => callerFor(t, user).caller;
const { creator, participant, member, contestId } = await discussionCast(t.db);

const REPLIES = 10_000;
const TOPICS = 2_000;
const CHUNK = 500;

const topic = await as(creator).discussion.createTopic({
  contestId,
  title: 'The long one',
  body: 'Ask away',
});
const base = Date.now() - 3 * 24 * 3_600_000;
for (let from = 0; from < REPLIES; from += CHUNK) {
  await t.db.insert(discussionPosts).values(
    Array.from({ length: CHUNK }, (_, i) => ({
      topicId: topic.id,
      contestId,
      authorId: (from + i) % 2 ? participant.id : creator.id,
      body: `Reply number ${from + i + 1}`,
      createdAt: new Date(base + (from + i) * 1000),
    })),
  );
}
await t.db
  .update(discussionTopics)
  .set({ replyCount: REPLIES })
  .where(eq(discussionTopics.id, topic.id));
// The other topics of the contest, each with its opening post, spread over time and counts.
for (let from = 1; from < TOPICS; from += CHUNK) {
  const n = Math.min(CHUNK, TOPICS - from);
  const rows = await t.db
    .insert(discussionTopics)
    .values(
      Array.from({ length: n }, (_, i) => ({
        contestId,
        authorId: participant.id,
        title: `Topic ${from + i}${(from + i) % 100 === 0 ? ' about kappa' : ''}`,
        replyCount: (from + i) % 37,
        upvotes: (from + i) % 53,
        lastPostAt: new Date(base + (((from + i) * 7919) % 86_400_000)),
        createdAt: new Date(base + (from + i) * 1000),
      })),
    )
    .returning({ id: discussionTopics.id });
  await t.db.insert(discussionPosts).values(
    rows.map((r, i) => ({
      topicId: r.id,
      contestId,
      authorId: participant.id,
      opening: true,
      body: `Opening post ${from + i}`,
      createdAt: new Date(base + (from + i) * 1000),
    })),
  );
}

describe('a topic of 10,000 replies', () => {
  it('reads its first page and its last page', async () => {
    const first = await as(member).discussion.get({ id: topic.id, page: 1, pageSize: 20 });
    expect(first.replies.total).toBe(REPLIES);
    expect(first.replies.items.map((r) => r.body)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Reply number ${i + 1}`),
    );
    const last = await as(member).discussion.get({
      id: topic.id,
      page: 1,
      pageSize: 20,
      last: true,
    });
    expect(last.replies.page).toBe(REPLIES / 20);
    expect(last.replies.items.at(-1)!.body).toBe(`Reply number ${REPLIES}`);
    expect(last.replies.items).toHaveLength(20);
    const byNumber = await as().discussion.get({ id: topic.id, page: 500, pageSize: 20 });
    expect(byNumber.replies.items.map((r) => r.id)).toEqual(last.replies.items.map((r) => r.id));
    // Past the end: an empty page, not an error.
    const past = await as().discussion.get({ id: topic.id, page: 501, pageSize: 20 });
    expect(past.replies.items).toEqual([]);
  });

  it('reads every page in order from either end, a short last page included', async () => {
    // 10,000 replies in pages of 30: page 334 holds the last 10; pages past the half are read
    // from the end and must still read oldest first.
    const numbers = async (page: number) =>
      (await as().discussion.get({ id: topic.id, page, pageSize: 30 })).replies.items.map((r) =>
        Number(r.body.replace('Reply number ', '')),
      );
    const from = (first: number, n: number) => Array.from({ length: n }, (_, i) => first + i);
    expect(await numbers(166)).toEqual(from(4_951, 30));
    expect(await numbers(167)).toEqual(from(4_981, 30));
    expect(await numbers(333)).toEqual(from(9_961, 30));
    expect(await numbers(334)).toEqual(from(9_991, 10));
    expect(await numbers(335)).toEqual([]);
    const last = await as().discussion.get({ id: topic.id, page: 1, pageSize: 30, last: true });
    expect(last.replies.page).toBe(334);
    expect(last.replies.items).toHaveLength(10);
  });
});

describe('a contest of 2,000 topics', () => {
  it('lists every sort and a search', async () => {
    for (const sort of TOPIC_SORTS) {
      const page = await as().discussion.list({ contestId, sort, page: 1, pageSize: 20 });
      expect(page.total).toBe(TOPICS);
      expect(page.items).toHaveLength(20);
      const last = await as().discussion.list({ contestId, sort, page: 100, pageSize: 20 });
      expect(last.items).toHaveLength(20);
    }
    const active = await as().discussion.list({ contestId, sort: 'active', page: 1, pageSize: 20 });
    expect(active.items[0]!.id).toBe(topic.id);
    const found = await as().discussion.list({
      contestId,
      sort: 'activity',
      search: 'KAPPA',
      page: 1,
      pageSize: 100,
    });
    expect(found.total).toBe(19);
  });
});

describe.runIf(dialect === 'sqlite')('the query plans (SQLite)', () => {
  const sqlite = sqliteOf(t.db);

  it('reads replies and every sort of topics from an index, with no sort of their own', async () => {
    // The topic's page and the list are prepared once per database (topicReads.ts): every one
    // of their statements, whether or not a read above prepared it already.
    const plans = preparedSql(t.db).map((source) => planOf(sqlite, source));
    const reads = plans.filter((p) => /discussion_(posts|topics)/.test(p));
    expect(reads.length).toBeGreaterThan(0);
    for (const plan of reads) {
      expect(plan).not.toMatch(/TEMP B-TREE/);
      expect(plan).not.toMatch(/SCAN discussion_(posts|topics)(?! USING)/);
    }
    expect(plans.join('\n')).toMatch(/discussion_posts_topic/);
    expect(plans.join('\n')).toMatch(/discussion_topics_activity/);
    expect(plans.join('\n')).toMatch(/discussion_topics_upvoted/);
  });
});
