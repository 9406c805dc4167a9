// Upvotes: one per member per post, never on one's own nor on a deleted post, counted on the post
// (and, for an opening post, on its topic, which the 'most upvoted' sort reads) in the same
// transaction. Upvoting is writing: it takes the right to write and the daily limit; taking an
// upvote back takes neither.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { discussionPosts, discussionTopics, discussionUpvotes } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { ActionOnRow } from '../../platform/actor';
import { DISCUSSION_MESSAGES as M } from '../../../shared/discussion';
import { visiblePost, type PostRow } from './access';
import { assertMayWrite } from './writers';
import { assertUpvoteWithinLimit } from './limits';

type UpvoteState = { id: number; upvotes: number; upvotedByMe: boolean };

async function count(tx: DbOrTx, post: PostRow, by: 1 | -1): Promise<number> {
  const [row] = await tx
    .update(discussionPosts)
    .set({ upvotes: sql`${discussionPosts.upvotes} + ${by}` })
    .where(eq(discussionPosts.id, post.id))
    .returning({ upvotes: discussionPosts.upvotes });
  if (post.opening) {
    await tx
      .update(discussionTopics)
      .set({ upvotes: row!.upvotes })
      .where(eq(discussionTopics.id, post.topicId));
  }
  return row!.upvotes;
}

export async function upvote({ db, actor, id }: ActionOnRow): Promise<UpvoteState> {
  return db.transaction(async (tx) => {
    const { post, contest } = await visiblePost(tx, actor, id);
    if (post.deletedAt) throw new AppError('post_deleted', M.deleted);
    if (post.authorId === actor.id) throw new AppError('own_post', M.ownPost);
    await assertMayWrite(tx, actor, contest);
    // An upvote already given answers as it is, before the day's limit is counted: repeating a
    // click is not a new upvote, so it is never refused as one.
    const [already] = await tx
      .select({ postId: discussionUpvotes.postId })
      .from(discussionUpvotes)
      .where(and(eq(discussionUpvotes.postId, post.id), eq(discussionUpvotes.userId, actor.id)));
    if (already) return { id: post.id, upvotes: post.upvotes, upvotedByMe: true };
    await assertUpvoteWithinLimit(tx, actor);
    const [added] = await tx
      .insert(discussionUpvotes)
      .values({ postId: post.id, userId: actor.id })
      .onConflictDoNothing()
      .returning({ postId: discussionUpvotes.postId });
    const upvotes = added ? await count(tx, post, 1) : post.upvotes;
    return { id: post.id, upvotes, upvotedByMe: true };
  });
}

export async function removeUpvote({ db, actor, id }: ActionOnRow): Promise<UpvoteState> {
  return db.transaction(async (tx) => {
    const { post } = await visiblePost(tx, actor, id);
    const [removed] = await tx
      .delete(discussionUpvotes)
      .where(and(eq(discussionUpvotes.postId, post.id), eq(discussionUpvotes.userId, actor.id)))
      .returning({ postId: discussionUpvotes.postId });
    const upvotes = removed ? await count(tx, post, -1) : post.upvotes;
    return { id: post.id, upvotes, upvotedByMe: false };
  });
}
