// Team mode's procedures (issue 19 'Teams'), per role and rule: a team created (its creator the
// captain), invitations by username (captain only, one per member, the maximum size counting
// open ones), accept and decline, one team per member per contest, the join rule asked for
// every member (the tier), registration as ONE participant counted once against the cap, a paid
// contest paid once by the captain through the proof flow, the captain's changes before the
// start, and the names and places teams show with (leaderboard, bracket names, analytics).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contestParticipants,
  contests,
  notifications,
  teamMembers,
  teams,
  users,
} from '../../src/server/platform/db/schema';
import { createTeam, inviteMember } from '../../src/server/domain/tournaments/teams';
import { teamNamesOf } from '../../src/server/domain/tournaments';
import { PARTICIPATION_MESSAGES } from '../../src/shared/participation';
import { TEAM_MESSAGES as M, teamTooSmallMessage } from '../../src/shared/teams';
import { DAY, insertContest } from '../helpers/contests';
import { callerFor, createTestDb, createUser, type CreatedUser, type TestDb } from '../helpers/db';
import { failure, refusal } from '../helpers/errors';
import { configureNetwork, sendProofAs } from '../helpers/payments';
import type { Tier } from '../../src/shared/constants';
import { MSG } from '../../src/shared/messages';
import { DEFAULT_LIMITS } from '../../src/server/platform/limits';

let t: TestDb;
let admin: CreatedUser;
let moderator: CreatedUser;
beforeAll(async () => {
  t = await createTestDb();
  admin = await createUser(t.db, { role: 'admin' });
  moderator = await createUser(t.db, { role: 'moderator' });
  await configureNetwork(t.db, 'ETH');
});
afterAll(() => t?.close());

const as = (user?: CreatedUser) => callerFor(t, user).caller;
const actorOf = (u: CreatedUser) => ({ id: u.id, username: u.username, role: u.role });

async function member(tier: Tier = 'free') {
  return createUser(t.db, { tier });
}

/** A team contest (team sizes 2..3 unless given), active, starting in a week. */
async function teamContest(
  values: Partial<Parameters<typeof insertContest>[1]> & {
    teamMin?: number;
    teamMax?: number;
  } = {},
) {
  const { teamMin = 2, teamMax = 3, ...rest } = values;
  return insertContest(t.db, {
    createdBy: admin.id,
    status: 'active',
    mode: 'team',
    format: 'knockout',
    tournament: { teamMin, teamMax },
    ...rest,
  });
}

/** A team of `size` members (the captain first), all accepted. */
async function fullTeam(contestId: number, size: number, name = `Team ${Math.random()}`) {
  const people = [await member()];
  const team = await as(people[0]).teams.create({ contestId, name });
  for (let i = 1; i < size; i++) {
    const p = await member();
    people.push(p);
    await as(people[0]).teams.invite({ teamId: team.id, username: p.username });
    await as(p).teams.accept({ teamId: team.id });
  }
  return { team, captain: people[0]!, people };
}

async function participantRows(contestId: number) {
  return t.db
    .select({ userId: contestParticipants.userId, teamId: contestParticipants.teamId })
    .from(contestParticipants)
    .where(eq(contestParticipants.contestId, contestId));
}

