// What the discussion's live streams (issue 32) are asked with and what they say: a topic's or a
// contest's topic list's change number, never a post's words (a page reads them again through
// the access-checked queries).
import { z } from 'zod';
import { ZContestId } from './contestId';
import { ZTopicId } from './discussion';
import { ZLastEventId } from './streams';

export const ZTopicChangesRequest = z.object({ topicId: ZTopicId, lastEventId: ZLastEventId });

export const ZTopicListChangesRequest = z.object({
  contestId: ZContestId,
  lastEventId: ZLastEventId,
});

/** "This topic changed, read it again". */
export interface TTopicChange {
  topicId: number;
  version: number;
}

/** "This contest's topic list changed, read it again". */
export interface TTopicListChange {
  contestId: number;
  version: number;
}
