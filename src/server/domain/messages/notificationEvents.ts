// The words of each notification, one function per event, called by the area where the event
// happens inside its transaction (contests: approve, reject, complete; money: a proof reviewed;
// participation: a join, scores). The start reminders are reminders.ts's.
// Over 500 lines, on purpose: it is one table of texts (an event's title, body and link each),
// kept in one file so that every notice a member can get is read and worded in one place.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contests } from '../../platform/db/schema';
import { TIER_LABELS, type Tier } from '../../../shared/constants';
import { formatScore } from '../../../shared/leaderboard';
import { completedSentence } from '../../../shared/lifecycle';
import type { PaymentPurpose } from '../../../shared/payments';
import { notify, notifyMany, type Notice, type NotifyOptions } from './notifications';

export interface ContestRef {
  id: number;
  slug: string;
  title: string;
}

/** The contest's own page (by slug, as the app links it). */
export const contestPath = (contest: Pick<ContestRef, 'slug'>) => `/contests/${contest.slug}`;

export const named = (contest: Pick<ContestRef, 'title'>) =>
  `“${contest.title || 'Untitled contest'}”`;

async function contestRef(tx: DbOrTx, contestId: number): Promise<ContestRef | undefined> {
  const [row] = await tx
    .select({ id: contests.id, slug: contests.slug, title: contests.title })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row;
}

/** A moderator approved or rejected a member's contest: its creator hears (not a self-review). */
export async function notifyContestDecision(
  tx: DbOrTx,
  {
    contest,
    creatorId,
    actorId,
    approved,
    reason,
  }: {
    contest: ContestRef;
    creatorId: number;
    actorId: number;
    approved: boolean;
    reason?: string | null;
  },
  options: NotifyOptions,
): Promise<void> {
  if (creatorId === actorId) return;
  const why = reason?.trim();
  await notify(
    tx,
    approved
      ? {
          userId: creatorId,
          kind: 'contest_approved',
          title: `Contest approved: ${contest.title || 'Untitled contest'}`,
          body: `Your contest ${named(contest)} was approved and is now live.`,
          link: contestPath(contest),
          actionLabel: 'View the contest',
        }
      : {
          userId: creatorId,
          kind: 'contest_rejected',
          title: `Contest rejected: ${contest.title || 'Untitled contest'}`,
          body: `Your contest ${named(contest)} was rejected.${why ? ` Reason: ${why}` : ''}`,
          link: contestPath(contest),
          actionLabel: 'View the contest',
        },
    options,
  );
}

/** A reviewer verified or rejected a member's payment proof. */
export async function notifyPaymentReviewed(
  tx: DbOrTx,
  {
    proof,
    verified,
    reason,
    admitted,
  }: {
    proof: {
      userId: number | null;
      purpose: PaymentPurpose;
      contestId: number | null;
      contestTitle: string | null;
      tier: Tier | null;
      amountUsd: string;
    };
    verified: boolean;
    reason?: string | null;
    /** The verified entry fee admitted them to the contest now. */
    admitted?: boolean;
  },
  options: NotifyOptions,
): Promise<void> {
  if (proof.userId === null) return;
  const contest = proof.contestId === null ? undefined : await contestRef(tx, proof.contestId);
  const what =
    proof.purpose === 'entry_fee'
      ? `your entry fee of ${proof.amountUsd} USD for ${named({ title: contest?.title ?? proof.contestTitle ?? '' })}`
      : `your payment of ${proof.amountUsd} USD for the ${proof.tier ? TIER_LABELS[proof.tier] : 'paid'} tier`;
  const link = contest ? contestPath(contest) : '/settings?tab=payments';
  const why = reason?.trim();
  const notice: Notice = verified
    ? {
        userId: proof.userId,
        kind: 'payment_verified',
        title: 'Payment verified',
        body: `We verified ${what}.${admitted ? ' You are now taking part.' : ''}`,
        link,
        actionLabel: contest ? 'View the contest' : 'View your payments',
      }
    : {
        userId: proof.userId,
        kind: 'payment_rejected',
        title: 'Payment rejected',
        body: `We could not verify ${what}.${why ? ` Reason: ${why}` : ''}`,
        link,
        actionLabel: contest ? 'View the contest' : 'View your payments',
      };
  await notify(tx, notice, options);
}

