// Team mode (issue 19 'Teams'): creating a team, invitations, the captain's powers, leaving, and
// registration as ONE participant. Every change is one transaction under the contest's lock
// (as joins are), so 'one team per member per contest', the team size and the cap hold however
// many act at once; the unique indexes are the last word. Who may take part is the join rule's
// to say (participation joinRefusalFor), asked for the captain as for anyone joining and for
// every other member as a person (their tier, their e-mail): never copied here. A registered
// team is its captain's contest_participants row carrying team_id (written through
// contestParticipants.ts), so the cap counts teams and a paid contest is paid once, by the
// captain, through the proof flow (reviewTeamFee).
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import {
  contestParticipants as cp,
  contests,
  paymentProofs,
  teamMembers,
  teams,
  users,
} from '../../platform/db/schema';
import { equalsCaseless, isUniqueViolation } from '../../platform/db/dialect';
import type { Actor } from '../../platform/actor';
import type { Limits } from '../../platform/limits';
import { AppError, type AppErrorCode } from '../../platform/errors';
import { announceLeaderboardChanges } from '../../platform/events';
import {
  addParticipant,
  joinRefusalFor,
  lockContest,
  moveParticipant,
  refusalError,
  removeParticipant,
  visibleJoinContest,
  withInviteGuessLimit,
  type JoinContest,
  type JoinRefusalInfo,
  type TeamRole,
} from '../participation';
import { notifyJoined, notifyTeamInvite } from '../messages';
import {
  tournamentSettingsOf,
  type TTournamentSettings,
} from '../../../shared/schemas/tournaments';
import {
  TEAM_MESSAGES as M,
  memberRefusalMessage,
  teamFullMessage,
  teamTooSmallMessage,
  type TeamReason,
} from '../../../shared/teams';

const CODES: Record<TeamReason, AppErrorCode> = {
  team_mode_only: 'CONFLICT',
  team_full: 'CONFLICT',
  team_too_small: 'CONFLICT',
  not_in_team: 'CONFLICT',
  already_in_team: 'CONFLICT',
  not_captain: 'FORBIDDEN',
  invite_exists: 'CONFLICT',
  no_invite: 'NOT_FOUND',
  team_registered: 'CONFLICT',
  team_name_taken: 'CONFLICT',
  started: 'CONFLICT',
  captain_leaves: 'CONFLICT',
  unknown_user: 'NOT_FOUND',
};

export function teamError(
  reason: TeamReason,
  message: string = M[reason],
  details?: Record<string, string | number>,
): AppError {
  return new AppError(CODES[reason], message, { reason, details });
}

export function teamNotFound(): AppError {
  return new AppError('NOT_FOUND', M.team_not_found);
}

/** A contest as the team rules read it: the join rule's fields and the format's team sizes. */
export interface TeamContest {
  contest: JoinContest;
  settings: TTournamentSettings;
}

/** A team contest the actor may see (404 like a missing one otherwise; 409 when not in team mode). */
export async function teamContest(
  db: DbOrTx,
  actor: Pick<Actor, 'id' | 'role'>,
  contestId: number,
): Promise<TeamContest> {
  const contest = await visibleJoinContest(db, actor, contestId);
  if (contest.mode !== 'team') throw teamError('team_mode_only');
  const [row] = await db
    .select({ tournament: contests.tournament })
    .from(contests)
    .where(eq(contests.id, contestId));
  return { contest, settings: tournamentSettingsOf(row?.tournament) };
}

export interface TeamRow {
  id: number;
  contestId: number;
  name: string;
  captainId: number;
  createdAt: Date;
}

export async function readTeam(db: DbOrTx, teamId: number): Promise<TeamRow | undefined> {
  const [row] = await db
    .select({
      id: teams.id,
      contestId: teams.contestId,
      name: teams.name,
      captainId: teams.captainId,
      createdAt: teams.createdAt,
    })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row;
}

/** The contest's members in a team (state member), with who they are. */
async function membersOf(db: DbOrTx, teamId: number) {
  return db
    .select({ userId: teamMembers.userId, username: users.username })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.state, 'member')))
    .orderBy(teamMembers.id);
}