describe('teams.create', () => {
  it('makes the creator captain and first member', async () => {
    const contest = await teamContest();
    const captain = await member();
    const team = await as(captain).teams.create({ contestId: contest.id, name: '  Night Owls ' });
    expect(team).toMatchObject({
      name: 'Night Owls',
      contestId: contest.id,
      captainId: captain.id,
      captainName: captain.username,
      memberCount: 1,
      registered: false,
      teamMin: 2,
      teamMax: 3,
      viewer: { isCaptain: true, isMember: true, invited: false },
      canRegister: false,
    });
    expect(team.members).toEqual([
      expect.objectContaining({ userId: captain.id, state: 'member', isCaptain: true }),
    ]);
    expect(await as(captain).teams.mine({ contestId: contest.id })).toMatchObject({ id: team.id });
  });

  it('answers 409 team_mode_only on an individual contest', async () => {
    const contest = await insertContest(t.db, { createdBy: admin.id, status: 'active' });
    expect(
      await refusal(as(await member()).teams.create({ contestId: contest.id, name: 'Solo' })),
    ).toEqual({ code: 'CONFLICT', message: M.team_mode_only, reason: 'team_mode_only' });
  });

  it('refuses a second team of the same member, and a name taken in any case', async () => {
    const contest = await teamContest();
    const captain = await member();
    await as(captain).teams.create({ contestId: contest.id, name: 'Red Foxes' });
    expect(
      await refusal(as(captain).teams.create({ contestId: contest.id, name: 'Other' })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'already_in_team' });
    expect(
      await refusal(as(await member()).teams.create({ contestId: contest.id, name: 'RED FOXES' })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'team_name_taken' });
  });

  it('refuses a name too short, a hidden contest (404), and anonymous callers (401)', async () => {
    const contest = await teamContest();
    expect(
      await failure(as(await member()).teams.create({ contestId: contest.id, name: 'x' })),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Team name must be at least 2 characters' });
    const pending = await teamContest({ status: 'pending' });
    expect(
      (await failure(as(await member()).teams.create({ contestId: pending.id, name: 'Hidden' })))
        .code,
    ).toBe('NOT_FOUND');
    expect((await failure(as().teams.create({ contestId: contest.id, name: 'Nobody' }))).code).toBe(
      'UNAUTHORIZED',
    );
  });

  it('lets moderators and admins found a team like any member', async () => {
    const contest = await teamContest();
    for (const who of [moderator, admin]) {
      const team = await as(who).teams.create({ contestId: contest.id, name: `By ${who.role}` });
      expect(team.captainId).toBe(who.id);
    }
  });

  it('asks the join rule for the founder: the contest tier', async () => {
    const contest = await teamContest({ requiredTier: 'pro' });
    expect(
      await refusal(as(await member('free')).teams.create({ contestId: contest.id, name: 'Low' })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'tier' });
  });
});

describe('teams.invite, accept and decline', () => {
  it('invites by username (any case), tells the invitee, who accepts', async () => {
    const contest = await teamContest();
    const captain = await member();
    const invitee = await member();
    const team = await as(captain).teams.create({ contestId: contest.id, name: 'Invitees' });
    const after = await as(captain).teams.invite({
      teamId: team.id,
      username: invitee.username.toUpperCase(),
    });
    expect(after.members.map((m) => [m.username, m.state, m.invitedBy])).toEqual([
      [captain.username, 'member', null],
      [invitee.username, 'invited', captain.username],
    ]);
    const [notice] = await t.db
      .select({ kind: notifications.kind, link: notifications.link, title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, invitee.id), eq(notifications.kind, 'team_invite')));
    expect(notice).toEqual({
      kind: 'team_invite',
      title: 'Team invitation: Invitees',
      link: `/contests/${contest.slug}#teams`,
    });
    expect(await as(invitee).teams.invites({})).toEqual([
      expect.objectContaining({
        teamId: team.id,
        teamName: 'Invitees',
        contestId: contest.id,
        invitedBy: captain.username,
        memberCount: 1,
      }),
    ]);
    const accepted = await as(invitee).teams.accept({ teamId: team.id });
    expect(accepted).toMatchObject({
      memberCount: 2,
      viewer: { isMember: true, isCaptain: false },
    });
    expect(await as(invitee).teams.invites({ contestId: contest.id })).toEqual([]);
  });

  it('answers 403 not_captain to a member who is not the captain, 404 to an unknown name', async () => {
    const contest = await teamContest();
    const { team, people } = await fullTeam(contest.id, 2);
    expect(
      await refusal(
        as(people[1]).teams.invite({ teamId: team.id, username: (await member()).username }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: M.not_captain, reason: 'not_captain' });
    expect(
      await refusal(as(people[0]).teams.invite({ teamId: team.id, username: 'nobody_by_that' })),
    ).toEqual({ code: 'NOT_FOUND', message: M.unknown_user, reason: 'unknown_user' });
  });

  it('answers invite_exists, and team_full when members and open invitations reach the maximum', async () => {
    const contest = await teamContest({ teamMax: 2 });
    const captain = await member();
    const first = await member();
    const team = await as(captain).teams.create({ contestId: contest.id, name: 'Two Max' });
    await as(captain).teams.invite({ teamId: team.id, username: first.username });
    expect(
      await refusal(as(captain).teams.invite({ teamId: team.id, username: first.username })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'invite_exists' });
    expect(
      await refusal(
        as(captain).teams.invite({ teamId: team.id, username: (await member()).username }),
      ),
    ).toMatchObject({ code: 'CONFLICT', reason: 'team_full', details: { teamMax: 2 } });
    // Declining frees the seat.
    expect(await as(first).teams.decline({ teamId: team.id })).toEqual({
      teamId: team.id,
      contestId: contest.id,
      dissolved: false,
    });
    await as(captain).teams.invite({ teamId: team.id, username: (await member()).username });
  });

  it('keeps a member in one team per contest', async () => {
    const contest = await teamContest();
    const a = await fullTeam(contest.id, 2, 'Alpha');
    const bCaptain = await member();
    const b = await as(bCaptain).teams.create({ contestId: contest.id, name: 'Beta' });
    // A member of Alpha cannot be invited to Beta...
    expect(
      await refusal(as(bCaptain).teams.invite({ teamId: b.id, username: a.people[1]!.username })),
    ).toEqual({ code: 'CONFLICT', message: M.invitee_in_team, reason: 'already_in_team' });
    // ...and an invitee of both who accepted one cannot accept the other (that one lapsed).
    const both = await member();
    const cCaptain = await member();
    const c = await as(cCaptain).teams.create({ contestId: contest.id, name: 'Gamma' });
    await as(bCaptain).teams.invite({ teamId: b.id, username: both.username });
    await as(cCaptain).teams.invite({ teamId: c.id, username: both.username });
    await as(both).teams.accept({ teamId: b.id });
    expect(await refusal(as(both).teams.accept({ teamId: c.id }))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'no_invite',
    });
    const rows = await t.db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(and(eq(teamMembers.contestId, contest.id), eq(teamMembers.userId, both.id)));
    expect(rows).toEqual([{ teamId: b.id }]);
  });

  it('asks the join rule for each invitee: a member below the tier is refused by name', async () => {
    const contest = await teamContest({ requiredTier: 'pro' });
    const captain = await member('pro');
    const low = await member('free');
    const team = await as(captain).teams.create({ contestId: contest.id, name: 'Pros' });
    expect(
      await refusal(as(captain).teams.invite({ teamId: team.id, username: low.username })),
    ).toEqual({
      code: 'FORBIDDEN',
      message: `${low.username} cannot take part: this contest is open to Pro members and above.`,
      reason: 'tier',
      details: { requiredTier: 'pro' },
    });
    // Invited while their tier was enough, then dropped: their own accept is refused in their words.
    const dropping = await member('pro');
    await as(captain).teams.invite({ teamId: team.id, username: dropping.username });
    await t.db.update(users).set({ subscriptionTier: 'free' }).where(eq(users.id, dropping.id));
    expect(await refusal(as(dropping).teams.accept({ teamId: team.id }))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'tier',
    });
  });

  it('answers no_invite to an accept without an invitation', async () => {
    const contest = await teamContest();
    const { team } = await fullTeam(contest.id, 1);
    expect(await refusal(as(await member()).teams.accept({ teamId: team.id }))).toEqual({
      code: 'NOT_FOUND',
      message: M.no_invite,
      reason: 'no_invite',
    });
  });
});

