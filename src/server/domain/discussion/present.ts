// Posts and topics as a caller gets them: authors by their public fields only (never an e-mail),
// a deleted post as '[deleted]', a hidden one's words only to moderators and its author, and
// whether the caller upvoted each post (one query per page, not per post).
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { discussionUpvotes, users } from '../../platform/db/schema';
import { isReviewerRole } from '../../../shared/contests';
import { DELETED_BODY, HIDDEN_BODY } from '../../../shared/discussion';
import type { TPost, TTopicListItem } from '../../../shared/schemas/discussion';
import type { DiscussionViewer, PostRow, TopicRow } from './access';

export type Author = NonNullable<TPost['author']>;

/** The public fields of these members, by id. */
export async function authorsById(
  db: DbOrTx,
  ids: Iterable<number | null>,
): Promise<Map<number, Author>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      profileImage: users.profileImage,
      role: users.role,
    })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Which of these posts `viewer` has upvoted. */
export async function upvotedBy(
  db: DbOrTx,
  viewer: DiscussionViewer,
  postIds: number[],
): Promise<Set<number>> {
  if (!viewer || postIds.length === 0) return new Set();
  const rows = await db
    .select({ postId: discussionUpvotes.postId })
    .from(discussionUpvotes)
    .where(
      and(eq(discussionUpvotes.userId, viewer.id), inArray(discussionUpvotes.postId, postIds)),
    );
  return new Set(rows.map((r) => r.postId));
}

export function presentPost(
  post: Omit<PostRow, 'contestId' | 'opening'>,
  viewer: DiscussionViewer,
  authors: Map<number, Author>,
  upvoted: Set<number>,
): TPost {
  const author = post.authorId === null ? null : (authors.get(post.authorId) ?? null);
  return presentPostWith(post, viewer, author, upvoted.has(post.id));
}

/** A post read with its author and the caller's upvote (topicReads.ts: in one statement). */
export function presentPostWith(
  post: Omit<PostRow, 'contestId' | 'opening'>,
  viewer: DiscussionViewer,
  author: Author | null,
  upvotedByMe: boolean,
): TPost {
  const deleted = post.deletedAt !== null;
  const hidden = post.hiddenAt !== null;
  const seesHidden = !!viewer && (isReviewerRole(viewer.role) || viewer.id === post.authorId);
  return {
    id: post.id,
    topicId: post.topicId,
    author,
    body: deleted ? DELETED_BODY : hidden && !seesHidden ? HIDDEN_BODY : post.body,
    createdAt: post.createdAt,
    editedAt: post.editedAt,
    deleted,
    hidden,
    upvotes: post.upvotes,
    upvotedByMe,
    quoteId: post.quoteId,
  };
}

/** Several posts of one page, with their authors and the caller's upvotes read once. */
export async function presentPosts(
  db: DbOrTx,
  viewer: DiscussionViewer,
  posts: Omit<PostRow, 'contestId' | 'opening'>[],
): Promise<TPost[]> {
  const authors = await authorsById(
    db,
    posts.map((p) => p.authorId),
  );
  const upvoted = await upvotedBy(
    db,
    viewer,
    posts.map((p) => p.id),
  );
  return posts.map((p) => presentPost(p, viewer, authors, upvoted));
}

export function presentTopic(topic: TopicRow, authors: Map<number, Author>): TTopicListItem {
  const lastPoster = topic.lastPosterId === null ? undefined : authors.get(topic.lastPosterId);
  return {
    id: topic.id,
    contestId: topic.contestId,
    title: topic.title,
    author: topic.authorId === null ? null : (authors.get(topic.authorId) ?? null),
    pinned: topic.pinned,
    locked: topic.locked,
    announcement: topic.announcement,
    answerId: topic.answerId,
    replyCount: topic.replyCount,
    upvotes: topic.upvotes,
    lastPostAt: topic.lastPostAt,
    lastPoster: lastPoster ? { id: lastPoster.id, username: lastPoster.username } : null,
    createdAt: topic.createdAt,
  };
}
