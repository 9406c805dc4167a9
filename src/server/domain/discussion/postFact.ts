// What a discussion write tells the side effects that follow it (afterWrite.ts and the parts it
// composes): its own file, so those parts need not import the function that calls them.
import type { Actor } from '../../platform/actor';

export interface PostFact {
  contestId: number;
  topicId: number;
  postId: number;
  /** The post's author (0 for a deleted account). */
  authorId: number;
  /** Who wrote the change (the author, an organiser, a moderator): their origin makes links. */
  actor: Actor;
}

/** The fact of a write on a stored post, by `actor` (a deleted author's account counts as 0). */
export function postFactOf(
  post: { id: number; topicId: number; contestId: number; authorId: number | null },
  actor: Actor,
): PostFact {
  return {
    contestId: post.contestId,
    topicId: post.topicId,
    postId: post.id,
    authorId: post.authorId ?? 0,
    actor,
  };
}
