// Who may open the discussion's live streams (issue 32): whoever may read the topic or the
// contest's topic list, by the same visibility condition every read carries (access.ts). A hidden
// or missing one answers 404 before any stream opens.
import type { DbOrTx } from '../../platform/db/client';
import { visibleContest, visibleTopic, type DiscussionViewer } from './access';

/** Refuses (404) unless `viewer` may read the topic. */
export async function assertTopicVisible(
  db: DbOrTx,
  viewer: DiscussionViewer,
  topicId: number,
): Promise<void> {
  await visibleTopic(db, viewer, topicId);
}

/** Refuses (404) unless `viewer` may read the contest's topic list. */
export async function assertContestVisible(
  db: DbOrTx,
  viewer: DiscussionViewer,
  contestId: number,
): Promise<void> {
  await visibleContest(db, viewer, contestId);
}