/** Members and open invitations of a team: what counts against its maximum size. */
async function seatsTaken(db: DbOrTx, teamId: number): Promise<{ members: number; all: number }> {
  const rows = await db
    .select({ state: teamMembers.state, n: count() })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId))
    .groupBy(teamMembers.state);
  const members = rows.find((r) => r.state === 'member')?.n ?? 0;
  const invited = rows.find((r) => r.state === 'invited')?.n ?? 0;
  return { members, all: members + invited };
}

async function membershipOf(db: DbOrTx, teamId: number, userId: number) {
  const [row] = await db
    .select({ id: teamMembers.id, state: teamMembers.state })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row;
}

/** The team a member belongs to in a contest (state member), if any. */
export async function teamIdOfMember(
  db: DbOrTx,
  contestId: number,
  userId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.contestId, contestId),
        eq(teamMembers.userId, userId),
        eq(teamMembers.state, 'member'),
      ),
    );
  return row?.teamId;
}

/** The team's participant row (its registration), if registered. */
export async function registrationOf(
  db: DbOrTx,
  teamId: number,
): Promise<{ id: number; userId: number } | undefined> {
  const [row] = await db
    .select({ id: cp.id, userId: cp.userId })
    .from(cp)
    .where(eq(cp.teamId, teamId));
  return row;
}

/** Whether a verified entry fee of this contest was paid by any of these members (once per team). */
export async function teamFeePaid(
  db: DbOrTx,
  contestId: number,
  memberIds: readonly number[],
): Promise<boolean> {
  if (!memberIds.length) return false;
  const [row] = await db
    .select({ id: paymentProofs.id })
    .from(paymentProofs)
    .where(
      and(
        eq(paymentProofs.contestId, contestId),
        eq(paymentProofs.purpose, 'entry_fee'),
        eq(paymentProofs.status, 'verified'),
        inArray(paymentProofs.userId, [...memberIds]),
      ),
    )
    .limit(1);
  return !!row;
}

function hasStarted(contest: JoinContest, now: number): boolean {
  return !contest.startDate || contest.startDate.getTime() <= now;
}

function assertCaptain(team: TeamRow, actor: Pick<Actor, 'id'>): void {
  if (team.captainId !== actor.id) throw teamError('not_captain');
}

/**
 * The join rule asked for a member other than the captain (TeamRole 'member'), its refusal told
 * about them when it is about them (their tier, their e-mail), as the rule says otherwise.
 */
async function memberRefusal(
  db: DbOrTx,
  contest: JoinContest,
  member: { userId: number; username: string },
  now: number,
  self: boolean,
  paidAt?: number,
): Promise<AppError | null> {
  const refusal = await joinRefusalFor({
    db,
    contest,
    userId: member.userId,
    team: 'member',
    now,
    paidAt,
  });
  if (!refusal) return null;
  if (self || (refusal.reason !== 'tier' && refusal.reason !== 'email_unverified')) {
    return refusalError(refusal);
  }
  return refusalError({
    ...refusal,
    message: memberRefusalMessage(member.username, refusal.reason, refusal.requiredTier),
  });
}

/**
 * A team of a contest under the contest's lock, read again inside the transaction: the team, its
 * contest as the rules read it, and whether it changed hands meanwhile.
 */
async function lockedTeam(
  tx: DbOrTx,
  actor: Pick<Actor, 'id' | 'role'>,
  teamId: number,
): Promise<TeamContest & { team: TeamRow }> {
  const first = await readTeam(tx, teamId);
  if (!first) throw teamNotFound();
  await lockContest(tx, first.contestId);
  const team = await readTeam(tx, teamId);
  if (!team) throw teamNotFound();
  const { contest, settings } = await teamContest(tx, actor, team.contestId).catch((error) => {
    // A team of a contest the actor may not see is as missing as the contest.
    throw error instanceof AppError && error.code === 'NOT_FOUND' ? teamNotFound() : error;
  });
  return { team, contest, settings };
}

