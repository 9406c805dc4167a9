// The side effects that must follow a discussion write, each in the one function the writer
// calls inside its transaction (DESIGN.md 13: where the write happens, never in each caller).
// Today they do nothing: the later slices put here the followers' batched notifications, the
// @mentions, an announcement's notice to every participant, and the topic's live stream
// (platform/events.ts, coalesced like the leaderboards). A notification row written here commits
// with the post; a live announcement bumps its channel just before the COMMIT.
import type { DbOrTx } from '../../platform/db/client';

export interface PostFact {
  contestId: number;
  topicId: number;
  postId: number;
  authorId: number;
}

/** A new topic committed (`announcement`: the organiser's, for every participant). */
export async function topicPosted(
  _tx: DbOrTx,
  _fact: PostFact & { announcement: boolean },
): Promise<void> {
  // Later slices: mentions in the opening post; an announcement's notification and e-mail.
}

/** A new reply committed. */
export async function replyPosted(_tx: DbOrTx, _fact: PostFact): Promise<void> {
  // Later slices: mentions; followers notified (at most once per topic per 10 minutes each);
  // the topic's readers told live.
}

/** A post's words changed (or it was deleted). */
export async function postChanged(_tx: DbOrTx, _fact: PostFact): Promise<void> {
  // Later slice: the topic's readers told live.
}

/** A report committed (`hidden`: the post is hidden now, pending review). */
export async function reportFiled(
  _tx: DbOrTx,
  _fact: PostFact & { hidden: boolean },
): Promise<void> {
  // Later slice: the moderators' Reports queue told live; the author told when it is hidden.
}
