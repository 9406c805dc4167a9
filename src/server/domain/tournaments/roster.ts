// The organiser's player list (issue 29 point 3): read it, add a member by username, check a
// player in or out for them, process check-ins (no-shows dropped and kept as 'did not check in'),
// remove before the start, and 'Start now'. Disqualifying after the start is disqualify.ts.
// Creator, moderators and admins only (others 403 not_organiser; a hidden contest 404). Every
// change is audited; the rows are written through participation's one writer.
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { equalsCaseless } from '../../platform/db/dialect';
import { contests, participantExits, users } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { hasStarted, contestPhase } from '../../../shared/lifecycle';
import { hasBracket, CHECK_IN_MESSAGES } from '../../../shared/tournaments';
import type { JoinRefusal } from '../../../shared/participation';
import {
  ROSTER_MESSAGES,
  type TAddPlayerInput,
  type TPlayerReasonInput,
  type TPlayerRef,
  type TProcessCheckInsResult,
  type TRoster,
  type TRosterPlayer,
  type TStartNowResult,
} from '../../../shared/schemas/roster';
import { writeAudit } from '../audit';
import { notifyRosterChange } from '../messages';
import {
  addParticipant,
  joinRefusalFor,
  readJoinContest,
  refusalError,
  removeParticipant,
  setCheckedIn,
} from '../participation';
import { organisedContest, refuse, type TournamentContest } from './contest';
import { generateAtStart } from './generate';
import { dropNoShows } from './noShows';
import { playerIn, playerOf, playersIn } from './players';

/** What the list reads of a contest besides the tournament code's columns. */
async function listFacts(db: DbOrTx, contestId: number) {
  const [row] = await db
    .select({
      participants: contests.participants,
      maxParticipants: contests.maxParticipants,
      startHandledAt: contests.startHandledAt,
    })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row!;
}

type ListContest = TournamentContest & Awaited<ReturnType<typeof listFacts>>;

/** The contest if the actor runs it (403 not_organiser; 404 hidden), with the list's facts. */
async function listContest(
  db: DbOrTx,
  actor: Actor,
  contestId: number,
  lock = false,
): Promise<ListContest> {
  const contest = await organisedContest(db, actor, contestId, { lock });
  return { ...contest, ...(await listFacts(db, contestId)) };
}

/** THE 'started' of the list: the one lifecycle's (its start passed, or its bracket exists). */
function started(contest: ListContest, now = Date.now()): boolean {
  return hasStarted(contestPhase(contest, now));
}

const checkInOn = (contest: TournamentContest) => contest.settings.checkInMinutes > 0;

/** Those out: the latest exit of each member not in now, latest first. */
async function playersOut(db: DbOrTx, contestId: number, inIds: Set<number>) {
  const rows = await db
    .select({
      userId: participantExits.userId,
      username: users.username,
      kind: participantExits.kind,
      reason: participantExits.reason,
      joinedAt: participantExits.joinedAt,
      at: participantExits.at,
    })
    .from(participantExits)
    .innerJoin(users, eq(users.id, participantExits.userId))
    .where(eq(participantExits.contestId, contestId))
    .orderBy(desc(participantExits.at), desc(participantExits.id));
  const seen = new Set(inIds);
  const out: TRosterPlayer[] = [];
  for (const row of rows) {
    if (seen.has(row.userId)) continue;
    seen.add(row.userId);
    out.push({
      userId: row.userId,
      username: row.username,
      participantId: null,
      joinedAt: row.joinedAt,
      checkedInAt: null,
      feeWaived: false,
      state: row.kind,
      reason: row.reason,
      stateAt: row.at,
    });
  }
  return out;
}

/** The organiser's list: those in (joined first), then those out (latest first). */
export async function readRoster(
  db: DbOrTx,
  actor: Actor,
  input: { contestId: number },
): Promise<TRoster> {
  const contest = await listContest(db, actor, input.contestId);
  const inRows = await playersIn(db, contest.id);
  const out = await playersOut(db, contest.id, new Set(inRows.map((r) => r.userId)));
  return {
    contestId: contest.id,
    checkIn: checkInOn(contest),
    started: started(contest),
    bracketGeneratedAt: contest.bracketGeneratedAt,
    participants: contest.participants,
    maxParticipants: contest.maxParticipants,
    players: [...inRows.map(playerOf), ...out],
  };
}

