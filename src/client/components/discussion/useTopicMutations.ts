// The calls a topic's page makes, each with its toasts (the server's sentence on a refusal). What
// they make stale is declared once, in lib/invalidation/staleAfter.ts.
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';

const toasts = keyedToasts('discussion');
/** A refusal only: a visible change (a count, a button's state) is its own success. */
const quiet = (failure: string) => ({
  onError: toastOutcome(toasts, { success: '', failure }).onError,
});

export function useTopicMutations() {
  return {
    upvote: trpc.discussion.upvote.useMutation(quiet('The upvote could not be saved')),
    removeUpvote: trpc.discussion.removeUpvote.useMutation(
      quiet('The upvote could not be taken back'),
    ),
    follow: trpc.discussion.follow.useMutation(
      toastOutcome(toasts, {
        success: ['Following', 'You will be told of new replies.'],
        failure: 'Could not follow the topic',
      }),
    ),
    unfollow: trpc.discussion.unfollow.useMutation(
      toastOutcome(toasts, { success: 'Unfollowed', failure: 'Could not unfollow the topic' }),
    ),
    update: trpc.discussion.updateTopic.useMutation(
      toastOutcome(toasts, { success: 'Topic updated', failure: 'The topic could not be changed' }),
    ),
    remove: trpc.discussion.deletePost.useMutation(
      toastOutcome(toasts, { success: 'Post deleted', failure: 'The post could not be deleted' }),
    ),
  };
}

export type TopicMutations = ReturnType<typeof useTopicMutations>;
export { toasts as discussionToasts };
