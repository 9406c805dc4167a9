// Team mode's reads: a team's page (members, invitations, its result), the caller's team and
// invitations, a contest's teams, and the names the bracket, standings and leaderboards show
// for a registered team's participant row.
import { isRegistrationOpen } from '../../../shared/contests';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { countRows, onePage } from '../../platform/db/pages';
import {
  contestParticipants as cp,
  contests,
  teamMembers,
  teams,
  users,
} from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { tournamentSettingsOf } from '../../../shared/schemas/tournaments';
import type { TTeam, TTeamInvite, TTeamList, TTeamMember } from '../../../shared/schemas/teams';
import { contestVisibleTo, notFound, publicContest, type ContestPageArgs } from '../contests';
import { openFeeProof, rankColumn } from '../participation';
import { teamNotFound } from './teamErrors';
import { teamContest, teamFeePaid, teamIdOfMember } from './teamRows';
import { shareText } from '../../../shared/prizeShares';

type Viewer = Pick<Actor, 'id' | 'role'>;

/** participantId -> the team it stands for, for a contest's registered teams (bracket names). */
export async function teamNamesOf(
  db: DbOrTx,
  contestId: number,
): Promise<Map<number, { teamId: number; teamName: string }>> {
  const rows = await db
    .select({ participantId: cp.id, teamId: teams.id, teamName: teams.name })
    .from(cp)
    .innerJoin(teams, eq(teams.id, cp.teamId))
    .where(eq(cp.contestId, contestId));
  return new Map(rows.map((r) => [r.participantId, { teamId: r.teamId, teamName: r.teamName }]));
}

async function usernames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** A team's page as this viewer sees it (404 when they may not see its contest). */
export async function getTeam({
  db,
  viewer,
  teamId,
  now = Date.now(),
}: {
  db: DbOrTx;
  viewer: Viewer;
  teamId: number;
  now?: number;
}): Promise<TTeam> {
  const [row] = await db
    .select({
      id: teams.id,
      name: teams.name,
      captainId: teams.captainId,
      createdAt: teams.createdAt,
      contestId: contests.id,
      contestSlug: contests.slug,
      contestTitle: contests.title,
      contestStatus: contests.status,
      createdBy: contests.createdBy,
      startDate: contests.startDate,
      registrationDeadline: contests.registrationDeadline,
      endDate: contests.endDate,
      participants: contests.participants,
      scoreDecimals: contests.scoreDecimals,
      participationType: contests.participationType,
      tournament: contests.tournament,
    })
    .from(teams)
    .innerJoin(contests, eq(contests.id, teams.contestId))
    .where(and(eq(teams.id, teamId), contestVisibleTo(viewer)));
  if (!row) throw teamNotFound();
  const settings = tournamentSettingsOf(row.tournament);
  const memberRows = await db
    .select({
      userId: teamMembers.userId,
      username: users.username,
      profileImage: users.profileImage,
      state: teamMembers.state,
      invitedBy: teamMembers.invitedBy,
      invitedAt: teamMembers.invitedAt,
      joinedAt: teamMembers.joinedAt,
      prizeShare: teamMembers.prizeShare,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.id));
  const inviters = await usernames(
    db,
    memberRows.flatMap((m) => (m.invitedBy === null ? [] : [m.invitedBy])),
  );
  const members: TTeamMember[] = memberRows
    .map((m) => ({
      userId: m.userId,
      username: m.username,
      profileImage: m.profileImage,
      state: m.state,
      isCaptain: m.userId === row.captainId,
      invitedBy: m.invitedBy === null ? null : (inviters.get(m.invitedBy) ?? null),
      invitedAt: m.invitedAt,
      joinedAt: m.joinedAt,
      prizeShare: m.prizeShare === null ? null : shareText(m.prizeShare),
    }))
    // The captain first, then the members, then the open invitations (each in order of joining).
    .sort(
      (a, b) =>
        Number(b.isCaptain) - Number(a.isCaptain) ||
        Number(a.state === 'invited') - Number(b.state === 'invited'),
    );
  const memberIds = members.filter((m) => m.state === 'member').map((m) => m.userId);
  const [registration] = await db
    .select({ id: cp.id, score: cp.score, rank: rankColumn() })
    .from(cp)
    .where(eq(cp.teamId, teamId));
  const me = members.find((m) => m.userId === viewer.id);
  const isCaptain = row.captainId === viewer.id;
  // The one registration rule (the join panel and the join call read it too).
  const registrationOpen = isRegistrationOpen({ ...row, status: row.contestStatus }, now);
  const captainName = members.find((m) => m.isCaptain)?.username ?? '';
  const feePaid =
    row.participationType === 'paid' ? await teamFeePaid(db, row.contestId, memberIds) : true;
  return {
    id: row.id,
    name: row.name,
    contestId: row.contestId,
    contestSlug: row.contestSlug,
    contestTitle: row.contestTitle,
    contestStatus: row.contestStatus,
    contestStartDate: row.startDate,
    captainId: row.captainId,
    captainName,
    prizeSharesSet: members.some((m) => m.prizeShare !== null),
    createdAt: row.createdAt,
    members,
    memberCount: memberIds.length,
    teamMin: settings.teamMin,
    teamMax: settings.teamMax,
    registered: !!registration,
    result: registration
      ? {
          participantId: registration.id,
          rank: registration.rank,
          score: registration.score,
          scoreDecimals: row.scoreDecimals,
          participants: row.participants,
        }
      : null,
    viewer: {
      isCaptain,
      isMember: me?.state === 'member',
      invited: me?.state === 'invited',
    },
    canChange: !!row.startDate && row.startDate.getTime() > now,
    canRegister:
      isCaptain && !registration && memberIds.length >= settings.teamMin && registrationOpen,
    feePaid,
    // What the team's members see of an unverified fee while they wait (or may pay again).
    feeProof:
      !feePaid && me?.state === 'member' ? await openFeeProof(db, row.contestId, memberIds) : null,
    participationType: row.participationType,
  };
}