/** Drops the caller's other open invitations of the contest once they are in a team. */
async function dropOtherInvites(tx: DbOrTx, contestId: number, userId: number, keepTeam: number) {
  await tx
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.contestId, contestId),
        eq(teamMembers.userId, userId),
        eq(teamMembers.state, 'invited'),
        ne(teamMembers.teamId, keepTeam),
      ),
    );
}

/**
 * A registered team that has fallen below the minimum size no longer takes part: its row goes
 * (the place is freed; a paid fee stays verified, so the captain may register it again).
 */
async function unregisterIfTooSmall(tx: DbOrTx, team: TeamRow, settings: TTournamentSettings) {
  const registration = await registrationOf(tx, team.id);
  if (!registration) return false;
  const { members } = await seatsTaken(tx, team.id);
  if (members >= settings.teamMin) return false;
  await removeParticipant({ db: tx, contestId: team.contestId, userId: registration.userId });
  return true;
}

async function inTransaction<T>(db: DB, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work, { behavior: 'immediate' });
  } catch (error) {
    // The unique indexes are the last word (a race the lock did not cover, another process).
    if (isUniqueViolation(error)) {
      const detail = `${error.message} ${(error as { constraint?: string }).constraint ?? ''}`;
      if (/teams_contest_name/.test(detail)) throw teamError('team_name_taken');
      throw teamError('already_in_team');
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Changes

/** Creates a team of a contest: the creator is its captain and first member. */
export async function createTeam({
  db,
  actor,
  contestId,
  name,
  now = Date.now(),
}: {
  db: DB;
  actor: Actor;
  contestId: number;
  name: string;
  now?: number;
}): Promise<number> {
  return inTransaction(db, async (tx) => {
    await lockContest(tx, contestId);
    const { contest } = await teamContest(tx, actor, contestId);
    const refusal = await memberRefusal(
      tx,
      contest,
      { userId: actor.id, username: actor.username },
      now,
      true,
    );
    if (refusal) throw refusal;
    if (await teamIdOfMember(tx, contestId, actor.id)) throw teamError('already_in_team');
    const [taken] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.contestId, contestId), equalsCaseless(teams.name, name)));
    if (taken) throw teamError('team_name_taken');
    const [team] = await tx
      .insert(teams)
      .values({ contestId, name, captainId: actor.id, createdAt: new Date(now) })
      .returning({ id: teams.id });
    await tx.insert(teamMembers).values({
      teamId: team!.id,
      contestId,
      userId: actor.id,
      state: 'member',
      invitedBy: null,
      invitedAt: new Date(now),
      joinedAt: new Date(now),
    });
    await dropOtherInvites(tx, contestId, actor.id, team!.id);
    return team!.id;
  });
}

/** The captain invites a member by username; the invitee is told (notification 'team_invite'). */
export async function inviteMember({
  db,
  actor,
  teamId,
  username,
  now = Date.now(),
}: {
  db: DB;
  actor: Actor;
  teamId: number;
  username: string;
  now?: number;
}): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { team, contest, settings } = await lockedTeam(tx, actor, teamId);
    assertCaptain(team, actor);
    const [invitee] = await tx
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(equalsCaseless(users.username, username.trim()));
    if (!invitee || invitee.role === 'banned') throw teamError('unknown_user');
    const existing = await membershipOf(tx, team.id, invitee.id);
    if (existing?.state === 'member') throw teamError('already_in_team', M.already_member);
    if (existing) throw teamError('invite_exists');
    if (await teamIdOfMember(tx, contest.id, invitee.id)) {
      throw teamError('already_in_team', M.invitee_in_team);
    }
    const refusal = await memberRefusal(
      tx,
      contest,
      { userId: invitee.id, username: invitee.username },
      now,
      false,
    );
    if (refusal) throw refusal;
    if ((await seatsTaken(tx, team.id)).all + 1 > settings.teamMax) {
      throw teamError('team_full', teamFullMessage(settings.teamMax), {
        teamMax: settings.teamMax,
      });
    }
    await tx.insert(teamMembers).values({
      teamId: team.id,
      contestId: contest.id,
      userId: invitee.id,
      state: 'invited',
      invitedBy: actor.id,
      invitedAt: new Date(now),
    });
    await notifyTeamInvite(
      tx,
      {
        userId: invitee.id,
        contestId: contest.id,
        teamName: team.name,
        captainName: actor.username,
      },
      { origin: actor.origin },
    );
  });
}

