// A topic as its page shows it: the opening post, whether the caller follows it, and one page of
// its replies in the order they were written. A page is read from the (topic, opening, id) index
// (from its end for a page in the second half) and the total is the topic's own reply count, so
// the first and the last page of a topic of 10,000 replies cost the same. Three prepared statements
// (topicReads.ts): the topic with its contest, authors and the caller's follow; the opening post;
// the page of replies with their authors and the caller's upvotes.
import { and, count, eq, lt } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { discussionPosts as p } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { isOrganiser } from '../../../shared/contests';
import { DISCUSSION_MESSAGES as M } from '../../../shared/discussion';
import type { TReadTopicRequest, TTopicView } from '../../../shared/schemas/discussion';
import type { DiscussionViewer } from './access';
import { presentPostWith, presentTopic, type Author } from './present';
import { readPosts, readVisibleTopic } from './topicReads';
import { writeStateOf } from './writers';

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
  viewer: DiscussionViewer,
  topicId: number,
  page: number,
  pageSize: number,
  total: number,
) {
  const offset = (page - 1) * pageSize;
  if (offset <= total / 2) return readPosts(db, viewer, topicId, 'oldestFirst', pageSize, offset);
  const take = Math.min(pageSize, total - offset);
  if (take <= 0) return [];
  const newestFirst = await readPosts(
    db,
    viewer,
    topicId,
    'newestFirst',
    take,
    total - offset - take,
  );
  return newestFirst.reverse();
}

type PostWith = Awaited<ReturnType<typeof readPosts>>[number];

export async function readTopic({
  db,
  viewer,
  id,
  page: asked,
  pageSize,
  last,
  postId,
}: { db: DB; viewer: DiscussionViewer } & TReadTopicRequest): Promise<TTopicView> {
  const found = await readVisibleTopic(db, viewer, id);
  if (!found) throw new AppError('NOT_FOUND', M.topicNotFound);
  const { topic, contest } = found;
  const total = topic.replyCount;
  const page = last
    ? Math.max(1, Math.ceil(total / pageSize))
    : postId !== undefined
      ? await pageOfPost(db, topic.id, postId, pageSize, asked)
      : asked;
  const [opening] = await readPosts(db, viewer, topic.id, 'opening', 1, 0);
  if (!opening) throw new AppError('NOT_FOUND', M.topicNotFound);
  const replies = await pageOfReplies(db, viewer, topic.id, page, pageSize, total);
  const present = (row: PostWith) => presentPostWith(row.post, viewer, row.author, row.upvotedByMe);
  const authors = new Map<number, Author>();
  for (const a of [found.author, found.lastPoster]) if (a) authors.set(a.id, a);
  return {
    ...presentTopic(topic, authors),
    post: present(opening),
    followedByMe: found.followedByMe,
    canModerate: isOrganiser(contest, viewer),
    ...(await writeStateOf(db, viewer, contest)),
    replies: { items: replies.map(present), total, page, pageSize },
  };
}
