// Following a topic (its author and repliers follow from their first post): the followers are
// whom a later slice notifies of new replies. Anyone signed in who sees the topic may follow it.
import { and, eq } from 'drizzle-orm';
import { discussionFollows } from '../../platform/db/schema';
import type { ActionOnRow } from '../../platform/actor';
import { visibleTopic } from './access';

type FollowState = { id: number; followedByMe: boolean };

export async function follow({ db, actor, id }: ActionOnRow): Promise<FollowState> {
  const { topic } = await visibleTopic(db, actor, id);
  await db
    .insert(discussionFollows)
    .values({ topicId: topic.id, userId: actor.id })
    .onConflictDoNothing();
  return { id: topic.id, followedByMe: true };
}

export async function unfollow({ db, actor, id }: ActionOnRow): Promise<FollowState> {
  const { topic } = await visibleTopic(db, actor, id);
  await db
    .delete(discussionFollows)
    .where(and(eq(discussionFollows.topicId, topic.id), eq(discussionFollows.userId, actor.id)));
  return { id: topic.id, followedByMe: false };
}
