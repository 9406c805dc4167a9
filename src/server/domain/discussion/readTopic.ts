// A topic as its page shows it: the opening post, whether the caller follows it, and one page of
// its replies in the order they were written. A page is read from the (topic, opening, id) index
// and the total is the topic's own reply count, so the first and the last page of a topic of
// 10,000 replies cost the same.
import { and, asc, eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { discussionFollows, discussionPosts as p } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { isOrganiser } from '../../../shared/contests';
import { DISCUSSION_MESSAGES as M } from '../../../shared/discussion';
import type { TReadTopicRequest, TTopicView } from '../../../shared/schemas/discussion';
import { visibleTopic, type DiscussionViewer } from './access';
import { authorsById, presentPosts, presentTopic } from './present';

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

export async function readTopic({
  db,
  viewer,
  id,
  page: asked,
  pageSize,
  last,
}: { db: DB; viewer: DiscussionViewer } & TReadTopicRequest): Promise<TTopicView> {
  const { topic, contest } = await visibleTopic(db, viewer, id);
  const total = topic.replyCount;
  const page = last ? Math.max(1, Math.ceil(total / pageSize)) : asked;
  const [opening] = await db
    .select(postColumns)
    .from(p)
    .where(and(eq(p.topicId, topic.id), eq(p.opening, true)))
    .limit(1);
  if (!opening) throw new AppError('NOT_FOUND', M.topicNotFound);
  const replies = await db
    .select(postColumns)
    .from(p)
    .where(and(eq(p.topicId, topic.id), eq(p.opening, false)))
    .orderBy(asc(p.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
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
    replies: { items, total, page, pageSize },
  };
}