/** The invitee accepts: they become a member (their other invitations of the contest lapse). */
export async function acceptInvite({
  db,
  actor,
  teamId,
  now = Date.now(),
}: {
  db: DB;
  actor: Actor;
  teamId: number;
  now?: number;
}): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { team, contest, settings } = await lockedTeam(tx, actor, teamId);
    const invite = await membershipOf(tx, team.id, actor.id);
    if (invite?.state === 'member') throw teamError('already_in_team', M.already_in_team);
    if (!invite) throw teamError('no_invite');
    if (await teamIdOfMember(tx, contest.id, actor.id)) throw teamError('already_in_team');
    const refusal = await memberRefusal(
      tx,
      contest,
      { userId: actor.id, username: actor.username },
      now,
      true,
    );
    if (refusal) throw refusal;
    // Invitations were counted when sent; the maximum may have been lowered since.
    if ((await seatsTaken(tx, team.id)).members + 1 > settings.teamMax) {
      throw teamError('team_full', teamFullMessage(settings.teamMax), {
        teamMax: settings.teamMax,
      });
    }
    await tx
      .update(teamMembers)
      .set({ state: 'member', joinedAt: new Date(now) })
      .where(eq(teamMembers.id, invite.id));
    await dropOtherInvites(tx, contest.id, actor.id, team.id);
  });
}

/** The invitee declines: the invitation goes. */
export async function declineInvite({
  db,
  actor,
  teamId,
}: {
  db: DB;
  actor: Actor;
  teamId: number;
}): Promise<{ teamId: number; contestId: number; dissolved: boolean }> {
  return inTransaction(db, async (tx) => {
    const { team } = await lockedTeam(tx, actor, teamId);
    const invite = await membershipOf(tx, team.id, actor.id);
    if (!invite || invite.state !== 'invited') throw teamError('no_invite');
    await tx.delete(teamMembers).where(eq(teamMembers.id, invite.id));
    return { teamId, contestId: team.contestId, dissolved: false };
  });
}

/**
 * A member leaves before the start. A captain with other members hands over first; a captain
 * alone dissolves the team (and its registration).
 */
export async function leaveTeam({
  db,
  actor,
  teamId,
  now = Date.now(),
}: {
  db: DB;
  actor: Actor;
  teamId: number;
  now?: number;
}): Promise<{ teamId: number; contestId: number; dissolved: boolean }> {
  return inTransaction(db, async (tx) => {
    const { team, contest, settings } = await lockedTeam(tx, actor, teamId);
    const membership = await membershipOf(tx, team.id, actor.id);
    if (!membership || membership.state !== 'member') {
      throw teamError('not_in_team', 'You are not a member of this team.');
    }
    if (hasStarted(contest, now)) throw teamError('started');
    if (team.captainId === actor.id) {
      if ((await seatsTaken(tx, team.id)).members > 1) throw teamError('captain_leaves');
      const registration = await registrationOf(tx, team.id);
      if (registration) {
        await removeParticipant({ db: tx, contestId: contest.id, userId: registration.userId });
      }
      await tx.delete(teams).where(eq(teams.id, team.id));
      return { teamId, contestId: contest.id, dissolved: true };
    }
    await tx.delete(teamMembers).where(eq(teamMembers.id, membership.id));
    await unregisterIfTooSmall(tx, team, settings);
    return { teamId, contestId: contest.id, dissolved: false };
  });
}

