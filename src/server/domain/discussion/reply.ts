// A reply to a topic (one level deep, perhaps quoting a post of the same topic), by a member who
// may write in the contest's discussion. A locked topic takes replies only from its organiser.
// The replier follows the topic; its counts and last activity move in the same transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { lockForUpdate } from '../../platform/db/dialect';
import {
  discussionFollows,
  discussionPosts,
  discussionTopics,
  users,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/actor';
import { isOrganiser } from '../../../shared/contests';
import { DISCUSSION_MESSAGES as M } from '../../../shared/discussion';
import type { TCreateReplyRequest, TPost } from '../../../shared/schemas/discussion';
import { visibleTopic } from './access';
import { assertMayWrite } from './writers';
import { assertPostBody } from './bodyRules';
import { assertPostWithinLimits } from './limits';
import { replyPosted } from './afterWrite';
import { presentPosts } from './present';

export async function reply({
  db,
  actor,
  topicId,
  body,
  quoteId,
}: { db: DB; actor: Actor } & TCreateReplyRequest): Promise<TPost> {
  return db.transaction(async (tx) => {
    await lockForUpdate(tx, users, eq(users.id, actor.id));
    const { topic, contest } = await visibleTopic(tx, actor, topicId);
    const writer = await assertMayWrite(tx, actor, contest);
    if (topic.locked && !isOrganiser(contest, actor)) {
      throw new AppError('topic_locked', M.locked);
    }
    if (quoteId !== undefined) {
      const [quoted] = await tx
        .select({ id: discussionPosts.id })
        .from(discussionPosts)
        .where(and(eq(discussionPosts.id, quoteId), eq(discussionPosts.topicId, topic.id)));
      if (!quoted) throw new AppError('bad_quote', M.badQuote);
    }
    assertPostBody(body);
    await assertPostWithinLimits(tx, actor, writer, { opening: false, body });
    const now = new Date();
    const [post] = await tx
      .insert(discussionPosts)
      .values({
        topicId: topic.id,
        contestId: contest.id,
        authorId: actor.id,
        body,
        quoteId: quoteId ?? null,
        createdAt: now,
      })
      .returning();
    await tx
      .update(discussionTopics)
      .set({
        replyCount: sql`${discussionTopics.replyCount} + 1`,
        lastPostAt: now,
        lastPosterId: actor.id,
      })
      .where(eq(discussionTopics.id, topic.id));
    await tx
      .insert(discussionFollows)
      .values({ topicId: topic.id, userId: actor.id })
      .onConflictDoNothing();
    await replyPosted(tx, {
      contestId: contest.id,
      topicId: topic.id,
      postId: post!.id,
      authorId: actor.id,
      actor,
      body,
    });
    const [presented] = await presentPosts(tx, actor, [post!]);
    return presented!;
  });
}
