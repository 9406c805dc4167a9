// Check-in (issue 19): when a bracket contest's settings give a window (checkInMinutes > 0), its
// participants confirm in [start - window, start) and may undo it there. Seeding reads who did;
// at the start those who did not are dropped (startRound.ts). The rows are written through
// participation's one writer (setCheckedIn).
import { isOrganiser } from '../../../shared/contests';
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { contestParticipants, contests, users } from '../../platform/db/schema';
import type { Actor, ContestViewArgs } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { formatDateTime } from '../../../shared/format';
import { CHECK_IN_MESSAGES as M } from '../../../shared/tournaments';
import {
  checkInWindow,
  isCheckInOpen,
  type TCheckInResult,
  type TCheckInStatus,
  type TTournamentSettings,
} from '../../../shared/schemas/tournaments';
import { contestVisibleTo, notFound } from '../contests';
import { lockContest, setCheckedIn } from '../participation';

const checkInColumns = {
  id: contests.id,
  status: contests.status,
  createdBy: contests.createdBy,
  format: contests.format,
  tournament: contests.tournament,
  startDate: contests.startDate,
  participants: contests.participants,
  bracketGeneratedAt: contests.bracketGeneratedAt,
};

export interface CheckInContest {
  id: number;
  status: (typeof contests.$inferSelect)['status'];
  createdBy: number;
  format: (typeof contests.$inferSelect)['format'];
  tournament: Partial<TTournamentSettings> | null;
  startDate: Date | null;
  participants: number;
  bracketGeneratedAt: Date | null;
}

// The window's rule is shared: the metrics count open check-ins by it too.
export { checkInWindow };

const at = (date: Date) => formatDateTime(date, 'UTC');

/** A contest the caller may see (else the same 404 as a missing one). */
async function visibleContest(
  db: DbOrTx,
  viewer: Pick<Actor, 'id' | 'role'>,
  contestId: number,
): Promise<CheckInContest> {
  const [row] = await db
    .select(checkInColumns)
    .from(contests)
    .where(and(eq(contests.id, contestId), contestVisibleTo(viewer)));
  if (!row) throw notFound();
  return row;
}

async function participantRow(db: DbOrTx, contestId: number, userId: number) {
  const [row] = await db
    .select({ id: contestParticipants.id, checkedInAt: contestParticipants.checkedInAt })
    .from(contestParticipants)
    .where(
      and(eq(contestParticipants.contestId, contestId), eq(contestParticipants.userId, userId)),
    );
  return row;
}

async function checkedInCount(db: DbOrTx, contestId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contestParticipants)
    .where(
      and(eq(contestParticipants.contestId, contestId), isNotNull(contestParticipants.checkedInAt)),
    );
  return row?.n ?? 0;
}

/**
 * Why the caller may not check in (or undo it) now, as the refusal to throw; the order is the
 * one in which a way forward makes sense: no check-in at all, not taking part, the window.
 */
function refusal(contest: CheckInContest, participant: boolean, now: number): AppError | undefined {
  const window = checkInWindow(contest);
  if (!window) return new AppError('checkin_off', M.off);
  if (!participant) {
    return new AppError('not_participant', M.notParticipant);
  }
  const details = {
    opensAt: window.opensAt.toISOString(),
    closesAt: window.closesAt.toISOString(),
  };
  if (now < window.opensAt.getTime()) {
    return new AppError('checkin_closed', `${M.notOpenYet}: it opens at ${at(window.opensAt)}`, {
      details,
    });
  }
  if (now >= window.closesAt.getTime() || contest.status !== 'active') {
    return new AppError('checkin_closed', `${M.closed}: it closed at ${at(window.closesAt)}`, {
      details,
    });
  }
  // Seeding has read who checked in: a later change would not count.
  if (contest.bracketGeneratedAt) {
    return new AppError('checkin_closed', `${M.closed}: the bracket is generated`, {
      details,
    });
  }
  return undefined;
}

/** Checks the caller in (`checkedIn` true) or undoes it (false), inside the window. */
export async function setCheckIn({
  db,
  actor,
  contestId,
  checkedIn,
  now = Date.now(),
}: {
  db: DB;
  actor: Actor;
  contestId: number;
  checkedIn: boolean;
  now?: number;
}): Promise<TCheckInResult> {
  return db.transaction(async (tx) => {
    // Under the contest's lock: the start round drops the not-checked-in under the same one.
    await lockContest(tx, contestId);
    const contest = await visibleContest(tx, actor, contestId);
    const row = await participantRow(tx, contestId, actor.id);
    const refused = refusal(contest, !!row, now);
    if (refused) throw refused;
    // Checking in twice keeps the first time; undoing twice is no change either.
    const already = row!.checkedInAt;
    const next = checkedIn ? (already ?? new Date(now)) : null;
    if ((already?.getTime() ?? null) !== (next?.getTime() ?? null)) {
      await setCheckedIn({ db: tx, contestId, userId: actor.id, at: next });
    }
    return { contestId, checkedInAt: next, checkedIn: await checkedInCount(tx, contestId) };
  });
}

/** The contest page's check-in card: the window, the caller's state, the count (and the roster). */
export async function checkInStatus(args: ContestViewArgs): Promise<TCheckInStatus> {
  const { db, viewer, contestId, now = Date.now() } = args;
  const contest = await visibleContest(db, viewer, contestId);
  const window = checkInWindow(contest);
  const row = await participantRow(db, contestId, viewer.id);
  const organiser = isOrganiser(contest, viewer);
  const roster =
    window && organiser
      ? (
          await db
            .select({
              participantId: contestParticipants.id,
              name: users.username,
              checkedInAt: contestParticipants.checkedInAt,
            })
            .from(contestParticipants)
            .innerJoin(users, eq(users.id, contestParticipants.userId))
            .where(
              and(
                eq(contestParticipants.contestId, contestId),
                isNotNull(contestParticipants.checkedInAt),
              ),
            )
            .orderBy(asc(contestParticipants.checkedInAt), asc(contestParticipants.id))
        ).map((r) => ({ ...r, checkedInAt: r.checkedInAt! }))
      : null;
  return {
    contestId,
    enabled: !!window,
    opensAt: window?.opensAt ?? null,
    closesAt: window?.closesAt ?? null,
    open: isCheckInOpen(contest, now),
    participant: !!row,
    checkedInAt: row?.checkedInAt ?? null,
    checkedIn: window ? await checkedInCount(db, contestId) : 0,
    participants: contest.participants,
    roster,
  };
}
