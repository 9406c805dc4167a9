// The discussion's live streams (issue 32): a topic's page and a contest's topic list hear each
// change once it commits (a reply, an edit, a deletion, a moderation, a pin; a new topic), as
// tracked events that carry only a change number: the client reads again through discussion.get
// and discussion.list, which check access on every read. Who may read the topic or the contest is
// checked before a stream opens (404 otherwise). Signed-in members only: each stream counts
// against its member's cap (platform/events.ts, MAX_STREAMS_PER_MEMBER); a reader who is not
// signed in reads the pages without live news.
import {
  ZTopicChangesRequest,
  ZTopicListChangesRequest,
  type TTopicChange,
} from '../../../shared/schemas/discussionLive';
import * as discussion from '../../domain/discussion';
import { topicChanges, topicListChanges } from '../../platform/events';
import { protectedProcedure, router } from '../trpc';
import { contestChanges, visibleChanges } from './resolve';

export const discussionLiveRouter = router({
  /** Emits `{ topicId, version }` whenever the topic changes: read discussion.get again. */
  onTopic: protectedProcedure
    .input(ZTopicChangesRequest)
    .subscription(
      visibleChanges<{ topicId: number }, TTopicChange>(
        (db, viewer, input) => discussion.assertTopicVisible(db, viewer, input.topicId),
        topicChanges,
      ),
    ),

  /**
   * Emits `{ contestId, version }` whenever the contest's topic list changes (a new topic, a
   * reply, an edit, a pin): read discussion.list again (or say 'N new replies').
   */
  onTopics: protectedProcedure
    .input(ZTopicListChangesRequest)
    .subscription(contestChanges(discussion.assertContestVisible, topicListChanges)),
});
