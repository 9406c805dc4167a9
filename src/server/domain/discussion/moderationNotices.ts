// What follows a report or a moderator's action (issue 32): the post's author is told, with the
// moderator's reason. Called by afterWrite.ts inside the write's transaction, so the notice
// commits with the action. (The queue itself reads the reports table: it needs no news.)
import type { DbOrTx } from '../../platform/db/client';
import type { ReportAction } from '../../../shared/discussion';
import { notify } from '../messages';
import type { PostFact } from './postFact';
import { placeOfPost, linkToPost } from './postPlace';

export type ModerationAction = ReportAction;

/**
 * A moderator's action as reviewReport reports it. `restored`: the post was hidden and is not
 * now (a dismissal of the reports that un-hid it is told to the author; other dismissals are not).
 */
export type ModerationFact = PostFact & {
  action: ModerationAction;
  reason: string | null;
  restored?: boolean;
};

/** Where the post is: the topic's title for the words, the link to the post. */
async function placeOf(tx: DbOrTx, fact: PostFact) {
  const place = await placeOfPost(tx, fact);
  return place ? { title: place.topicTitle, link: linkToPost(place, fact) } : null;
}

const WHAT: Record<Exclude<ModerationAction, 'dismiss'>, { title: string; verb: string }> = {
  hide: { title: 'Your post was hidden', verb: 'hid' },
  restore: { title: 'Your post was restored', verb: 'restored' },
  delete: { title: 'Your post was deleted', verb: 'deleted' },
};

/** When reports hid a post just now (`hidden`), its author hears it is hidden pending review. */
export async function reportNotices(
  tx: DbOrTx,
  fact: PostFact & { hidden: boolean },
): Promise<void> {
  if (!fact.hidden || fact.authorId <= 0) return;
  const place = await placeOf(tx, fact);
  if (!place) return;
  await notify(
    tx,
    {
      userId: fact.authorId,
      kind: 'discussion_moderated',
      title: 'Your post is hidden pending review',
      body: `Members reported your post in “${place.title}”, so it is hidden until a moderator reviews it.`,
      link: place.link,
      actionLabel: 'See the post',
    },
    { origin: fact.actor.origin },
  );
}

/** The author told what a moderator did with their post, and why. */
export async function moderationNotices(tx: DbOrTx, fact: ModerationFact): Promise<void> {
  if (fact.authorId <= 0 || fact.authorId === fact.actor.id) return;
  const action = fact.action === 'dismiss' ? (fact.restored ? 'restore' : null) : fact.action;
  if (!action) return;
  const place = await placeOf(tx, fact);
  if (!place) return;
  const { title, verb } = WHAT[action];
  const why = fact.reason ? ` Reason: ${fact.reason}` : '';
  await notify(
    tx,
    {
      userId: fact.authorId,
      kind: 'discussion_moderated',
      title,
      body: `A moderator ${verb} your post in “${place.title}”.${why}`,
      link: place.link,
      actionLabel: 'See the post',
    },
    { origin: fact.actor.origin },
  );
}