/** A member joined a contest (themselves, or admitted by their verified entry fee). */
export async function notifyJoined(
  tx: DbOrTx,
  { userId, ...which }: { userId: number } & ({ contestId: number } | { contest: ContestRef }),
  options: NotifyOptions,
): Promise<void> {
  // A caller that has read the contest already passes it (a join: one round trip fewer).
  const contest = 'contest' in which ? which.contest : await contestRef(tx, which.contestId);
  if (!contest) return;
  await notify(
    tx,
    {
      userId,
      kind: 'contest_joined',
      title: `You joined ${contest.title || 'a contest'}`,
      body: `You are taking part in ${named(contest)}. Good luck!`,
      link: contestPath(contest),
      actionLabel: 'View the contest',
    },
    options,
  );
}

/** A team's captain invited a member (team mode): the invitee hears, with the contest's page. */
export async function notifyTeamInvite(
  tx: DbOrTx,
  {
    userId,
    contestId,
    teamName,
    captainName,
  }: { userId: number; contestId: number; teamName: string; captainName: string },
  options: NotifyOptions,
): Promise<void> {
  const contest = await contestRef(tx, contestId);
  if (!contest) return;
  await notify(
    tx,
    {
      userId,
      kind: 'team_invite',
      title: `Team invitation: ${teamName}`,
      body: `${captainName} invited you to join the team “${teamName}” in ${named(contest)}. Accept or decline on the contest's page.`,
      link: `${contestPath(contest)}#teams`,
      actionLabel: 'See the invitation',
    },
    options,
  );
}

/**
 * A notice about the contest to each member, titled '<headline>: <contest>', linking to it, its
 * body in words of their own (nobody: nothing is written).
 */
async function contestNoticeToEach<M extends { userId: number }>(
  tx: DbOrTx,
  contest: ContestRef,
  members: readonly M[],
  notice: Pick<Notice, 'kind' | 'actionLabel'> & { headline: string; body: (member: M) => string },
  options: NotifyOptions,
): Promise<void> {
  if (!members.length) return;
  await notifyMany(
    tx,
    members.map((m) => ({
      userId: m.userId,
      kind: notice.kind,
      title: `${notice.headline}: ${contest.title || 'Untitled contest'}`,
      body: notice.body(m),
      link: contestPath(contest),
      actionLabel: notice.actionLabel,
    })),
    options,
  );
}

/** Scores changed (the form, calls, a CSV file): each member whose score changed hears once. */
export async function notifyScoresChanged(
  tx: DbOrTx,
  {
    contest,
    decimals,
    changes,
  }: {
    contest: ContestRef;
    decimals: number;
    changes: readonly { userId: number; before: number | null; after: number }[];
  },
  options: NotifyOptions,
): Promise<void> {
  await contestNoticeToEach(
    tx,
    contest,
    changes,
    {
      kind: 'score_changed',
      headline: 'Score updated',
      body: (c) =>
        `Your score in ${named(contest)} is now ${formatScore(c.after, decimals)}` +
        (c.before === null ? '.' : ` (was ${formatScore(c.before, decimals)}).`),
      actionLabel: 'View the leaderboard',
    },
    options,
  );
}

/** A contest is completed: each participant hears their final rank (or that they had no score). */
export async function notifyResults(
  tx: DbOrTx,
  {
    contest,
    standings,
    total = standings.length,
  }: {
    contest: ContestRef;
    /** `place`: a bracket contest's final place in words ('3rd-4th'), told instead of the rank. */
    standings: readonly { userId: number; rank: number | null; place?: string }[];
    /** How many are ranked (when only some of them are told). */
    total?: number;
  },
  options: NotifyOptions,
): Promise<void> {
  await contestNoticeToEach(
    tx,
    contest,
    standings,
    {
      kind: 'contest_results',
      headline: 'Final results',
      body: (s) =>
        s.rank === null
          ? `${completedSentence(named(contest))} You had no score, so you are not ranked.`
          : s.place
            ? `${completedSentence(named(contest))} You finished in ${s.place} place of ${total}.`
            : `${completedSentence(named(contest))} You finished #${s.rank} of ${total}.`,
      actionLabel: 'See the results',
    },
    options,
  );
}

