// The organiser's hand on a topic (creator, moderators, admins): pin it, lock it (no new
// replies), mark one of its replies as the answer (or none). Audited with what changed.
import { and, eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { discussionPosts, discussionTopics } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/actor';
import { DISCUSSION_MESSAGES as M } from '../../../shared/discussion';
import type { TTopicListItem, TUpdateTopicRequest } from '../../../shared/schemas/discussion';
import { writeAudit } from '../audit';
import { assertOrganiser, visibleTopic } from './access';
import { authorsById, presentTopic } from './present';
import { topicUpdated } from './afterWrite';

export async function updateTopic({
  db,
  actor,
  id,
  pinned,
  locked,
  answerId,
}: { db: DB; actor: Actor } & TUpdateTopicRequest): Promise<TTopicListItem> {
  return db.transaction(async (tx) => {
    const { topic, contest } = await visibleTopic(tx, actor, id);
    assertOrganiser(contest, actor);
    if (answerId !== undefined && answerId !== null) {
      const [answer] = await tx
        .select({ id: discussionPosts.id })
        .from(discussionPosts)
        .where(
          and(
            eq(discussionPosts.id, answerId),
            eq(discussionPosts.topicId, topic.id),
            eq(discussionPosts.opening, false),
          ),
        );
      if (!answer) throw new AppError('not_a_reply', M.notAReply);
    }
    const change = {
      ...(pinned === undefined ? {} : { pinned }),
      ...(locked === undefined ? {} : { locked }),
      ...(answerId === undefined ? {} : { answerId }),
    };
    let row = topic;
    if (Object.keys(change).length > 0) {
      const [changed] = await tx
        .update(discussionTopics)
        .set(change)
        .where(eq(discussionTopics.id, topic.id))
        .returning();
      row = changed!;
      const before = Object.fromEntries(
        Object.keys(change).map((k) => [k, topic[k as keyof typeof change]]),
      );
      await writeAudit({
        db: tx,
        actor,
        action: 'discussion.topic.update',
        targetType: 'discussion_topic',
        targetId: topic.id,
        before,
        after: change,
      });
      await topicUpdated(tx, { contestId: contest.id, topicId: topic.id });
    }
    const authors = await authorsById(tx, [row.authorId, row.lastPosterId]);
    return presentTopic(row, authors);
  });
}