/** The join rule's refusal in the organiser's words (they act for the member). */
function addRefusal(reason: JoinRefusal, username: string, message: string): string {
  switch (reason) {
    case 'already_joined':
      return `${username} is already taking part in this contest`;
    case 'fee_unverified':
      return `${username} has no verified entry fee for this contest: they can pay it, or you may waive it`;
    case 'email_unverified':
      return `${username} has not verified their e-mail address yet`;
    case 'tier':
      return `${username} cannot take part: ${message}`;
    default:
      return message;
  }
}

/**
 * An organiser adds a member by username: past the registration deadline and the check-in
 * window, within the cap, until the bracket exists. The join rule still applies (status, team
 * mode, the cap, e-mail, tier, the fee unless waived); not its dates or invite code.
 */
export async function addPlayer(
  tx: DbOrTx,
  actor: Actor,
  input: TAddPlayerInput,
): Promise<TRosterPlayer> {
  const contest = await listContest(tx, actor, input.contestId, true);
  if (contest.mode === 'team') {
    throw new AppError('team_only', ROSTER_MESSAGES.teamOnly);
  }
  if (contest.bracketGeneratedAt) {
    throw new AppError('started', ROSTER_MESSAGES.bracketGenerated);
  }
  const [member] = await tx
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(equalsCaseless(users.username, input.username.trim()));
  if (!member || member.role === 'banned') {
    throw new AppError('unknown_user', ROSTER_MESSAGES.unknownUser(input.username));
  }
  const join = (await readJoinContest(tx, contest.id))!;
  const paid = join.participationType === 'paid';
  const waived = input.waiveFee && paid;
  // The organiser's add ignores the registration dates and the invite code: the rest is the rule.
  const refusal = await joinRefusalFor({
    db: tx,
    contest: { ...join, registrationDeadline: null, startDate: null },
    userId: member.id,
    inviteCode: join.inviteCode,
    feeVerified: waived,
    now: Date.now(),
  });
  if (refusal) {
    throw refusalError({
      ...refusal,
      message: addRefusal(refusal.reason, member.username, refusal.message),
    });
  }
  await addParticipant({ db: tx, contestId: contest.id, userId: member.id, feeWaived: waived });
  await writeAudit({
    db: tx,
    actor,
    action: 'contest.participant.add',
    targetType: 'contest',
    targetId: contest.id,
    after: { userId: member.id, username: member.username, feeWaived: waived },
  });
  await notifyRosterChange(
    tx,
    { contest, userId: member.id, change: { added: true } },
    { origin: actor.origin },
  );
  return playerOf(await playerIn(tx, contest.id, member.id));
}

/**
 * The organiser checks a player in (or undoes it) for them: check-in on, any time before the
 * bracket is generated and the start handled (the window need not be open).
 */
export async function checkInPlayer(
  tx: DbOrTx,
  actor: Actor,
  input: TPlayerRef & { checkedIn: boolean },
): Promise<TRosterPlayer> {
  const contest = await listContest(tx, actor, input.contestId, true);
  if (!checkInOn(contest)) throw refuse('checkin_off', CHECK_IN_MESSAGES.off);
  if (contest.status !== 'active' || contest.bracketGeneratedAt || contest.startHandledAt) {
    throw refuse(
      'checkin_closed',
      `${CHECK_IN_MESSAGES.closed}: the bracket is generated or the contest has started`,
    );
  }
  const row = await playerIn(tx, contest.id, input.userId);
  const next = input.checkedIn ? (row.checkedInAt ?? new Date()) : null;
  if ((row.checkedInAt?.getTime() ?? null) !== (next?.getTime() ?? null)) {
    await setCheckedIn({ db: tx, contestId: contest.id, userId: input.userId, at: next });
    await writeAudit({
      db: tx,
      actor,
      action: input.checkedIn ? 'contest.participant.check_in' : 'contest.participant.check_out',
      targetType: 'contest',
      targetId: contest.id,
      before: { userId: input.userId, checkedInAt: row.checkedInAt },
      after: { userId: input.userId, checkedInAt: next },
    });
  }
  return playerOf({ ...row, checkedInAt: next });
}

