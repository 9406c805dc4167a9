// Whom a follower's reply notice names (issue 32). A follower hears of a topic's replies at most
// once per 10 minutes, so one notice stands for every reply since the last one they were sent:
// it names the member whose reply sends it and counts the other members who replied since
// ('alice and 2 others replied in “Title”'). Usernames only: never an e-mail.
import { and, desc, eq, gt, inArray, isNull, like } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { discussionPosts, notifications } from '../../platform/db/schema';
import type { PostFact } from './postFact';

/** A member hears of new replies in a topic at most once in this long. */
export const REPLY_NOTICE_GAP_MS = 10 * 60_000;
/** The newest replies read to count repliers: a longer batch counts the members among these. */
const RECENT_REPLIES = 200;
/** Followers whose last notice is read per query. */
const FOLLOWER_BATCH = 1_000;

/** Every link to a post of this topic carries this part (shared/discussion.ts). */
export const topicLinkPattern = (topicId: number) => `%?tab=discussion&topic=${topicId}&post=%`;

/** 'alice replied', 'alice and 1 other replied', 'alice and 2 others replied'. */
export function repliedWords(name: string, others: number): string {
  if (others <= 0) return `${name} replied`;
  return `${name} and ${others} other${others === 1 ? '' : 's'} replied`;
}

/** A follower due a reply notice, and since when they follow the topic. */
export interface DueFollower {
  id: number;
  followedAt: Date;
}

/**
 * For each follower due a notice, how many members other than the reply's author (and the
 * follower) replied since that follower's last reply notice on this topic, or since they
 * followed it when later (or when they have had none). Deleted or hidden replies do not count.
 */
export async function otherRepliers(
  tx: DbOrTx,
  fact: PostFact,
  due: readonly DueFollower[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (!due.length) return counts;
  const ids = due.map((f) => f.id);
  const recent = await tx
    .select({
      id: discussionPosts.id,
      authorId: discussionPosts.authorId,
      at: discussionPosts.createdAt,
    })
    .from(discussionPosts)
    .where(
      and(
        eq(discussionPosts.topicId, fact.topicId),
        eq(discussionPosts.opening, false),
        isNull(discussionPosts.deletedAt),
        isNull(discussionPosts.hiddenAt),
      ),
    )
    .orderBy(desc(discussionPosts.id))
    .limit(RECENT_REPLIES);
  const others = recent.filter(
    (r): r is { id: number; authorId: number; at: Date } =>
      r.authorId !== null && r.authorId !== fact.authorId,
  );
  if (!others.length) return counts;
  // The post each was last told of (its notice links to it): posts are numbered in order, while
  // a notice's time may read earlier than its own post's (PostgreSQL's now() is the
  // transaction's start). Read back only as far as the replies counted reach, with a margin.
  const oldest = new Date(Math.min(...others.map((r) => r.at.getTime())) - REPLY_NOTICE_GAP_MS);
  const lastTold = new Map<number, number>();
  for (let i = 0; i < ids.length; i += FOLLOWER_BATCH) {
    const rows = await tx
      .select({ userId: notifications.userId, link: notifications.link })
      .from(notifications)
      .where(
        and(
          inArray(notifications.userId, ids.slice(i, i + FOLLOWER_BATCH)),
          eq(notifications.kind, 'discussion_reply'),
          gt(notifications.createdAt, oldest),
          like(notifications.link, topicLinkPattern(fact.topicId)),
        ),
      );
    for (const row of rows) {
      const postId = Number(/[?&]post=(\d+)/.exec(row.link ?? '')?.[1] ?? 0);
      lastTold.set(row.userId, Math.max(lastTold.get(row.userId) ?? 0, postId));
    }
  }
  for (const { id, followedAt } of due) {
    const toldOf = lastTold.get(id) ?? 0;
    const since = followedAt.getTime();
    const repliers = new Set(
      others
        .filter((r) => r.id > toldOf && r.at.getTime() > since && r.authorId !== id)
        .map((r) => r.authorId),
    );
    counts.set(id, repliers.size);
  }
  return counts;
}
