// Deleting a post leaves '[deleted]' in its place, so the replies around it stay readable. Its
// author may delete it, and so may the contest's organiser (audited: it is not theirs).
import { eq, isNull, and } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { discussionPosts } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { ActionOnRow } from '../../platform/actor';
import { isOrganiser } from '../../../shared/contests';
import { DISCUSSION_MESSAGES as M } from '../../../shared/discussion';
import { writeAudit } from '../audit';
import { visiblePost } from './access';
import { postChanged } from './afterWrite';
import { postFactOf } from './postFact';

/**
 * Marks a post deleted (its words kept for moderation, '[deleted]' in every answer): the one
 * marking the author's or organiser's delete and a moderator's review both use. False when it was
 * deleted already.
 */
export async function markPostDeleted(tx: DbOrTx, postId: number): Promise<boolean> {
  const [gone] = await tx
    .update(discussionPosts)
    .set({ deletedAt: new Date() })
    .where(and(eq(discussionPosts.id, postId), isNull(discussionPosts.deletedAt)))
    .returning({ id: discussionPosts.id });
  return !!gone;
}

export async function deletePost({
  db,
  actor,
  id,
}: ActionOnRow): Promise<{ success: true; id: number }> {
  await db.transaction(async (tx) => {
    const { post, contest } = await visiblePost(tx, actor, id);
    const own = post.authorId === actor.id;
    if (!own && !isOrganiser(contest, actor)) throw new AppError('not_author', M.notAuthor);
    // Deleted already: nothing changes, and the answer is the same.
    if (!(await markPostDeleted(tx, post.id))) return;
    if (!own) {
      await writeAudit({
        db: tx,
        actor,
        action: 'discussion.post.delete',
        targetType: 'discussion_post',
        targetId: post.id,
        before: { authorId: post.authorId, topicId: post.topicId },
      });
    }
    await postChanged(tx, {
      ...postFactOf(post, actor),
      body: null,
      previousBody: post.body,
    });
  });
  return { success: true, id };
}
