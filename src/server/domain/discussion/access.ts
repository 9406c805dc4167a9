// Which contest, topic or post a caller may reach: each read carries the contests area's one
// visibility condition (contestVisibleTo) in its where, so a hidden contest's topics and posts
// answer 404 exactly like missing ones, never a read followed by a check.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contests, discussionPosts, discussionTopics } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { contestVisibleTo, notFound } from '../contests';
import { isOrganiser } from '../../../shared/contests';
import { DISCUSSION_MESSAGES as M } from '../../../shared/discussion';
import type { Role } from '../../../shared/constants';

/** Who reads: null when nobody is signed in. */
export type DiscussionViewer = { id: number; role: Role } | null;

export const contestColumns = {
  id: contests.id,
  createdBy: contests.createdBy,
  enableComments: contests.enableComments,
  openDiscussion: contests.openDiscussion,
};
export type DiscussionContest = {
  id: number;
  createdBy: number;
  enableComments: boolean;
  openDiscussion: boolean;
};

export const topicColumns = {
  id: discussionTopics.id,
  contestId: discussionTopics.contestId,
  authorId: discussionTopics.authorId,
  title: discussionTopics.title,
  pinned: discussionTopics.pinned,
  locked: discussionTopics.locked,
  announcement: discussionTopics.announcement,
  answerId: discussionTopics.answerId,
  replyCount: discussionTopics.replyCount,
  upvotes: discussionTopics.upvotes,
  lastPostAt: discussionTopics.lastPostAt,
  lastPosterId: discussionTopics.lastPosterId,
  createdAt: discussionTopics.createdAt,
};
export type TopicRow = typeof discussionTopics.$inferSelect;

const postColumns = {
  id: discussionPosts.id,
  topicId: discussionPosts.topicId,
  contestId: discussionPosts.contestId,
  authorId: discussionPosts.authorId,
  opening: discussionPosts.opening,
  body: discussionPosts.body,
  quoteId: discussionPosts.quoteId,
  upvotes: discussionPosts.upvotes,
  createdAt: discussionPosts.createdAt,
  editedAt: discussionPosts.editedAt,
  deletedAt: discussionPosts.deletedAt,
  hiddenAt: discussionPosts.hiddenAt,
};
export type PostRow = typeof discussionPosts.$inferSelect;

const visible = (viewer: DiscussionViewer) => contestVisibleTo(viewer);

/** The contest `viewer` may see, with what its discussion's rules read (404 otherwise). */
export async function visibleContest(
  db: DbOrTx,
  viewer: DiscussionViewer,
  contestId: number,
): Promise<DiscussionContest> {
  const [row] = await db
    .select(contestColumns)
    .from(contests)
    .where(and(eq(contests.id, contestId), visible(viewer)));
  if (!row) throw notFound();
  return row;
}

/** A topic of a contest `viewer` may see, with its contest (404 otherwise). */
export async function visibleTopic(
  db: DbOrTx,
  viewer: DiscussionViewer,
  topicId: number,
): Promise<{ topic: TopicRow; contest: DiscussionContest }> {
  const [row] = await db
    .select({ topic: topicColumns, contest: contestColumns })
    .from(discussionTopics)
    .innerJoin(contests, eq(contests.id, discussionTopics.contestId))
    .where(and(eq(discussionTopics.id, topicId), visible(viewer)));
  if (!row) throw new AppError('NOT_FOUND', M.topicNotFound);
  return row;
}

/** A post of a contest `viewer` may see, with its topic and contest (404 otherwise). */
export async function visiblePost(
  db: DbOrTx,
  viewer: DiscussionViewer,
  postId: number,
): Promise<{ post: PostRow; topic: TopicRow; contest: DiscussionContest }> {
  const [row] = await db
    .select({ post: postColumns, topic: topicColumns, contest: contestColumns })
    .from(discussionPosts)
    .innerJoin(discussionTopics, eq(discussionTopics.id, discussionPosts.topicId))
    .innerJoin(contests, eq(contests.id, discussionPosts.contestId))
    .where(and(eq(discussionPosts.id, postId), visible(viewer)));
  if (!row) throw new AppError('NOT_FOUND', M.postNotFound);
  return row;
}

/** Refuses unless `viewer` organises the contest (creator, moderators, admins): 403 not_organiser. */
export function assertOrganiser(contest: DiscussionContest, viewer: DiscussionViewer): void {
  if (!isOrganiser(contest, viewer)) throw new AppError('not_organiser', M.notOrganiser);
}

/** The contest `viewer` may see and organises: the organiser's switches and bars start here. */
export async function organisedContest(
  db: DbOrTx,
  viewer: DiscussionViewer,
  contestId: number,
): Promise<DiscussionContest> {
  const contest = await visibleContest(db, viewer, contestId);
  assertOrganiser(contest, viewer);
  return contest;
}
