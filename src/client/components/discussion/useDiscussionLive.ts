// The discussion's live news for the client (issue 32): a topic's page and a contest's topic list
// hear each change as it commits (one stream per open topic page; the server coalesces bursts
// like the leaderboards', and tRPC's subscription link reconnects with the last event id, so a
// change missed meanwhile is told at once). An event carries no words: `onChange` reads again
// through the access-checked queries, or says 'N new replies' instead of jumping. Streams are for
// signed-in members (each counts against their cap): a reader who is not signed in hears nothing
// and reads on focus. Each returns the stream's state for a 'Live' mark.
import { useCurrentUser } from '../../lib/auth';
import { liveStateOf, type LiveState } from '../../lib/liveState';
import { trpc } from '../../lib/trpc';

/** Calls `onChange` after a change of the topic (a reply, an edit, a deletion, a moderation). */
export function useTopicLive(topicId: number, onChange: () => void): LiveState {
  const { user } = useCurrentUser();
  return liveStateOf(
    trpc.discussionLive.onTopic.useSubscription(
      { topicId },
      { enabled: user !== null && topicId > 0, onData: () => onChange() },
    ),
  );
}

/** Calls `onChange` after a change of the contest's topic list (a new topic, a new reply). */
export function useTopicListLive(contestId: number, onChange: () => void): LiveState {
  const { user } = useCurrentUser();
  return liveStateOf(
    trpc.discussionLive.onTopics.useSubscription(
      { contestId },
      { enabled: user !== null && contestId > 0, onData: () => onChange() },
    ),
  );
}
