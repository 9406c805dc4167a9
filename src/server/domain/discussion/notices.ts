// The discussion's notifications (issue 32), called by afterWrite.ts inside the write's
// transaction, so a notice exists exactly when its post commits:
// - @mentions (discussion_mention): the members a new post names who may be mentioned here
//   (mentionable.ts), never its author; an edit tells only those it newly names.
// - followers (discussion_reply): a reply tells the topic's followers but its author and those
//   it mentions, at most once per topic per 10 minutes per member, naming who replied since
//   the member's last such notice ('alice and 2 others replied', replyBatch.ts). The last
//   notice is read from the notifications themselves, so every app server agrees; two replies
//   at once to one topic cannot both pass the check, since each has updated the topic's row
//   (its counts) before this runs and so waits for the other's commit (SQLite writes one at a
//   time anyway).
// - announcements (discussion_announcement): every participant (in team mode every member of a
//   registered team) but the author, in bulk; e-mailed by each one's preference.
import { and, eq, gt, like, ne, notExists, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import {
  contestParticipants as cp,
  discussionFollows,
  notifications,
  teamMembers,
  users,
} from '../../platform/db/schema';
import { notifyMany, type Notice, type NotifyOptions } from '../messages';
import { readPostBody } from '../../../shared/mentions';
import type { PostFact } from './postFact';
import { mentionedMembers } from './mentionable';
import { linkToPost, placeOfPost, type PostPlace } from './postPlace';
import {
  REPLY_NOTICE_GAP_MS,
  otherRepliers,
  repliedWords,
  topicLinkPattern,
  type DueFollower,
} from './replyBatch';

export { REPLY_NOTICE_GAP_MS };
/** Notices written per notifyMany call (an announcement to 10,000 participants). */
const NOTICE_BATCH = 1_000;

const quoted = (title: string) => `“${title}”`;
const optionsOf = (fact: PostFact): NotifyOptions => ({ origin: fact.actor.origin });

async function inBatches(tx: DbOrTx, notices: Notice[], options: NotifyOptions): Promise<void> {
  for (let i = 0; i < notices.length; i += NOTICE_BATCH) {
    await notifyMany(tx, notices.slice(i, i + NOTICE_BATCH), options);
  }
}

/**
 * Tells the members these usernames name (those who may be mentioned, not the author, not
 * `skip`) that the post mentions them. Answers whom it told.
 */
async function mentionNotices(
  tx: DbOrTx,
  fact: PostFact,
  where: PostPlace,
  usernames: readonly string[],
  skip: ReadonlySet<number> = new Set(),
): Promise<number[]> {
  const members = (await mentionedMembers(tx, where.contest, usernames)).filter(
    (m) => m.id !== fact.authorId && !skip.has(m.id),
  );
  const link = linkToPost(where, fact);
  await inBatches(
    tx,
    members.map((m) => ({
      userId: m.id,
      kind: 'discussion_mention',
      title: `${fact.actor.username} mentioned you in ${quoted(where.topicTitle)}`,
      body: `${fact.actor.username} mentioned you in the discussion of ${quoted(where.contest.title || 'Untitled contest')}.`,
      link,
      actionLabel: 'Read the post',
    })),
    optionsOf(fact),
  );
  return members.map((m) => m.id);
}

/** Every participant of the contest (team mode: every member of a registered team), not banned. */
async function participantIds(tx: DbOrTx, contestId: number): Promise<number[]> {
  const [solo, teamed] = await Promise.all([
    tx
      .select({ id: cp.userId })
      .from(cp)
      .innerJoin(users, eq(users.id, cp.userId))
      .where(and(eq(cp.contestId, contestId), ne(users.role, 'banned'))),
    tx
      .select({ id: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(cp, eq(cp.teamId, teamMembers.teamId))
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(
        and(
          eq(teamMembers.contestId, contestId),
          eq(teamMembers.state, 'member'),
          ne(users.role, 'banned'),
        ),
      ),
  ]);
  return [...new Set([...solo, ...teamed].map((r) => r.id))];
}

export async function topicNotices(
  tx: DbOrTx,
  fact: PostFact & { announcement: boolean; title: string; body: string },
): Promise<void> {
  const { mentions } = readPostBody(fact.body);
  if (!fact.announcement && !mentions.length) return;
  const where = await placeOfPost(tx, fact);
  if (!where) return;
  const told = new Set<number>();
  if (fact.announcement) {
    const link = linkToPost(where, fact);
    const everyone = (await participantIds(tx, where.contest.id)).filter(
      (id) => id !== fact.authorId,
    );
    await inBatches(
      tx,
      everyone.map((userId) => ({
        userId,
        kind: 'discussion_announcement',
        title: `Announcement: ${where.topicTitle}`,
        body: `${fact.actor.username} posted an announcement in ${quoted(where.contest.title || 'Untitled contest')}: ${quoted(where.topicTitle)}.`,
        link,
        actionLabel: 'Read the announcement',
      })),
      optionsOf(fact),
    );
    for (const id of everyone) told.add(id);
  }
  // A participant the announcement reached has heard of this post already.
  await mentionNotices(tx, fact, where, mentions, told);
}

/** The topic's followers due a reply notice: not the author, not `skip`, none in the last 10 minutes. */
async function followersDue(
  tx: DbOrTx,
  fact: PostFact,
  skip: readonly number[],
  now: number,
): Promise<DueFollower[]> {
  const ofTopic = topicLinkPattern(fact.topicId);
  const recent = tx
    .select({ one: sql`1` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, discussionFollows.userId),
        eq(notifications.kind, 'discussion_reply'),
        gt(notifications.createdAt, new Date(now - REPLY_NOTICE_GAP_MS)),
        like(notifications.link, ofTopic),
      ),
    );
  const rows = await tx
    .select({ id: discussionFollows.userId, followedAt: discussionFollows.createdAt })
    .from(discussionFollows)
    .innerJoin(users, eq(users.id, discussionFollows.userId))
    .where(
      and(
        eq(discussionFollows.topicId, fact.topicId),
        ne(discussionFollows.userId, fact.authorId),
        ne(users.role, 'banned'),
        skip.length ? notInArray(discussionFollows.userId, [...skip]) : undefined,
        notExists(recent),
      ),
    );
  return rows;
}

export async function replyNotices(
  tx: DbOrTx,
  fact: PostFact & { body: string },
  now = Date.now(),
): Promise<void> {
  const where = await placeOfPost(tx, fact);
  if (!where) return;
  const mentioned = await mentionNotices(tx, fact, where, readPostBody(fact.body).mentions);
  const due = await followersDue(tx, fact, mentioned, now);
  const others = await otherRepliers(tx, fact, due);
  const link = linkToPost(where, fact);
  const topic = quoted(where.topicTitle);
  const contest = quoted(where.contest.title || 'Untitled contest');
  await inBatches(
    tx,
    due.map(({ id: userId }) => {
      const who = repliedWords(fact.actor.username, others.get(userId) ?? 0);
      return {
        userId,
        kind: 'discussion_reply',
        title: `${who} in ${topic}`,
        body: `${who} in ${topic}, a topic you follow in ${contest}.`,
        link,
        actionLabel: 'Read the replies',
      };
    }),
    optionsOf(fact),
  );
}

export async function editNotices(
  tx: DbOrTx,
  fact: PostFact & { body: string | null; previousBody: string },
): Promise<void> {
  if (fact.body === null) return;
  const before = new Set(readPostBody(fact.previousBody).mentions);
  const added = readPostBody(fact.body).mentions.filter((name) => !before.has(name));
  if (!added.length) return;
  const where = await placeOfPost(tx, fact);
  if (!where) return;
  await mentionNotices(tx, fact, where, added);
}
