// Where a post is, as the notices about it say and link it (issue 32): its contest (the slug for
// links, the title for words, the creator who may be mentioned) and its topic's title. One read
// for the followers' and mentions' notices (notices.ts) and the moderators' (moderationNotices.ts).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contests, discussionTopics } from '../../platform/db/schema';
import { discussionPostPath } from '../../../shared/discussion';
import type { PostFact } from './postFact';

export interface PostPlace {
  contest: { id: number; slug: string; title: string; createdBy: number };
  topicTitle: string;
}

/** The post's place, or undefined when its topic is gone. */
export async function placeOfPost(
  tx: DbOrTx,
  fact: Pick<PostFact, 'topicId'>,
): Promise<PostPlace | undefined> {
  const [row] = await tx
    .select({
      contest: {
        id: contests.id,
        slug: contests.slug,
        title: contests.title,
        createdBy: contests.createdBy,
      },
      topicTitle: discussionTopics.title,
    })
    .from(discussionTopics)
    .innerJoin(contests, eq(contests.id, discussionTopics.contestId))
    .where(eq(discussionTopics.id, fact.topicId));
  return row;
}

/** The link to the post on its contest's page (its topic opened at the page holding it). */
export const linkToPost = (place: PostPlace, fact: Pick<PostFact, 'topicId' | 'postId'>) =>
  discussionPostPath(place.contest.slug, fact.topicId, fact.postId);
