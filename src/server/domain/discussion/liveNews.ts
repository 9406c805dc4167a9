// The discussion's live news (issue 32): a topic's readers and its contest's topic list hear a
// change once it commits (platform/events.ts: counted in live_channels just before the COMMIT,
// fanned out through the bus, coalesced per stream like the leaderboards). Called by
// afterWrite.ts inside the writing transaction. Only the channels' numbers travel, never a post's
// words: a page reads again through the access-checked queries.
import type { DbOrTx } from '../../platform/db/client';
import { announceTopicChanges, announceTopicListChanges } from '../../platform/events';

/**
 * A topic changed (a reply, an edit, a deletion, a pin, a lock, an answer, a moderation): its
 * readers hear it, and so does its contest's list, which shows reply counts and last activity.
 */
export async function topicChanged(
  tx: DbOrTx,
  fact: { contestId: number; topicId: number },
): Promise<void> {
  await announceTopicChanges({ db: tx, contestId: fact.contestId, topicId: fact.topicId });
}

/** A new topic: its contest's list hears it (nobody reads the topic's own page yet). */
export async function topicListChanged(
  tx: DbOrTx,
  fact: { contestId: number; topicId: number },
): Promise<void> {
  await announceTopicListChanges({ db: tx, contestIds: [fact.contestId] });
}