describe('teams.register', () => {
  it('answers team_too_small below the minimum, not_captain to a member', async () => {
    const contest = await teamContest({ teamMin: 3 });
    const { team, people } = await fullTeam(contest.id, 2);
    expect(await refusal(as(people[0]).teams.register({ teamId: team.id }))).toEqual({
      code: 'CONFLICT',
      message: teamTooSmallMessage(3),
      reason: 'team_too_small',
      details: { teamMin: 3 },
    });
    expect(await refusal(as(people[1]).teams.register({ teamId: team.id }))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'not_captain',
    });
    expect(await participantRows(contest.id)).toEqual([]);
  });

  it('limits wrong invite codes as a join does: 429 past them, even to the right code', async () => {
    const contest = await teamContest({ participationType: 'invite', inviteCode: 'Team-Door' });
    const { team, captain } = await fullTeam(contest.id, 2);
    for (let i = 0; i < DEFAULT_LIMITS.inviteGuessesPerMember; i++) {
      expect(
        (await refusal(as(captain).teams.register({ teamId: team.id, inviteCode: `no-${i}` })))
          .reason,
      ).toBe('invite_wrong');
    }
    expect(
      await refusal(as(captain).teams.register({ teamId: team.id, inviteCode: 'Team-Door' })),
    ).toEqual({ code: 'TOO_MANY_REQUESTS', message: MSG.tooManyInviteCodes });
    expect(await participantRows(contest.id)).toEqual([]);
    // Another team's captain, who guessed nothing, registers with the right code.
    const other = await fullTeam(contest.id, 2);
    await as(other.captain).teams.register({ teamId: other.team.id, inviteCode: 'Team-Door' });
    expect(await participantRows(contest.id)).toHaveLength(1);
  });

  it('registers the team as ONE participant (the captain, with the team), counted once', async () => {
    const contest = await teamContest({ maxParticipants: 1 });
    const { team, captain, people } = await fullTeam(contest.id, 3, 'Once');
    const registered = await as(captain).teams.register({ teamId: team.id });
    expect(registered).toMatchObject({ registered: true, canRegister: false });
    expect(await participantRows(contest.id)).toEqual([{ userId: captain.id, teamId: team.id }]);
    const [stored] = await t.db
      .select({ participants: contests.participants })
      .from(contests)
      .where(eq(contests.id, contest.id));
    expect(stored!.participants).toBe(1);
    // Every member was told they take part.
    for (const p of people) {
      const joined = await t.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, p.id), eq(notifications.kind, 'contest_joined')));
      expect(joined).toHaveLength(1);
    }
    expect(await refusal(as(captain).teams.register({ teamId: team.id }))).toMatchObject({
      reason: 'team_registered',
    });
    // The cap counts teams: a second team finds the contest full.
    const other = await fullTeam(contest.id, 2, 'Too late');
    expect(await refusal(as(other.captain).teams.register({ teamId: other.team.id }))).toEqual({
      code: 'CONFLICT',
      message: PARTICIPATION_MESSAGES.full,
      reason: 'full',
    });
    // Bracket names: the participant row stands for the team.
    const [row] = await t.db
      .select({ id: contestParticipants.id })
      .from(contestParticipants)
      .where(eq(contestParticipants.contestId, contest.id));
    expect(await teamNamesOf(t.db, contest.id)).toEqual(
      new Map([[row!.id, { teamId: team.id, teamName: 'Once' }]]),
    );
  });

  it('refuses registration when a member no longer meets the tier, naming them', async () => {
    const contest = await teamContest({ requiredTier: 'standard' });
    const captain = await member('standard');
    const mate = await member('standard');
    const team = await as(captain).teams.create({ contestId: contest.id, name: 'Tiered' });
    await as(captain).teams.invite({ teamId: team.id, username: mate.username });
    await as(mate).teams.accept({ teamId: team.id });
    await t.db.update(users).set({ subscriptionTier: 'free' }).where(eq(users.id, mate.id));
    expect(await refusal(as(captain).teams.register({ teamId: team.id }))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'tier',
      message: `${mate.username} cannot take part: this contest is open to Standard members and above.`,
    });
    expect(await participantRows(contest.id)).toEqual([]);
  });

  it('refuses a member joining a team contest alone (team_only)', async () => {
    const contest = await teamContest();
    expect(await refusal(as(await member()).participation.join({ contestId: contest.id }))).toEqual(
      { code: 'CONFLICT', message: PARTICIPATION_MESSAGES.team_only, reason: 'team_only' },
    );
  });
});

