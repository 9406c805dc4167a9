// What happens around a bracket contest's start (issue 19), by a background job that runs on one
// server of however many share the database (its lease, platform/jobs): its participants hear once that check-in has
// opened; at the start, those who did not check in are dropped from the contest (noShows.ts,
// the one rule 'Process check-ins' uses too) and told; then,
// when the contest generates its bracket at the start, the engine does it (generateAtStart).
// Each contest's start is handled once (contests.start_handled_at), in one transaction.
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import type { Job } from '../../platform/jobs';
import { contestParticipants, contests } from '../../platform/db/schema';
import { BRACKET_FORMATS, CHECK_IN_MINUTES_MAX } from '../../../shared/tournaments';
import { tournamentSettingsOf } from '../../../shared/schemas/tournaments';
import { notifyCheckInOpen, participantsNotYetTold } from '../messages';
import { lockContest } from '../participation';
import { checkInWindow } from './checkIn';
import { generateAtStart } from './generate';
import { dropNoShows } from './noShows';

export interface StartRoundResult {
  /** Contests whose start was handled in this round. */
  started: number;
  /** Participants dropped for not checking in. */
  dropped: number;
  /** Brackets generated at the start. */
  generated: number;
  /** 'Check-in is open' notifications written. */
  opened: number;
}

export interface StartRoundOptions {
  db: DB;
  now?: number;
  /** Where the e-mails' links point. */
  origin?: string;
  /** A generation at the start that failed (too few participants, ...): the organiser's to do. */
  onGenerateError?: (error: unknown, contestId: number) => void;
}

/** Tells the participants of each contest whose check-in window is open now, once. */
async function announceOpenWindows(db: DB, now: number, origin?: string): Promise<number> {
  const soon = await db
    .select({
      id: contests.id,
      slug: contests.slug,
      title: contests.title,
      format: contests.format,
      tournament: contests.tournament,
      startDate: contests.startDate,
    })
    .from(contests)
    .where(
      and(
        eq(contests.status, 'active'),
        inArray(contests.format, [...BRACKET_FORMATS]),
        isNull(contests.bracketGeneratedAt),
        gt(contests.startDate, new Date(now)),
        lte(contests.startDate, new Date(now + CHECK_IN_MINUTES_MAX * 60_000)),
      ),
    );
  let written = 0;
  for (const contest of soon) {
    const window = checkInWindow(contest);
    if (!window || window.opensAt.getTime() > now) continue;
    written += await db.transaction(async (tx) => {
      const key = `checkin_open:${contest.id}`;
      const unchecked = isNull(contestParticipants.checkedInAt);
      const due = await participantsNotYetTold(tx, contest.id, key, unchecked);
      return notifyCheckInOpen(
        tx,
        { contest, userIds: due, closesAt: window.closesAt },
        { origin },
      );
    });
  }
  return written;
}

/** Handles the start of one contest, once; answers what it did. */
async function handleStart(
  db: DB,
  contestId: number,
  { now, origin, onGenerateError }: { now: number; origin?: string } & StartRoundOptions,
): Promise<{ dropped: number; generated: boolean } | null> {
  return db.transaction(async (tx) => {
    // The contest's lock: a check-in under way finishes before the drop reads who checked in.
    await lockContest(tx, contestId);
    const [contest] = await tx
      .select({
        id: contests.id,
        slug: contests.slug,
        title: contests.title,
        status: contests.status,
        tournament: contests.tournament,
        startDate: contests.startDate,
        startHandledAt: contests.startHandledAt,
        bracketGeneratedAt: contests.bracketGeneratedAt,
      })
      .from(contests)
      .where(eq(contests.id, contestId));
    if (
      !contest ||
      contest.startHandledAt ||
      contest.status !== 'active' ||
      !contest.startDate ||
      contest.startDate.getTime() > now
    ) {
      return null;
    }
    const settings = tournamentSettingsOf(contest.tournament);
    let dropped = 0;
    // A bracket generated before the start dropped its no-shows then (generate.ts): its
    // participants stay as they are.
    if (settings.checkInMinutes > 0 && !contest.bracketGeneratedAt) {
      dropped = (await dropNoShows(tx, contest, { origin })).length;
    }
    await tx
      .update(contests)
      .set({ startHandledAt: new Date(now) })
      .where(eq(contests.id, contestId));
    let generated = false;
    if (settings.autoGenerate && !contest.bracketGeneratedAt) {
      try {
        // A savepoint: a failed generation leaves the drop and the mark in place. Too few
        // participants is no failure: the organiser can still add and generate by hand.
        const result = await tx.transaction((inner) => generateAtStart(inner, contestId));
        generated = !('skipped' in result);
      } catch (error) {
        onGenerateError?.(error, contestId);
      }
    }
    return { dropped, generated };
  });
}

/**
 * One round: the open windows announced, then every active bracket contest whose start has
 * come and was not handled yet handled (each in its own transaction).
 */
export async function runStartRound(options: StartRoundOptions): Promise<StartRoundResult> {
  const { db, origin } = options;
  const now = options.now ?? Date.now();
  const opened = await announceOpenWindows(db, now, origin);
  const due = await db
    .select({ id: contests.id })
    .from(contests)
    .where(
      and(
        eq(contests.status, 'active'),
        inArray(contests.format, [...BRACKET_FORMATS]),
        lte(contests.startDate, new Date(now)),
        isNull(contests.startHandledAt),
      ),
    );
  const result: StartRoundResult = { started: 0, dropped: 0, generated: 0, opened };
  for (const { id } of due) {
    const done = await handleStart(db, id, { ...options, now });
    if (!done) continue;
    result.started++;
    result.dropped += done.dropped;
    if (done.generated) result.generated++;
  }
  return result;
}

/** How often the start round runs: a bracket is generated within about a minute of the start. */
export const START_ROUND_EVERY_MS = 60 * 1000;

/**
 * The start round as a background job: a round at start, then every START_ROUND_EVERY_MS, by one
 * server of however many share the database (its lease). `onRound` hears a round that started
 * or opened something.
 */
export function tournamentStartJob({
  db,
  origin,
  onRound,
  onGenerateError,
}: {
  db: DB;
  /** Where links in the round's mail point, read at each round (it may be recorded meanwhile). */
  origin: () => Promise<string | undefined>;
  onRound?: (result: StartRoundResult) => void;
  onGenerateError?: (error: unknown, contestId: number) => void;
}): Job<StartRoundResult> {
  return {
    name: 'tournamentStarts',
    everyMs: START_ROUND_EVERY_MS,
    lease: 'tournamentStarts',
    run: async () => runStartRound({ db, origin: await origin(), onGenerateError }),
    onDone: (result) => {
      if (result.started || result.opened) onRound?.(result);
    },
  };
}
