// The side effects that must follow a discussion write, each in the one function the writer
// calls inside its transaction (DESIGN.md 13: where the write happens, never in each caller).
// Each composes three parts, one file each: the notifications (notices.ts: mentions, followers,
// announcements), the moderation notices (moderationNotices.ts: the author told, the queue) and
// the live news (liveNews.ts: the topic's readers and the contest's topic list). A notification
// row written here commits with the post; a live announcement bumps its channel just before the
// COMMIT.
import type { DbOrTx } from '../../platform/db/client';
import type { PostFact } from './postFact';
import { editNotices, replyNotices, topicNotices } from './notices';
import { moderationNotices, reportNotices, type ModerationAction } from './moderationNotices';
import { topicChanged, topicListChanged } from './liveNews';

/** A new topic committed (`announcement`: the organiser's, for every participant). */
export async function topicPosted(
  tx: DbOrTx,
  fact: PostFact & { announcement: boolean; title: string; body: string },
): Promise<void> {
  await topicNotices(tx, fact);
  await topicListChanged(tx, fact);
}

/** A new reply committed. */
export async function replyPosted(tx: DbOrTx, fact: PostFact & { body: string }): Promise<void> {
  await replyNotices(tx, fact);
  await topicChanged(tx, fact);
}

/** A post's words changed (`body`, with `previousBody`), or it was deleted (`body` null). */
export async function postChanged(
  tx: DbOrTx,
  fact: PostFact & { body: string | null; previousBody: string },
): Promise<void> {
  await editNotices(tx, fact);
  await topicChanged(tx, fact);
}

/** The organiser pinned, locked or marked an answer. */
export async function topicUpdated(
  tx: DbOrTx,
  fact: { contestId: number; topicId: number },
): Promise<void> {
  await topicChanged(tx, fact);
}

/** A report committed (`hidden`: the post is hidden now, pending review). */
export async function reportFiled(tx: DbOrTx, fact: PostFact & { hidden: boolean }): Promise<void> {
  await reportNotices(tx, fact);
  if (fact.hidden) await topicChanged(tx, fact);
}

/** A moderator hid, restored or deleted a post, or dismissed its reports. */
export async function postModerated(
  tx: DbOrTx,
  fact: PostFact & { action: ModerationAction; reason: string | null },
): Promise<void> {
  await moderationNotices(tx, fact);
  await topicChanged(tx, fact);
}