/** The caller's team in a contest (as a member), or null. */
export async function myTeam({
  db,
  viewer,
  contestId,
  now = Date.now(),
}: {
  db: DB;
  viewer: Viewer;
  contestId: number;
  now?: number;
}): Promise<TTeam | null> {
  await teamContest(db, viewer, contestId);
  const teamId = await teamIdOfMember(db, contestId, viewer.id);
  return teamId ? getTeam({ db, viewer, teamId, now }) : null;
}

const memberCount = sql<number>`(SELECT count(*) FROM team_members tm WHERE tm.team_id = ${teams.id} AND tm.state = 'member')`;

/** A contest's teams, by name. */
export async function listTeams(args: ContestPageArgs): Promise<TTeamList> {
  const { db, viewer, contestId, page, pageSize } = args;
  const { settings } = await teamContest(db, viewer, contestId);
  const where = eq(teams.contestId, contestId);
  const query = db
    .select({
      id: teams.id,
      name: teams.name,
      captainName: users.username,
      memberCount: memberCount.mapWith(Number),
      participantId: cp.id,
    })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.captainId))
    .leftJoin(cp, eq(cp.teamId, teams.id))
    .where(where)
    .orderBy(asc(teams.name), asc(teams.id))
    .$dynamic();
  const rows = await onePage(query, { page, pageSize });
  const total = await countRows(db, teams, where);
  return {
    contestId,
    teamMin: settings.teamMin,
    teamMax: settings.teamMax,
    items: rows.map(({ participantId, ...r }) => ({ ...r, registered: participantId !== null })),
    total,
    page,
    pageSize,
  };
}

/** The caller's open invitations (of one contest, or of every contest they can see). */
export async function myInvites({
  db,
  viewer,
  contestId,
}: {
  db: DB;
  viewer: Viewer;
  contestId?: number;
}): Promise<TTeamInvite[]> {
  if (contestId !== undefined) {
    const [contest] = await db
      .select({ id: contests.id })
      .from(contests)
      .where(and(eq(contests.id, contestId), contestVisibleTo(viewer)));
    if (!contest) throw notFound();
  }
  const rows = await db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      contestId: contests.id,
      contestSlug: contests.slug,
      contestTitle: contests.title,
      invitedBy: teamMembers.invitedBy,
      invitedAt: teamMembers.invitedAt,
      memberCount: memberCount.mapWith(Number),
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(contests, eq(contests.id, teamMembers.contestId))
    .where(
      and(
        eq(teamMembers.userId, viewer.id),
        eq(teamMembers.state, 'invited'),
        publicContest,
        contestId === undefined ? undefined : eq(teamMembers.contestId, contestId),
      ),
    )
    .orderBy(asc(teamMembers.invitedAt), asc(teamMembers.id))
    .limit(200);
  const inviters = await usernames(
    db,
    rows.flatMap((r) => (r.invitedBy === null ? [] : [r.invitedBy])),
  );
  return rows.map((r) => ({
    ...r,
    invitedBy: r.invitedBy === null ? null : (inviters.get(r.invitedBy) ?? null),
  }));
}
