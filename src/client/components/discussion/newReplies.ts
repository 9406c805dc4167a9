// What changed in a topic list since the reader last looked, counted as posts: each topic's new
// replies, and one for each new topic (its opening post). The list is not re-sorted under the
// reader: they see 'N new replies' and apply the new order when they choose.
import type { TTopicListItem } from '../../../shared/schemas/discussion';

export function newPostsSince(
  shown: readonly TTopicListItem[],
  fresh: readonly TTopicListItem[],
): number {
  const before = new Map(shown.map((t) => [t.id, t.replyCount]));
  let n = 0;
  for (const topic of fresh) {
    const was = before.get(topic.id);
    n += was === undefined ? 1 : Math.max(0, topic.replyCount - was);
  }
  return n;
}
