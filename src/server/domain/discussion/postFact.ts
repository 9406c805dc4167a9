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