/**
 * Tournament matches became ready (issue 19): each side whose member is still here hears who
 * they play next.
 */
export async function notifyMatchesReady(
  tx: DbOrTx,
  {
    contest,
    matches,
  }: {
    contest: ContestRef;
    matches: readonly { sides: readonly { userId: number | null; opponent: string }[] }[];
  },
  options: NotifyOptions,
): Promise<void> {
  const notices: Notice[] = [];
  for (const match of matches) {
    for (const side of match.sides) {
      if (side.userId === null) continue;
      notices.push({
        userId: side.userId,
        kind: 'match_ready',
        title: `Your match is ready: ${contest.title || 'Untitled contest'}`,
        body: `Your next match in ${named(contest)} is ready: you play ${side.opponent}.`,
        link: contestPath(contest),
        actionLabel: 'See the match',
      });
    }
  }
  if (notices.length) await notifyMany(tx, notices, options);
}

/** A participant reported their match's result: the opponent is asked to confirm or dispute it. */
export async function notifyMatchReported(
  tx: DbOrTx,
  {
    contest,
    userId,
    reporter,
    result,
  }: { contest: ContestRef; userId: number | null; reporter: string; result: string },
  options: NotifyOptions,
): Promise<void> {
  if (userId === null) return;
  await notify(
    tx,
    {
      userId,
      kind: 'match_result_reported',
      title: `Confirm your match result: ${contest.title || 'Untitled contest'}`,
      body: `${reporter} reported your match in ${named(contest)} as ${result}. Confirm it, or dispute it if it is wrong.`,
      link: contestPath(contest),
      actionLabel: 'Confirm or dispute',
    },
    options,
  );
}

/** The same notice to each player of a match (a side still to be decided is null: nobody). */
async function noticeToPlayers(
  tx: DbOrTx,
  userIds: readonly (number | null)[],
  notice: Omit<Notice, 'userId'>,
  options: NotifyOptions,
): Promise<void> {
  const notices = userIds
    .filter((id): id is number => id !== null)
    .map((userId) => ({ ...notice, userId }));
  if (notices.length) await notifyMany(tx, notices, options);
}

/**
 * A notice of a dispute to both players, linking to the match. The disputes' kind, so a member who
 * turned dispute notices off hears neither the dispute nor its decision.
 */
async function tellPlayersOfDispute(
  tx: DbOrTx,
  contest: ContestRef,
  userIds: readonly (number | null)[],
  { headline, body }: { headline: string; body: string },
  options: NotifyOptions,
): Promise<void> {
  await noticeToPlayers(
    tx,
    userIds,
    {
      kind: 'match_result_disputed',
      title: `${headline}: ${contest.title || 'Untitled contest'}`,
      body,
      link: contestPath(contest),
      actionLabel: 'See the match',
    },
    options,
  );
}

/** A reported result was disputed: the reporter hears it went to the moderators. */
export async function notifyMatchDisputed(
  tx: DbOrTx,
  {
    contest,
    userIds,
    disputer,
    result,
    reason,
  }: {
    contest: ContestRef;
    userIds: readonly (number | null)[];
    disputer: string;
    /** The result the disputer says it was ('a 1–2 b'). */
    result: string;
    reason: string | null;
  },
  options: NotifyOptions,
): Promise<void> {
  await tellPlayersOfDispute(
    tx,
    contest,
    userIds,
    {
      headline: 'Match result disputed',
      body:
        `${disputer} disputed the reported result of a match in ${named(contest)}: they say ` +
        `${result}; an organiser will settle it.${reason ? ` Reason: ${reason}` : ''}`,
    },
    options,
  );
}

/**
 * An organiser decided a disputed match (issue 29): both players hear the result and whose it
 * was (the reporter's, the disputer's, or neither: a third result).
 */
