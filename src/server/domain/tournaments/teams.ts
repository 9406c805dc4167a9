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
  refuseJoinRule,
  type LockedTeam,
  type TeamChangeArgs,
  type TeamPerson,
} from './teamChange';
import { clearPrizeShares } from './teamPrizeShares';

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

/** A team's name is unique in its contest, in any case (`renamed`: the team being renamed). */
async function refuseTakenName(tx: DbOrTx, contestId: number, name: string, renamed?: number) {
  const sameName = and(eq(teams.contestId, contestId), equalsCaseless(teams.name, name));
  const [taken] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(renamed === undefined ? sameName : and(sameName, ne(teams.id, renamed)));
  if (taken) throw teamError('team_name_taken');
}

/** The acting member as the join rule is asked about them. */
function actorAsMember(actor: Actor): TeamPerson {
  return { userId: actor.id, username: actor.username };
}

/**
 * Refuses a person a seat in this team: already a member of a team of the contest
 * (`inTeamMessage`), refused by the join rule, or the team full once they are counted with
 * `counted` (its members and open invitations, or its members only).
 */
async function refuseSeat(
  { tx, team, contest, settings }: LockedTeam,
  person: TeamPerson,
  now: number,
  self: boolean,
  counted: 'all' | 'members',
  inTeamMessage?: string,
): Promise<void> {
  if (await teamIdOfMember(tx, contest.id, person.userId)) {
    throw teamError('already_in_team', inTeamMessage);
  }
  await refuseJoinRule(tx, contest, person, now, self);
  if ((await seatsTaken(tx, team.id))[counted] + 1 > settings.teamMax) {
    throw teamError('team_full', teamFullMessage(settings.teamMax), {
      teamMax: settings.teamMax,
    });
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
    await refuseJoinRule(tx, contest, actorAsMember(actor), now, true);
    if (await teamIdOfMember(tx, contestId, actor.id)) throw teamError('already_in_team');
    await refuseTakenName(tx, contestId, name);
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
export async function inviteMember(args: TeamChangeArgs & { username: string }): Promise<void> {
  const { username } = args;
  await changeTeam(args, 'captain', async ({ tx, team, contest, settings, actor, now }) => {
    const [invitee] = await tx
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(equalsCaseless(users.username, username.trim()));
    if (!invitee || invitee.role === 'banned') throw teamError('unknown_user');
    const existing = await membershipOf(tx, team.id, invitee.id);
    if (existing?.state === 'member') throw teamError('already_in_team', M.already_member);
    if (existing) throw teamError('invite_exists');
    const person = { userId: invitee.id, username: invitee.username };
    // Invitations hold a seat from when they are sent.
    await refuseSeat({ tx, team, contest, settings }, person, now, false, 'all', M.invitee_in_team);
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
export async function acceptInvite(args: TeamChangeArgs): Promise<void> {
  await changeTeam(args, 'anyone', async ({ tx, team, contest, settings, actor, now }) => {
    const invite = await membershipOf(tx, team.id, actor.id);
    if (invite?.state === 'member') throw teamError('already_in_team', M.already_in_team);
    if (!invite) throw teamError('no_invite');
    // Invitations were counted when sent; the maximum may have been lowered since.
    await refuseSeat({ tx, team, contest, settings }, actorAsMember(actor), now, true, 'members');
    await tx
      .update(teamMembers)
      .set({ state: 'member', joinedAt: new Date(now) })
      .where(eq(teamMembers.id, invite.id));
    await clearPrizeShares(tx, team.id);
    await dropOtherInvites(tx, contest.id, actor.id, team.id);
  });
}

/** The invitee declines: the invitation goes. */
export async function declineInvite(
  args: TeamChangeArgs,
): Promise<{ teamId: number; contestId: number; dissolved: boolean }> {
  return changeTeam(args, 'anyone', async ({ tx, team, actor }) => {
    const invite = await membershipOf(tx, team.id, actor.id);
    if (!invite || invite.state !== 'invited') throw teamError('no_invite');
    await tx.delete(teamMembers).where(eq(teamMembers.id, invite.id));
    return { teamId: team.id, contestId: team.contestId, dissolved: false };
  });
}

/**
 * A member leaves before the start. A captain with other members hands over first; a captain
 * alone dissolves the team (and its registration).
 */
export async function leaveTeam(
  args: TeamChangeArgs,
): Promise<{ teamId: number; contestId: number; dissolved: boolean }> {
  return changeTeam(args, 'anyone', async ({ tx, team, contest, settings, actor, now }) => {
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
      return { teamId: team.id, contestId: contest.id, dissolved: true };
    }
    await tx.delete(teamMembers).where(eq(teamMembers.id, membership.id));
    await clearPrizeShares(tx, team.id);
    await unregisterIfTooSmall(tx, team, settings);
    return { teamId: team.id, contestId: contest.id, dissolved: false };
  });
}

/** The captain removes a member, or withdraws an invitation, before the start. */
export async function removeMember(args: TeamChangeArgs & { userId: number }): Promise<void> {
  const { userId } = args;
  await changeTeam(args, 'captain', async ({ tx, team, contest, settings, actor, now }) => {
    if (userId === actor.id) throw teamError('captain_leaves');
    const membership = await membershipOf(tx, team.id, userId);
    if (!membership) throw teamError('not_in_team');
    if (hasStarted(contest, now)) throw teamError('started');
    await tx.delete(teamMembers).where(eq(teamMembers.id, membership.id));
    if (membership.state === 'member') {
      await clearPrizeShares(tx, team.id);
      await unregisterIfTooSmall(tx, team, settings);
    }
  });
}

/** The captain renames the team before the start (names are unique per contest, any case). */
export async function renameTeam(args: TeamChangeArgs & { name: string }): Promise<void> {
  const { name } = args;
  await changeTeam(args, 'captain', async ({ tx, team, contest, now }) => {
    if (hasStarted(contest, now)) throw teamError('started');
    await refuseTakenName(tx, contest.id, name, team.id);
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
export async function transferCaptaincy(args: TeamChangeArgs & { userId: number }): Promise<void> {
  const { userId } = args;
  await changeTeam(args, 'captain', async ({ tx, team, contest, actor, now }) => {
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