describe('a paid team contest', () => {
  it('is paid once, by the captain: the verified proof registers the team', async () => {
    const contest = await teamContest({ participationType: 'paid', entryFee: '40' });
    const { team, captain, people } = await fullTeam(contest.id, 2, 'Payers');
    // Registering before paying: 402's reason.
    expect(await refusal(as(captain).teams.register({ teamId: team.id }))).toMatchObject({
      reason: 'fee_unverified',
    });
    // A member who is not the captain is not the one to pay.
    const options = await as(people[1]).payments.options({ contestId: contest.id });
    expect(options.refusal).toMatchObject({ reason: 'team_only' });
    expect((await as(captain).payments.options({ contestId: contest.id })).refusal).toBeNull();
    const proof = await sendProofAs(t, captain, { contestId: contest.id });
    // While it waits, the team's members read its state on the team panel (not outsiders).
    for (const who of [captain, people[1]!]) {
      expect(await as(who).teams.mine({ contestId: contest.id })).toMatchObject({
        feePaid: false,
        feeProof: { id: proof.id, status: 'pending', reason: null },
      });
    }
    expect((await as(await member()).teams.get({ teamId: team.id })).feeProof).toBeNull();
    await as(moderator).payments.review({ id: proof.id, status: 'verified' });
    expect(await participantRows(contest.id)).toEqual([{ userId: captain.id, teamId: team.id }]);
    expect((await as(captain).teams.mine({ contestId: contest.id }))?.feeProof).toBeNull();
    expect(await as(people[1]).teams.mine({ contestId: contest.id })).toMatchObject({
      registered: true,
      feePaid: true,
    });
  });

  it('keeps a fee verified for a team not ready yet; its captain registers it later without paying again', async () => {
    const contest = await teamContest({ participationType: 'paid', entryFee: '40' });
    const { team, captain } = await fullTeam(contest.id, 1, 'Early payers');
    const proof = await sendProofAs(t, captain, { contestId: contest.id });
    await as(moderator).payments.review({ id: proof.id, status: 'verified' });
    expect(await participantRows(contest.id)).toEqual([]);
    const mate = await member();
    await as(captain).teams.invite({ teamId: team.id, username: mate.username });
    await as(mate).teams.accept({ teamId: team.id });
    // The captaincy changes hands: the fee paid by the former captain still counts.
    await as(captain).teams.transferCaptain({ teamId: team.id, userId: mate.id });
    await as(mate).teams.register({ teamId: team.id });
    expect(await participantRows(contest.id)).toEqual([{ userId: mate.id, teamId: team.id }]);
  });
});