/** 'Process check-ins': every player who has not checked in is dropped (noShows.ts), at once. */
export async function processCheckIns(
  tx: DbOrTx,
  actor: Actor,
  input: { contestId: number },
): Promise<TProcessCheckInsResult> {
  const contest = await listContest(tx, actor, input.contestId, true);
  if (!checkInOn(contest)) throw refuse('checkin_off', CHECK_IN_MESSAGES.off);
  // Seeding read who checked in: the bracket's players stay as they are.
  if (contest.bracketGeneratedAt) {
    throw refuse('checkin_closed', `${CHECK_IN_MESSAGES.closed}: the bracket is generated`);
  }
  const dropped = await dropNoShows(tx, contest, { origin: actor.origin });
  await writeAudit({
    db: tx,
    actor,
    action: 'contest.checkins.process',
    targetType: 'contest',
    targetId: contest.id,
    after: { dropped },
  });
  return { dropped };
}

/** Removes a player before the start (409 started after it: disqualify instead); told why. */
export async function removePlayer(
  tx: DbOrTx,
  actor: Actor,
  input: TPlayerReasonInput,
): Promise<TRosterPlayer> {
  const contest = await listContest(tx, actor, input.contestId, true);
  const row = await playerIn(tx, contest.id, input.userId);
  if (started(contest)) {
    throw new AppError('started', ROSTER_MESSAGES.startedRemove);
  }
  await removeParticipant({ db: tx, contestId: contest.id, userId: input.userId });
  const [exit] = await tx
    .insert(participantExits)
    .values({
      contestId: contest.id,
      userId: input.userId,
      kind: 'removed',
      reason: input.reason,
      byUserId: actor.id > 0 ? actor.id : null,
      joinedAt: row.joinedAt,
    })
    .returning({ at: participantExits.at });
  await writeAudit({
    db: tx,
    actor,
    action: 'contest.participant.remove',
    targetType: 'contest',
    targetId: contest.id,
    before: { userId: input.userId, username: row.username },
    after: { reason: input.reason },
  });
  await notifyRosterChange(
    tx,
    { contest, userId: input.userId, change: { removed: input.reason } },
    { origin: actor.origin },
  );
  return {
    userId: row.userId,
    username: row.username,
    participantId: null,
    joinedAt: row.joinedAt,
    checkedInAt: null,
    feeWaived: !!row.feeWaived,
    state: 'removed',
    reason: input.reason,
    stateAt: exit!.at,
  };
}

/**
 * 'Start now': registration closes at this moment (the deadline moves), the start too when it
 * is later (no match is played before the start), the no-shows are dropped when check-in is on,
 * the bracket is generated when the format has one and it does not exist yet, and the start is
 * marked handled (the start job leaves it alone).
 */
export async function startNow(
  tx: DbOrTx,
  actor: Actor,
  input: { contestId: number },
): Promise<TStartNowResult> {
  const contest = await listContest(tx, actor, input.contestId, true);
  const now = new Date();
  if (started(contest, now.getTime())) {
    throw new AppError('started', ROSTER_MESSAGES.startedAlready);
  }
  if (contest.status !== 'active') {
    throw new AppError('not_open', ROSTER_MESSAGES.notActive);
  }
  const startDate =
    contest.startDate && contest.startDate.getTime() <= now.getTime() ? contest.startDate : now;
  await tx
    .update(contests)
    .set({ registrationDeadline: now, startDate, startHandledAt: now })
    .where(eq(contests.id, contest.id));
  await writeAudit({
    db: tx,
    actor,
    action: 'contest.start_now',
    targetType: 'contest',
    targetId: contest.id,
    before: { registrationDeadline: contest.registrationDeadline, startDate: contest.startDate },
    after: { registrationDeadline: now, startDate },
  });
  const dropped = checkInOn(contest)
    ? await dropNoShows(tx, contest, { origin: actor.origin })
    : [];
  let bracket: TStartNowResult['bracket'] = null;
  if (hasBracket(contest.format) && !contest.bracketGeneratedAt) {
    // Seeded as at the start (by score when any, else at random); too few players is no
    // failure: the organiser can add some and generate by hand.
    const result = await generateAtStart(tx, contest.id, actor);
    if (!('skipped' in result)) bracket = result;
  }
  return { contestId: contest.id, registrationDeadline: now, startDate, dropped, bracket };
}
