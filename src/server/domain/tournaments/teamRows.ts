// Team mode (issue 19 'Teams'): the rows the team rules read (a team, its members and open
// invitations, its registration, a paid fee), inside a change's transaction or for a read.
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import {
  contestParticipants as cp,
  contests,
  paymentProofs,
  teamMembers,
  teams,
  users,
} from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import {
  entryFeeProofs,
  visibleJoinContest,
  type JoinContest,
  type TeamRole,
} from '../participation';
import {
  tournamentSettingsOf,
  type TTournamentSettings,
} from '../../../shared/schemas/tournaments';
import { teamError } from './teamErrors';

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
  return { contest, settings: await teamSettingsOf(db, contestId) };
}

/** The format's team sizes (and the rest of its settings) of a contest. */
export async function teamSettingsOf(db: DbOrTx, contestId: number): Promise<TTournamentSettings> {
  const [row] = await db
    .select({ tournament: contests.tournament })
    .from(contests)
    .where(eq(contests.id, contestId));
  return tournamentSettingsOf(row?.tournament);
}

export interface TeamRow {
  id: number;
  contestId: number;
  name: string;
  captainId: number;
  createdAt: Date;
}

/** A team's row as the rules read it (TeamRow). */
export const teamColumns = {
  id: teams.id,
  contestId: teams.contestId,
  name: teams.name,
  captainId: teams.captainId,
  createdAt: teams.createdAt,
};

export async function readTeam(db: DbOrTx, teamId: number): Promise<TeamRow | undefined> {
  const [row] = await db.select(teamColumns).from(teams).where(eq(teams.id, teamId));
  return row;
}

/** The contest's members in a team (state member), with who they are. */
export async function membersOf(db: DbOrTx, teamId: number) {
  return db
    .select({ userId: teamMembers.userId, username: users.username })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.state, 'member')))
    .orderBy(teamMembers.id);
}

/** Members and open invitations of a team: what counts against its maximum size. */
export async function seatsTaken(
  db: DbOrTx,
  teamId: number,
): Promise<{ members: number; all: number }> {
  const rows = await db
    .select({ state: teamMembers.state, n: count() })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId))
    .groupBy(teamMembers.state);
  const members = rows.find((r) => r.state === 'member')?.n ?? 0;
  const invited = rows.find((r) => r.state === 'invited')?.n ?? 0;
  return { members, all: members + invited };
}

export async function membershipOf(db: DbOrTx, teamId: number, userId: number) {
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
    .where(membershipsIn(contestId, userId, 'member'));
  return row?.teamId;
}

/** A member's rows of a contest's teams in this state: their membership, or their invitations. */
export function membershipsIn(
  contestId: number,
  userId: number,
  state: 'member' | 'invited',
): SQL | undefined {
  return and(
    eq(teamMembers.contestId, contestId),
    eq(teamMembers.userId, userId),
    eq(teamMembers.state, state),
  );
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
    .where(entryFeeProofs(contestId, memberIds, 'verified'))
    .limit(1);
  return !!row;
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
