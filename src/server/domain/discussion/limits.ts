// The discussion's limits (issue 32; Discourse's numbers as Platform Settings): time between
// posts and between topics, a member's first day, upvotes a day, the same text twice. Each is
// counted from the rows themselves (indexed by author and time), so every app server agrees and
// nothing is counted twice; over one, 429 with Retry-After and a sentence saying when.
// Moderators and admins are not limited.
import { and, count, desc, eq, gt } from 'drizzle-orm';
import { databaseOf, type DbOrTx } from '../../platform/db/client';
import { discussionPosts, discussionUpvotes } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { isReviewer, type Actor } from '../../platform/actor';
import { getPlatformSettings } from '../settings';
import { DISCUSSION_MESSAGES as M } from '../../../shared/discussion';
import type { Writer } from './writers';

const DAY_MS = 24 * 3600 * 1000;

function over(reason: ConstructorParameters<typeof AppError>[0], message: string, waitMs: number) {
  return new AppError(reason, message, { retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) });
}

/** Refuses when `last` was less than `seconds` before `now`, saying when the wait ends. */
function assertWaited(
  last: Date | undefined,
  seconds: number,
  now: number,
  reason: ConstructorParameters<typeof AppError>[0],
  message: string,
): void {
  const gap = seconds * 1000;
  if (last && now - last.getTime() < gap) throw over(reason, message, last.getTime() + gap - now);
}

const settingsOf = (db: DbOrTx) => getPlatformSettings({ db: databaseOf(db) });

/** The member's latest post (`opening`: their latest topic), or undefined. */
async function latest(db: DbOrTx, authorId: number, opening?: boolean): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: discussionPosts.createdAt })
    .from(discussionPosts)
    .where(
      and(
        eq(discussionPosts.authorId, authorId),
        opening === undefined ? undefined : eq(discussionPosts.opening, opening),
      ),
    )
    .orderBy(desc(discussionPosts.createdAt))
    .limit(1);
  return row?.at;
}

/** Refuses a new topic (`opening`) or reply of `actor`'s that a limit holds back. */
export async function assertPostWithinLimits(
  db: DbOrTx,
  actor: Actor,
  writer: Writer,
  post: { opening: boolean; body: string },
  now = Date.now(),
): Promise<void> {
  if (isReviewer(actor)) return;
  const settings = await settingsOf(db);
  const posts = settings.secondsBetweenPosts;
  assertWaited(await latest(db, actor.id), posts, now, 'post_too_soon', M.postTooSoon(posts));
  if (post.opening) {
    const topics = settings.secondsBetweenTopics;
    const lastTopic = await latest(db, actor.id, true);
    assertWaited(lastTopic, topics, now, 'topic_too_soon', M.topicTooSoon(topics));
  }
  const firstDayEnds = writer.createdAt.getTime() + DAY_MS;
  if (now < firstDayEnds) {
    const max = post.opening ? settings.firstDayTopics : settings.firstDayReplies;
    const [row] = await db
      .select({ n: count() })
      .from(discussionPosts)
      .where(
        and(eq(discussionPosts.authorId, actor.id), eq(discussionPosts.opening, post.opening)),
      );
    if ((row?.n ?? 0) >= max) {
      const message = post.opening ? M.firstDayTopics(max) : M.firstDayReplies(max);
      throw over('first_day_limit', message, firstDayEnds - now);
    }
  }
  const window = settings.duplicatePostMinutes * 60_000;
  const [same] = await db
    .select({ at: discussionPosts.createdAt })
    .from(discussionPosts)
    .where(
      and(
        eq(discussionPosts.authorId, actor.id),
        gt(discussionPosts.createdAt, new Date(now - window)),
        eq(discussionPosts.body, post.body),
      ),
    )
    .orderBy(desc(discussionPosts.createdAt))
    .limit(1);
  if (same) throw over('duplicate_post', M.duplicate, same.at.getTime() + window - now);
}

/** Refuses an upvote past the member's upvotes of the last 24 hours. */
export async function assertUpvoteWithinLimit(
  db: DbOrTx,
  actor: Actor,
  now = Date.now(),
): Promise<void> {
  if (isReviewer(actor)) return;
  const max = (await settingsOf(db)).upvotesPerDay;
  const since = new Date(now - DAY_MS);
  const recent = await db
    .select({ at: discussionUpvotes.createdAt })
    .from(discussionUpvotes)
    .where(and(eq(discussionUpvotes.userId, actor.id), gt(discussionUpvotes.createdAt, since)))
    .orderBy(desc(discussionUpvotes.createdAt))
    .limit(max);
  if (recent.length < max) return;
  // The oldest of the day's `max` upvotes leaves the window first.
  const oldest = recent[recent.length - 1]!.at.getTime();
  throw over('upvote_limit', M.upvoteLimit(max), oldest + DAY_MS - now);
}
