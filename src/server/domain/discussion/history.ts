// A post's earlier words, newest first: for moderators and the contest's organiser only.
import { desc, eq } from 'drizzle-orm';
import { discussionPostEdits as e, users } from '../../platform/db/schema';
import type { ActionOnRow } from '../../platform/actor';
import { assertOrganiser, visiblePost } from './access';

export async function postHistory({ db, actor, id }: ActionOnRow) {
  const { post, contest } = await visiblePost(db, actor, id);
  assertOrganiser(contest, actor);
  const rows = await db
    .select({
      id: e.id,
      body: e.body,
      editedAt: e.editedAt,
      editorId: e.editorId,
      editorName: users.username,
    })
    .from(e)
    .leftJoin(users, eq(users.id, e.editorId))
    .where(eq(e.postId, post.id))
    .orderBy(desc(e.id));
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    editedAt: r.editedAt,
    editor:
      r.editorId !== null && r.editorName !== null
        ? { id: r.editorId, username: r.editorName }
        : null,
  }));
}
