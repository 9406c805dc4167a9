// A contest becoming completed (issue 29, point 8: the one lifecycle). By itself: its bracket's
// final match has ended (tournaments' placement calls completeContest in the result's
// transaction) or its end date has passed (the end job below); by hand: a moderator's 'Mark as
// completed' (contests' moderation). What follows either way is afterContestCompleted: the
// participants' 'Final results' notices and the open pages and boards told to read again. It lives
// here, beside the final standings it tells, because contests and tournaments both reach it.
import { and, eq, lte } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { contests } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import type { Job } from '../../platform/jobs';
import { announceBracketChanges, announceLeaderboardChanges } from '../../platform/events';
import { writeAudit } from '../audit';
import { notifyResults } from '../messages';
import { finalStandings } from './contestParticipants';
import { placeText, ranksByPlace, sharedPlaces } from '../../../shared/places';

/** Who completes a contest on its own (the audit log's actor): nobody who signs in. */
export const LIFECYCLE_ACTOR: Actor = { id: 0, username: 'system', role: 'admin', ip: 'system' };

/**
 * What follows a contest's completion, in the caller's transaction: every participant told the
 * final results, the contest's open pages, boards and brackets told to read again.
 */
export async function afterContestCompleted(
  tx: DbOrTx,
  { contestId, origin }: { contestId: number; origin?: string },
): Promise<void> {
  const [contest] = await tx
    .select({
      id: contests.id,
      slug: contests.slug,
      title: contests.title,
      format: contests.format,
      status: contests.status,
      bracketGeneratedAt: contests.bracketGeneratedAt,
    })
    .from(contests)
    .where(eq(contests.id, contestId));
  if (!contest) return;
  const standings = await finalStandings(tx, contestId);
  // A bracket's placement is told as places ('3rd-4th'), not ranks of points.
  const shared = ranksByPlace(contest) ? sharedPlaces(standings.map((s) => s.score)) : null;
  const told = standings.map((s) =>
    shared && s.rank !== null && s.score !== null
      ? { ...s, place: placeText(s.score, shared.get(s.score)) }
      : s,
  );
  await notifyResults(tx, { contest, standings: told }, { origin });
  await announceLeaderboardChanges({ db: tx, contestIds: [contestId] });
  await announceBracketChanges({ db: tx, contestIds: [contestId] });
}

/**
 * Completes the contest if it is still active, in the caller's transaction (audited as the
 * system's, as a moderator's completion is as theirs); answers whether it did (false: completed
 * already, or not published). `origin`: where the notices' links point.
 */
export async function completeContest(
  tx: DbOrTx,
  { contestId, origin }: { contestId: number; origin?: string },
): Promise<boolean> {
  const done = await tx
    .update(contests)
    .set({ status: 'completed', updatedAt: new Date() })
    .where(and(eq(contests.id, contestId), eq(contests.status, 'active')))
    .returning({ id: contests.id });
  if (!done.length) return false;
  await writeAudit({
    db: tx,
    actor: LIFECYCLE_ACTOR,
    action: 'contest.status',
    targetType: 'contest',
    targetId: contestId,
    before: { status: 'active' },
    after: { status: 'completed' },
  });
  await afterContestCompleted(tx, { contestId, origin });
  return true;
}

/** Completes every active contest whose end date has passed, each in its own transaction. */
export async function completeEndedContests({
  db,
  now = Date.now(),
  origin,
}: {
  db: DB;
  now?: number;
  origin?: string;
}): Promise<number[]> {
  const ended = await db
    .select({ id: contests.id })
    .from(contests)
    .where(and(eq(contests.status, 'active'), lte(contests.endDate, new Date(now))));
  const completed: number[] = [];
  for (const { id } of ended) {
    if (await db.transaction((tx) => completeContest(tx, { contestId: id, origin }))) {
      completed.push(id);
    }
  }
  return completed;
}

/** How often ended contests are looked for: a contest is completed within a minute of its end. */
export const CONTEST_END_EVERY_MS = 60 * 1000;

/**
 * The end round as a background job, by one server of however many share the database (its
 * lease). `onCompleted` hears the contests a round completed.
 */
export function contestEndJob({
  db,
  origin,
  onCompleted,
}: {
  db: DB;
  /** Where links in the results' mail point, read at each round. */
  origin: () => Promise<string | undefined>;
  onCompleted?: (contestIds: number[]) => void;
}): Job<number[]> {
  return {
    name: 'contestEnds',
    everyMs: CONTEST_END_EVERY_MS,
    lease: 'contestEnds',
    run: async () => completeEndedContests({ db, origin: await origin() }),
    onDone: (ids) => {
      if (ids.length) onCompleted?.(ids);
    },
  };
}