describe("the captain's changes and leaving", () => {
  it('renames (name unique per contest), removes a member, hands over the captaincy', async () => {
    const contest = await teamContest();
    await fullTeam(contest.id, 1, 'Taken');
    const { team, captain, people } = await fullTeam(contest.id, 3, 'Before');
    expect(
      await refusal(as(captain).teams.rename({ teamId: team.id, name: 'taken' })),
    ).toMatchObject({ reason: 'team_name_taken' });
    expect(
      await refusal(as(people[1]).teams.rename({ teamId: team.id, name: 'X1' })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'not_captain' });
    expect((await as(captain).teams.rename({ teamId: team.id, name: 'After' })).name).toBe('After');
    await as(captain).teams.register({ teamId: team.id });
    const removed = await as(captain).teams.removeMember({
      teamId: team.id,
      userId: people[2]!.id,
    });
    expect(removed.memberCount).toBe(2);
    expect(removed.registered).toBe(true);
    const handed = await as(captain).teams.transferCaptain({
      teamId: team.id,
      userId: people[1]!.id,
    });
    expect(handed).toMatchObject({ captainId: people[1]!.id, viewer: { isCaptain: false } });
    // The registered row moved with the captaincy.
    expect(await participantRows(contest.id)).toEqual([{ userId: people[1]!.id, teamId: team.id }]);
    // The former captain leaves; the team is now below the minimum: no longer registered.
    expect(await as(captain).teams.leave({ teamId: team.id })).toMatchObject({ dissolved: false });
    expect(await participantRows(contest.id)).toEqual([]);
  });

  it('a captain with members hands over before leaving; alone, leaving dissolves the team', async () => {
    const contest = await teamContest();
    const { team, captain, people } = await fullTeam(contest.id, 2);
    expect(await refusal(as(captain).teams.leave({ teamId: team.id }))).toEqual({
      code: 'CONFLICT',
      message: M.captain_leaves,
      reason: 'captain_leaves',
    });
    await as(people[1]).teams.leave({ teamId: team.id });
    expect(await as(captain).teams.leave({ teamId: team.id })).toEqual({
      teamId: team.id,
      contestId: contest.id,
      dissolved: true,
    });
    expect(await t.db.select().from(teams).where(eq(teams.id, team.id))).toEqual([]);
  });

  it('answers 409 started once the contest has begun', async () => {
    const past = Date.now() - 2 * DAY;
    const contest = await teamContest({
      registrationDeadline: new Date(past - DAY),
      startDate: new Date(Date.now() - DAY),
      endDate: new Date(Date.now() + 5 * DAY),
    });
    const captain = await member();
    const mate = await member();
    // Built while registration was open (the domain functions take the time).
    const teamId = await createTeam({
      db: t.db,
      actor: actorOf(captain),
      contestId: contest.id,
      name: 'Late',
      now: past - 2 * DAY,
    });
    await inviteMember({
      db: t.db,
      actor: actorOf(captain),
      teamId,
      username: mate.username,
      now: past - 2 * DAY,
    });
    // One at a time: calls started together and awaited in turn leave a refusal unhandled
    // meanwhile (vitest counts it as an error).
    for (const call of [
      () => as(captain).teams.rename({ teamId, name: 'Later' }),
      () => as(captain).teams.removeMember({ teamId, userId: mate.id }),
      () => as(captain).teams.leave({ teamId }),
    ]) {
      expect(await refusal(call())).toMatchObject({ code: 'CONFLICT', reason: 'started' });
    }
    // Registration closed too: the join rule's word.
    expect(await refusal(as(mate).teams.accept({ teamId }))).toMatchObject({ reason: 'closed' });
  });
});

