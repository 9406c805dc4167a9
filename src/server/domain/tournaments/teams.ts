// Team mode (issue 19 'Teams'): creating a team, invitations, the captain's powers and leaving.
// Each change of an existing team starts with changeTeam (teamChange.ts: the transaction, the
// contest's lock, the captain rule). Who may take part is the join rule's to say (participation
// joinRefusalFor), asked for every member as a person (their tier, their e-mail): never copied
// here. Registering the team as ONE participant is teamRegistration.ts.
import { and, eq, ne } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { teamMembers, teams, users } from '../../platform/db/schema';
import { equalsCaseless } from '../../platform/db/dialect';
import type { Actor } from '../../platform/actor';
import { announceLeaderboardChanges } from '../../platform/events';
import { lockContest, moveParticipant, removeParticipant } from '../participation';
import { notifyTeamInvite } from '../messages';
import type { TTournamentSettings } from '../../../shared/schemas/tournaments';
import { TEAM_MESSAGES as M, teamFullMessage } from '../../../shared/teams';
import { teamError } from './teamErrors';
import {
  membershipOf,
  registrationOf,
  seatsTaken,
  teamContest,
  teamIdOfMember,
  type TeamRow,
} from './teamRows';
import {
  changeTeam,
  dropOtherInvites,
  hasStarted,
  inTransaction,
  memberRefusal,
  type TeamChangeArgs,
} from './teamChange';

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
}: TeamChangeArgs & {
  username: string;
}): Promise<void> {
  await changeTeam(db, actor, teamId, 'captain', async ({ tx, team, contest, settings }) => {
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
}: TeamChangeArgs): Promise<void> {
  await changeTeam(db, actor, teamId, 'anyone', async ({ tx, team, contest, settings }) => {
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
}: TeamChangeArgs): Promise<{ teamId: number; contestId: number; dissolved: boolean }> {
  return changeTeam(db, actor, teamId, 'anyone', async ({ tx, team }) => {
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
}: TeamChangeArgs): Promise<{ teamId: number; contestId: number; dissolved: boolean }> {
  return changeTeam(db, actor, teamId, 'anyone', async ({ tx, team, contest, settings }) => {
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
}: TeamChangeArgs & {
  userId: number;
}): Promise<void> {
  await changeTeam(db, actor, teamId, 'captain', async ({ tx, team, contest, settings }) => {
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
}: TeamChangeArgs & {
  name: string;
}): Promise<void> {
  await changeTeam(db, actor, teamId, 'captain', async ({ tx, team, contest }) => {
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
}: TeamChangeArgs & {
  userId: number;
}): Promise<void> {
  await changeTeam(db, actor, teamId, 'captain', async ({ tx, team, contest }) => {
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
