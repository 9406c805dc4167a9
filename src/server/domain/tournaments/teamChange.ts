// Team mode (issue 19 'Teams'): what every change of a team starts with. Every change is one
// transaction under the contest's lock (as joins are), so 'one team per member per contest',
// the team size and the cap hold however many act at once; the unique indexes are the last word.
import { and, ne } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { teamMembers } from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/db/dialect';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { joinRefusalFor, lockContest, refusalError, type JoinContest } from '../participation';
import { memberRefusalMessage } from '../../../shared/teams';
import { teamError, teamNotFound } from './teamErrors';
import { membershipsIn, readTeam, teamContest, type TeamContest, type TeamRow } from './teamRows';

export function hasStarted(contest: JoinContest, now: number): boolean {
  return !contest.startDate || contest.startDate.getTime() <= now;
}

/** A member as the join rule is asked about them (their name, for a refusal about them). */
export interface TeamPerson {
  userId: number;
  username: string;
}

/**
 * The join rule asked for a member other than the captain (TeamRole 'member'), its refusal told
 * about them when it is about them (their tier, their e-mail), as the rule says otherwise.
 */
export async function memberRefusal(
  db: DbOrTx,
  contest: JoinContest,
  member: TeamPerson,
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

/** Throws the join rule's refusal of a member (memberRefusal), if it refuses them. */
export async function refuseJoinRule(
  db: DbOrTx,
  contest: JoinContest,
  member: TeamPerson,
  now: number,
  self: boolean,
): Promise<void> {
  const refusal = await memberRefusal(db, contest, member, now, self);
  if (refusal) throw refusal;
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
export async function dropOtherInvites(
  tx: DbOrTx,
  contestId: number,
  userId: number,
  keepTeam: number,
) {
  await tx
    .delete(teamMembers)
    .where(and(membershipsIn(contestId, userId, 'invited'), ne(teamMembers.teamId, keepTeam)));
}

export async function inTransaction<T>(db: DB, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
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

/** What every change of an existing team is called with (`now` is the clock unless a test sets it). */
export interface TeamChangeArgs {
  db: DB;
  actor: Actor;
  teamId: number;
  now?: number;
}

/** A team read again under its contest's lock, with the transaction that holds the lock. */
export interface LockedTeam extends TeamContest {
  tx: DbOrTx;
  team: TeamRow;
}

/**
 * The preamble of every change to an existing team, written once: one transaction, the team and
 * its contest read again under the contest's lock (a team of a contest the actor may not see is
 * a 404), and for the captain's powers the captain rule (403 'not_captain' for anyone else).
 */
export async function changeTeam<T>(
  { db, actor, teamId, now = Date.now() }: TeamChangeArgs,
  who: 'captain' | 'anyone',
  work: (locked: LockedTeam & { actor: Actor; now: number }) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    const locked = await lockedTeam(tx, actor, teamId);
    if (who === 'captain' && locked.team.captainId !== actor.id) throw teamError('not_captain');
    return work({ tx, ...locked, actor, now });
  });
}