describe('teams on boards and in analytics', () => {
  it("names the teams in a team knockout's bracket and next match", async () => {
    const contest = await teamContest({ maxParticipants: 4 });
    const red = await fullTeam(contest.id, 2, 'Red Rooks');
    const blue = await fullTeam(contest.id, 2, 'Blue Bishops');
    for (const side of [red, blue]) await as(side.captain).teams.register({ teamId: side.team.id });
    // Registration closes; the organiser generates.
    await t.db
      .update(contests)
      .set({ registrationDeadline: new Date(Date.now() - 1000) })
      .where(eq(contests.id, contest.id));
    await as(admin).tournaments.generate({ contestId: contest.id, seeding: 'random' });
    const bracket = await as(red.people[1]).tournaments.bracket({ contestId: contest.id });
    const [final] = bracket.stages.flatMap((st) =>
      st.groups.flatMap((g) => g.rounds.flatMap((r) => r.matches)),
    );
    expect(final!.participants.map((p) => [p?.name, p?.teamId]).sort()).toEqual(
      [
        ['Blue Bishops', blue.team.id],
        ['Red Rooks', red.team.id],
      ].sort(),
    );
    // Every member of a team sees the team's next match, not only its captain.
    for (const who of [blue.captain, blue.people[1]!]) {
      const next = await as(who).tournaments.nextMatchIn({ contestId: contest.id });
      expect(next?.participants.map((p) => p?.name).sort()).toEqual(['Blue Bishops', 'Red Rooks']);
      expect((await as(who).tournaments.nextMatch())?.contestId).toBe(contest.id);
    }
  });

  it("shows a registered team by name on the leaderboard, and counts it in a member's analytics", async () => {
    const contest = await teamContest();
    const { team, captain, people } = await fullTeam(contest.id, 2, 'Board Team');
    await as(captain).teams.register({ teamId: team.id });
    await as(admin).leaderboard.setScores({
      contestId: contest.id,
      scores: [{ username: captain.username, score: 50 }],
    });
    const board = await as(people[1]).leaderboard.get({ contestId: contest.id });
    expect(board.entries).toEqual([
      expect.objectContaining({ rank: 1, teamId: team.id, teamName: 'Board Team', score: 50 }),
    ]);
    // The member's own place is their team's.
    expect(board.me).toEqual({ rank: 1, score: 50, teamId: team.id });
    const stats = await as(people[1]).me.analytics();
    expect(stats.joined).toBe(1);
    const list = await as(people[1]).teams.list({ contestId: contest.id });
    expect(list.items).toEqual([
      {
        id: team.id,
        name: 'Board Team',
        captainName: captain.username,
        memberCount: 2,
        registered: true,
      },
    ]);
    expect((await as(people[1]).teams.get({ teamId: team.id })).result).toMatchObject({
      rank: 1,
      score: 50,
      participants: 1,
    });
  });
});