/** The captain removes a member, or withdraws an invitation, before the start. */
export async function removeMember({
  db,
  actor,
  teamId,
  userId,
  now = Date.now(),
}: {
  db: DB;
  actor: Actor;
  teamId: number;
  userId: number;
  now?: number;
}): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { team, contest, settings } = await lockedTeam(tx, actor, teamId);
    assertCaptain(team, actor);
    if (userId === actor.id) throw teamError('captain_leaves');
    const membership = await membershipOf(tx, team.id, userId);
    if (!membership) throw teamError('not_in_team');
    if (hasStarted(contest, now)) throw teamError('started');
    await tx.delete(teamMembers).where(eq(teamMembers.id, membership.id));
    if (membership.state === 'member') await unregisterIfTooSmall(tx, team, settings);
  });
}

/** The captain renames the team before the start (names are unique per contest, any case). */
export async function renameTeam({
  db,
  actor,
  teamId,
  name,
  now = Date.now(),
}: {
  db: DB;
  actor: Actor;
  teamId: number;
  name: string;
  now?: number;
}): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { team, contest } = await lockedTeam(tx, actor, teamId);
    assertCaptain(team, actor);
    if (hasStarted(contest, now)) throw teamError('started');
    const [taken] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(
        and(
          eq(teams.contestId, contest.id),
          equalsCaseless(teams.name, name),
          ne(teams.id, team.id),
        ),
      );
    if (taken) throw teamError('team_name_taken');
    await tx.update(teams).set({ name }).where(eq(teams.id, team.id));
    // Boards show the team's name.
    if (await registrationOf(tx, team.id)) {
      await announceLeaderboardChanges({ db: tx, contestIds: [contest.id] });
    }
  });
}

/**
 * The captain hands the captaincy to a member before the start. A registered team's row is the
 * captain's, so it moves with the captaincy (its place, score and check-in stay).
 */
export async function transferCaptaincy({
  db,
  actor,
  teamId,
  userId,
  now = Date.now(),
}: {
  db: DB;
  actor: Actor;
  teamId: number;
  userId: number;
  now?: number;
}): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { team, contest } = await lockedTeam(tx, actor, teamId);
    assertCaptain(team, actor);
    if (userId === actor.id) return;
    const membership = await membershipOf(tx, team.id, userId);
    if (membership?.state !== 'member') throw teamError('not_in_team');
    if (hasStarted(contest, now)) throw teamError('started');
    await tx.update(teams).set({ captainId: userId }).where(eq(teams.id, team.id));
    if (await registrationOf(tx, team.id)) {
      await moveParticipant({ db: tx, contestId: contest.id, teamId: team.id, userId });
    }
  });
}

/**
 * Registers a team ready to take part (at least the minimum size, every member admitted by the
 * join rule as a person, the captain by the whole rule: place, invite code, fee) as ONE
 * participant: the captain's row carrying the team. Answers false when it is not ready.
 */
async function admitTeam(
  tx: DbOrTx,
  {
    team,
    contest,
    settings,
    captainRefusal,
    now,
    paidAt,
    origin,
    strict,
  }: {
    team: TeamRow;
    contest: JoinContest;
    settings: TTournamentSettings;
    captainRefusal: JoinRefusalInfo | null;
    now: number;
    /** A fee's review: paid while registration was open admits after the deadline (as joins). */
    paidAt?: number;
    origin?: string;
    /** Refuse with the reason (registration) rather than answer false (a fee's review). */
    strict: boolean;
  },
): Promise<boolean> {
  if (captainRefusal) {
    if (strict) throw refusalError(captainRefusal);
    return false;
  }
  const members = await membersOf(tx, team.id);
  if (members.length < settings.teamMin) {
    if (!strict) return false;
    throw teamError('team_too_small', teamTooSmallMessage(settings.teamMin), {
      teamMin: settings.teamMin,
    });
  }
  for (const member of members) {
    if (member.userId === team.captainId) continue;
    const refusal = await memberRefusal(tx, contest, member, now, false, paidAt);
    if (refusal) {
      if (strict) throw refusal;
      return false;
    }
  }
  await addParticipant({ db: tx, contestId: contest.id, userId: team.captainId, teamId: team.id });
  for (const member of members) {
    if (member.userId === team.captainId && !strict) continue;
    await notifyJoined(tx, { userId: member.userId, contestId: contest.id }, { origin });
  }
  return true;
}

