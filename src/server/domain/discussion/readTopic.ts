// A topic as its page shows it: the opening post, whether the caller follows it, and one page of
// its replies in the order they were written. A page is read from the (topic, opening, id) index
// (from its end for a page in the second half) and the total is the topic's own reply count, so
// the first and the last page of a topic of 10,000 replies cost the same.
import { and, asc, count, desc, eq, lt } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { discussionFollows, discussionPosts as p } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { isOrganiser } from '../../../shared/contests';
import { DISCUSSION_MESSAGES as M } from '../../../shared/discussion';
import type { TReadTopicRequest, TTopicView } from '../../../shared/schemas/discussion';
import { visibleTopic, type DiscussionViewer } from './access';
import { authorsById, presentPosts, presentTopic } from './present';
import { writeStateOf } from './writers';

const postColumns = {
  id: p.id,
  topicId: p.topicId,
  authorId: p.authorId,
  body: p.body,
  quoteId: p.quoteId,
  upvotes: p.upvotes,
  createdAt: p.createdAt,
  editedAt: p.editedAt,
  deletedAt: p.deletedAt,
  hiddenAt: p.hiddenAt,
};

/**
 * The page of replies holding `postId` (replies before it, over the page size): a link to one
 * post opens where it is. Not a reply of this topic (the opening post, another topic's): `fallback`.
 */
async function pageOfPost(
  db: DB,
  topicId: number,
  postId: number,
  pageSize: number,
  fallback: number,
): Promise<number> {
  const [reply] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.id, postId), eq(p.topicId, topicId), eq(p.opening, false)));
  if (!reply) return fallback;
  const [before] = await db
    .select({ n: count() })
    .from(p)
    .where(and(eq(p.topicId, topicId), eq(p.opening, false), lt(p.id, postId)));
  return Math.floor((before?.n ?? 0) / pageSize) + 1;
}

/**
 * One page of a topic's replies, oldest first. A page in the second half is read from the end
 * (newest first, then turned round), so the last page of 10,000 replies skips as few index
 * entries as the first: an OFFSET walks every entry it skips.
 */
async function pageOfReplies(
  db: DB,
  topicId: number,
  page: number,
  pageSize: number,
  total: number,
) {
  const offset = (page - 1) * pageSize;
  const where = and(eq(p.topicId, topicId), eq(p.opening, false));
  if (offset <= total / 2) {
    return db
      .select(postColumns)
      .from(p)
      .where(where)
      .orderBy(asc(p.id))
      .limit(pageSize)
      .offset(offset);
  }
  const take = Math.min(pageSize, total - offset);
  if (take <= 0) return [];
  const newestFirst = await db
    .select(postColumns)
    .from(p)
    .where(where)
    .orderBy(desc(p.id))
    .limit(take)
    .offset(total - offset - take);
  return newestFirst.reverse();
}

export async function readTopic({
  db,
  viewer,
  id,
  page: asked,
  pageSize,
  last,
  postId,
}: { db: DB; viewer: DiscussionViewer } & TReadTopicRequest): Promise<TTopicView> {
  const { topic, contest } = await visibleTopic(db, viewer, id);
  const total = topic.replyCount;
  const page = last
    ? Math.max(1, Math.ceil(total / pageSize))
    : postId !== undefined
      ? await pageOfPost(db, topic.id, postId, pageSize, asked)
      : asked;
  const [opening] = await db
    .select(postColumns)
    .from(p)
    .where(and(eq(p.topicId, topic.id), eq(p.opening, true)))
    .limit(1);
  if (!opening) throw new AppError('NOT_FOUND', M.topicNotFound);
  const replies = await pageOfReplies(db, topic.id, page, pageSize, total);
  const [post, ...items] = await presentPosts(db, viewer, [opening, ...replies]);
  const authors = await authorsById(db, [topic.authorId, topic.lastPosterId]);
  const followedByMe = viewer
    ? (
        await db
          .select({ userId: discussionFollows.userId })
          .from(discussionFollows)
          .where(
            and(eq(discussionFollows.topicId, topic.id), eq(discussionFollows.userId, viewer.id)),
          )
      ).length > 0
    : false;
  return {
    ...presentTopic(topic, authors),
    post: post!,
    followedByMe,
    canModerate: isOrganiser(contest, viewer),
    ...(await writeStateOf(db, viewer, contest)),
    replies: { items, total, page, pageSize },
  };
}