export async function notifyMatchDecided(
  tx: DbOrTx,
  {
    contest,
    userIds,
    result,
    whose,
  }: {
    contest: ContestRef;
    userIds: readonly (number | null)[];
    result: string;
    /** The participant whose result was accepted; null when the organiser entered another. */
    whose: string | null;
  },
  options: NotifyOptions,
): Promise<void> {
  await tellPlayersOfDispute(
    tx,
    contest,
    userIds,
    {
      headline: 'Disputed match decided',
      body:
        `An organiser decided the disputed match in ${named(contest)}: ${result}` +
        (whose ? ` (${whose}'s result).` : ' (a result of their own).'),
    },
    options,
  );
}

/**
 * A bracket contest's check-in window opened (issue 19): each participant who has not checked in
 * hears once (dedupe key checkin_open:<id>), with when it closes.
 */
export async function notifyCheckInOpen(
  tx: DbOrTx,
  {
    contest,
    userIds,
    closesAt,
  }: { contest: ContestRef; userIds: readonly number[]; closesAt: Date },
  options: NotifyOptions,
): Promise<number> {
  let written = 0;
  for (const userId of userIds) {
    const id = await notify(
      tx,
      {
        userId,
        kind: 'checkin_open',
        title: `Check-in is open: ${contest.title || 'Untitled contest'}`,
        body: `Check in to ${named(contest)} before it starts (${closesAt.toISOString().slice(0, 16).replace('T', ' ')} UTC), or you will be dropped from it.`,
        link: contestPath(contest),
        actionLabel: 'Check in',
        dedupeKey: `checkin_open:${contest.id}`,
      },
      options,
    );
    if (id !== null) written++;
  }
  return written;
}

/**
 * Check-ins were processed (at the start, by 'Start now', 'Process check-ins' or a generation):
 * those who had not checked in were dropped from the contest, and hear why.
 */
export async function notifyCheckInMissed(
  tx: DbOrTx,
  { contest, userIds }: { contest: ContestRef; userIds: readonly number[] },
  options: NotifyOptions,
): Promise<void> {
  await notifyMany(
    tx,
    userIds.map((userId) => ({
      userId,
      kind: 'checkin_missed',
      title: `Check-in missed: ${contest.title || 'Untitled contest'}`,
      body: `You did not check in before the start of ${named(contest)}, so you are no longer taking part in it.`,
      link: contestPath(contest),
      actionLabel: 'View the contest',
      dedupeKey: `checkin_missed:${contest.id}`,
    })),
    options,
  );
}

/**
 * The organiser's player list (issue 29): a member added by an organiser, or removed before the
 * start with the reason (its own kind, so muting 'Joined a contest' does not hide a removal).
 */
export async function notifyRosterChange(
  tx: DbOrTx,
  {
    contest,
    userId,
    change,
  }: { contest: ContestRef; userId: number; change: { added: true } | { removed: string } },
  options: NotifyOptions,
): Promise<void> {
  const title = contest.title || 'a contest';
  await notify(
    tx,
    'added' in change
      ? {
          userId,
          kind: 'roster_changed',
          title: `You were added to ${title}`,
          body: `You were added to ${named(contest)} by the organiser. Good luck!`,
          link: contestPath(contest),
          actionLabel: 'View the contest',
        }
      : {
          userId,
          kind: 'roster_changed',
          title: `You were removed from ${title}`,
          body: `The organiser removed you from ${named(contest)}. Reason: ${change.removed}`,
          link: contestPath(contest),
          actionLabel: 'View the contest',
        },
    options,
  );
}

/**
 * An organiser disqualified a player after the start: they hear why, and that their remaining
 * matches are forfeits.
 */
export async function notifyDisqualified(
  tx: DbOrTx,
  { contest, userId, reason }: { contest: ContestRef; userId: number; reason: string },
  options: NotifyOptions,
): Promise<void> {
  await notify(
    tx,
    {
      userId,
      kind: 'disqualified',
      title: `Disqualified: ${contest.title || 'Untitled contest'}`,
      body: `An organiser disqualified you from ${named(contest)}: ${reason}. Your remaining matches are forfeits.`,
      link: contestPath(contest),
      actionLabel: 'View the contest',
      dedupeKey: `disqualified:${contest.id}`,
    },
    options,
  );
}
