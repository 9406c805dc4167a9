// An author's edit of their post: the earlier words kept in the history (for moderators and the
// organiser), the post marked edited with the time. The author must still have the right to
// write here (not barred, the discussion open); a deleted post stays deleted.
import { eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { discussionPostEdits, discussionPosts } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/actor';
import { DISCUSSION_MESSAGES as M } from '../../../shared/discussion';
import type { TEditPostRequest, TPost } from '../../../shared/schemas/discussion';
import { visiblePost } from './access';
import { assertMayWrite } from './writers';
import { assertPostBody } from './bodyRules';
import { postChanged } from './afterWrite';
import { postFactOf } from './postFact';
import { presentPosts } from './present';

export async function editPost({
  db,
  actor,
  id,
  body,
}: { db: DB; actor: Actor } & TEditPostRequest): Promise<TPost> {
  return db.transaction(async (tx) => {
    const { post, contest } = await visiblePost(tx, actor, id);
    if (post.authorId !== actor.id) throw new AppError('not_author', M.notAuthor);
    if (post.deletedAt) throw new AppError('post_deleted', M.deleted);
    await assertMayWrite(tx, actor, contest);
    assertPostBody(body);
    if (post.body === body) {
      const [same] = await presentPosts(tx, actor, [post]);
      return same!;
    }
    const now = new Date();
    await tx
      .insert(discussionPostEdits)
      .values({ postId: post.id, editorId: actor.id, body: post.body, editedAt: now });
    const [changed] = await tx
      .update(discussionPosts)
      .set({ body, editedAt: now })
      .where(eq(discussionPosts.id, post.id))
      .returning();
    await postChanged(tx, {
      ...postFactOf(post, actor),
      body,
      previousBody: post.body,
    });
    const [presented] = await presentPosts(tx, actor, [changed!]);
    return presented!;
  });
}