/** The captain registers the team (Register on the Teams panel). */
export async function registerTeam({
  db,
  actor,
  teamId,
  inviteCode,
  limits,
  now = Date.now(),
}: {
  db: DB;
  actor: Actor;
  teamId: number;
  inviteCode?: string | null;
  /** The request's abuse limits: wrong invite codes are limited as on a join. */
  limits?: Limits;
  now?: number;
}): Promise<void> {
  // The code is the contest's: wrong ones count per contest, as a join's do.
  const contestId = limits && inviteCode ? (await readTeam(db, teamId))?.contestId : undefined;
  const guess = { limits, actor, contestId, inviteCode };
  await withInviteGuessLimit(guess, () => registerNow({ db, actor, teamId, inviteCode, now }));
}

async function registerNow({
  db,
  actor,
  teamId,
  inviteCode,
  now,
}: {
  db: DB;
  actor: Actor;
  teamId: number;
  inviteCode?: string | null;
  now: number;
}): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { team, contest, settings } = await lockedTeam(tx, actor, teamId);
    assertCaptain(team, actor);
    if (await registrationOf(tx, team.id)) throw teamError('team_registered');
    const members = await membersOf(tx, team.id);
    const captainRefusal = await joinRefusalFor({
      db: tx,
      contest,
      userId: team.captainId,
      inviteCode,
      team: 'captain',
      feeVerified: await teamFeePaid(
        tx,
        contest.id,
        members.map((m) => m.userId),
      ),
      now,
    });
    await admitTeam(tx, {
      team,
      contest,
      settings,
      captainRefusal,
      now,
      origin: actor.origin,
      strict: true,
    });
  });
}

/** Whom the join rule is asked for when this member pays a team contest's fee: its captains pay. */
export async function teamRoleFor(
  db: DbOrTx,
  contestId: number,
  userId: number,
): Promise<TeamRole | undefined> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.contestId, contestId), eq(teams.captainId, userId)));
  return row ? 'captain' : undefined;
}

/**
 * A team contest's entry fee under review (payments reviewProof, inside its transaction and the
 * contest's lock): when the payer captains a team, the join rule is asked for them as the
 * team's captain, paying; its refusal refuses the review as for anyone. Otherwise the fee is
 * verified, and the team is registered at once when it is ready (else its captain registers it
 * later: the fee counts as paid). Answers whether the team was admitted.
 */
export async function reviewTeamFee(
  tx: DbOrTx,
  {
    contest,
    payerId,
    paidAt,
    now,
    origin,
  }: { contest: JoinContest; payerId: number; paidAt: number; now: number; origin?: string },
): Promise<{ refusal: JoinRefusalInfo | null; admitted: boolean }> {
  const [team] = await tx
    .select({
      id: teams.id,
      contestId: teams.contestId,
      name: teams.name,
      captainId: teams.captainId,
      createdAt: teams.createdAt,
    })
    .from(teams)
    .where(and(eq(teams.contestId, contest.id), eq(teams.captainId, payerId)));
  if (!team) return { refusal: null, admitted: false };
  const refusal = await joinRefusalFor({
    db: tx,
    contest,
    userId: payerId,
    team: 'captain',
    paying: true,
    paidAt,
    now,
  });
  if (refusal) {
    return { refusal: refusal.reason === 'already_joined' ? null : refusal, admitted: false };
  }
  const [row] = await tx
    .select({ tournament: contests.tournament })
    .from(contests)
    .where(eq(contests.id, contest.id));
  const admitted = await admitTeam(tx, {
    team,
    contest,
    settings: tournamentSettingsOf(row?.tournament),
    captainRefusal: null,
    now,
    paidAt,
    origin,
    strict: false,
  });
  return { refusal: null, admitted };
}
