// A new topic: its title and opening post, by a member who may write in the contest's
// discussion; an announcement (the organiser's) is pinned at the top. Its author follows it.
import { eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { lockForUpdate } from '../../platform/db/dialect';
import {
  discussionFollows,
  discussionPosts,
  discussionTopics,
  users,
} from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../audit';
import type { TCreateTopicRequest, TTopicView } from '../../../shared/schemas/discussion';
import { assertOrganiser, visibleContest } from './access';
import { assertMayWrite } from './writers';
import { assertPostBody } from './bodyRules';
import { assertPostWithinLimits } from './limits';
import { topicPosted } from './afterWrite';
import { readTopic } from './readTopic';

export async function createTopic({
  db,
  actor,
  contestId,
  title,
  body,
  announcement = false,
}: { db: DB; actor: Actor } & TCreateTopicRequest): Promise<TTopicView> {
  const id = await db.transaction(async (tx) => {
    // One member's posts one at a time: the limits read what the previous one wrote.
    await lockForUpdate(tx, users, eq(users.id, actor.id));
    const contest = await visibleContest(tx, actor, contestId);
    const writer = await assertMayWrite(tx, actor, contest);
    if (announcement) assertOrganiser(contest, actor);
    assertPostBody(body);
    await assertPostWithinLimits(tx, actor, writer, { opening: true, body });
    const now = new Date();
    const [topic] = await tx
      .insert(discussionTopics)
      .values({
        contestId: contest.id,
        authorId: actor.id,
        title,
        announcement,
        pinned: announcement,
        lastPostAt: now,
        lastPosterId: actor.id,
        createdAt: now,
      })
      .returning({ id: discussionTopics.id });
    const [post] = await tx
      .insert(discussionPosts)
      .values({
        topicId: topic!.id,
        contestId: contest.id,
        authorId: actor.id,
        opening: true,
        body,
        createdAt: now,
      })
      .returning({ id: discussionPosts.id });
    await tx.insert(discussionFollows).values({ topicId: topic!.id, userId: actor.id });
    if (announcement) {
      await writeAudit({
        db: tx,
        actor,
        action: 'discussion.announce',
        targetType: 'contest',
        targetId: contest.id,
        after: { topicId: topic!.id, title },
      });
    }
    await topicPosted(tx, {
      contestId: contest.id,
      topicId: topic!.id,
      postId: post!.id,
      authorId: actor.id,
      actor,
      announcement,
      title,
      body,
    });
    return topic!.id;
  });
  return readTopic({ db, viewer: actor, id, page: 1, pageSize: 20 });
}
