// Team mode over real HTTP (issue 19's contract: POST /api/contests/{id}/teams { name },
// POST /api/teams/{id}/invites { username }, POST /api/teams/{id}/accept, GET
// /api/contests/{id}/teams, and the rows beside them): each refusal's status with SPEC 8's body
// and its reason (team_full, team_too_small, not_captain, already_in_team, tier), registration
// as ONE participant counted once against the cap (also when many teams register at once), and
// a paid contest paid once, by the captain, through the proof flow.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestParticipants, contests } from '../../src/server/platform/db/schema';
import { PARTICIPATION_MESSAGES } from '../../src/shared/participation';
import { TEAM_MESSAGES as M, teamFullMessage, teamTooSmallMessage } from '../../src/shared/teams';
import { PRIZE_SHARE_MESSAGES } from '../../src/shared/prizeShares';
import type { Tier } from '../../src/shared/constants';
import { clientFor } from '../helpers/accounts';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { SENDER, configureNetwork, txHash } from '../helpers/payments';
import { startTestServer, type HttpClient, type TestServer } from '../helpers/server';

let s: TestServer;
let admin: CreatedUser;
let moderatorHttp: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  admin = await createUser(s.db, { role: 'admin' });
  moderatorHttp = await clientFor(s, (await createUser(s.db, { role: 'moderator' })).id);
  await configureNetwork(s.db, 'ETH');
});
afterAll(() => s?.stop());

interface Person {
  user: CreatedUser;
  http: HttpClient;
}
async function person(tier: Tier = 'free'): Promise<Person> {
  const user = await createUser(s.db, { tier });
  return { user, http: await clientFor(s, user.id) };
}

function teamContest(
  values: Partial<Parameters<typeof insertContest>[1]> & {
    teamMin?: number;
    teamMax?: number;
  } = {},
) {
  const { teamMin = 2, teamMax = 3, ...rest } = values;
  return insertContest(s.db, {
    createdBy: admin.id,
    status: 'active',
    mode: 'team',
    tournament: { teamMin, teamMax },
    ...rest,
  });
}

/** A team founded over REST with `size` members who accepted. */
async function team(contestId: number, size: number, name: string) {
  const captain = await person();
  const created = await captain.http.post(`/api/contests/${contestId}/teams`, { name });
  expect(created.status).toBe(201);
  const id = created.json.id as number;
  const members = [captain];
  for (let i = 1; i < size; i++) {
    const p = await person();
    expect(
      (await captain.http.post(`/api/teams/${id}/invites`, { username: p.user.username })).status,
    ).toBe(201);
    expect((await p.http.post(`/api/teams/${id}/accept`)).status).toBe(200);
    members.push(p);
  }
  return { id, captain, members };
}

async function rowsOf(contestId: number) {
  return s.db
    .select({ userId: contestParticipants.userId, teamId: contestParticipants.teamId })
    .from(contestParticipants)
    .where(eq(contestParticipants.contestId, contestId));
}

describe('POST /api/contests/{id}/teams', () => {
  it('answers 201 with the team, its founder captain; 409 on an individual contest', async () => {
    const contest = await teamContest();
    const founder = await person();
    const res = await founder.http.post(`/api/contests/${contest.id}/teams`, { name: 'Comets' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Comets',
      contestId: contest.id,
      captainId: founder.user.id,
      memberCount: 1,
      registered: false,
    });
    expect(typeof res.json.createdAt).toBe('string');
    const solo = await insertContest(s.db, { createdBy: admin.id, status: 'active' });
    const refused = await founder.http.post(`/api/contests/${solo.id}/teams`, { name: 'Comets' });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      message: M.team_mode_only,
      code: 'CONFLICT',
      reason: 'team_mode_only',
    });
    const empty = await founder.http.post(`/api/contests/${contest.id}/teams`, {});
    expect([empty.status, empty.json.message]).toEqual([400, 'Team name is required']);
  });

  it('answers 409 already_in_team to a member of another team of the contest', async () => {
    const contest = await teamContest();
    const first = await team(contest.id, 2, 'First');
    const res = await first.members[1]!.http.post(`/api/contests/${contest.id}/teams`, {
      name: 'Second',
    });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ reason: 'already_in_team', message: M.already_in_team });
  });
});

describe('GET /api/contests/{id}/teams', () => {
  it('lists the teams by name with their size and registration, the total in X-Total-Count', async () => {
    const contest = await teamContest();
    const b = await team(contest.id, 2, 'Bravo');
    await team(contest.id, 1, 'Alpha');
    expect((await b.captain.http.post(`/api/teams/${b.id}/register`)).status).toBe(200);
    const res = await b.captain.http.get(`/api/contests/${contest.id}/teams`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(res.json).toEqual([
      expect.objectContaining({ name: 'Alpha', memberCount: 1, registered: false }),
      expect.objectContaining({ name: 'Bravo', memberCount: 2, registered: true }),
    ]);
    const mine = await b.members[1]!.http.get(`/api/contests/${contest.id}/teams/mine`);
    expect(mine.json).toMatchObject({ id: b.id, viewer: { isMember: true, isCaptain: false } });
  });
});

describe('POST /api/teams/{id}/invites, accept and decline', () => {
  it('invites (201), refuses the non-captain (403), a full team (409) and an unknown name (404)', async () => {
    const contest = await teamContest({ teamMax: 2 });
    const t = await team(contest.id, 1, 'Pair');
    const invitee = await person();
    const other = await person();
    const invited = await t.captain.http.post(`/api/teams/${t.id}/invites`, {
      username: invitee.user.username,
    });
    expect(invited.status).toBe(201);
    const notCaptain = await invitee.http.post(`/api/teams/${t.id}/invites`, {
      username: other.user.username,
    });
    expect(notCaptain.status).toBe(403);
    expect(notCaptain.json).toEqual({
      message: M.not_captain,
      code: 'FORBIDDEN',
      reason: 'not_captain',
    });
    const full = await t.captain.http.post(`/api/teams/${t.id}/invites`, {
      username: other.user.username,
    });
    expect(full.status).toBe(409);
    expect(full.json).toEqual({
      message: teamFullMessage(2),
      code: 'CONFLICT',
      reason: 'team_full',
      details: { teamMax: 2 },
    });
    const unknown = await t.captain.http.post(`/api/teams/${t.id}/invites`, {
      username: 'nobody_here_at_all',
    });
    expect([unknown.status, unknown.json.reason]).toEqual([404, 'unknown_user']);
    // The invitee sees the invitation, declines it; a second decline has nothing to decline.
    const invites = await invitee.http.get('/api/teams/invites');
    expect(invites.json).toEqual([expect.objectContaining({ teamId: t.id, teamName: 'Pair' })]);
    expect((await invitee.http.post(`/api/teams/${t.id}/decline`)).status).toBe(200);
    const again = await invitee.http.post(`/api/teams/${t.id}/decline`);
    expect([again.status, again.json.reason]).toEqual([404, 'no_invite']);
    // Accepting an invitation after joining another team of the contest: 409.
    const second = await team(contest.id, 1, 'Other pair');
    await second.captain.http.post(`/api/teams/${second.id}/invites`, {
      username: other.user.username,
    });
    await t.captain.http.post(`/api/teams/${t.id}/invites`, { username: other.user.username });
    expect((await other.http.post(`/api/teams/${second.id}/accept`)).status).toBe(200);
    const third = await other.http.post(`/api/teams/${t.id}/accept`);
    expect(third.status).toBe(404);
  });

  it('asks the join rule for every member: an invitee below the required tier is 403', async () => {
    const contest = await teamContest({ requiredTier: 'elite' });
    const captain = await person('elite');
    const created = await captain.http.post(`/api/contests/${contest.id}/teams`, {
      name: 'Elites',
    });
    const low = await person('pro');
    const res = await captain.http.post(`/api/teams/${created.json.id}/invites`, {
      username: low.user.username,
    });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      message: `${low.user.username} cannot take part: this contest is open to Elite members and above.`,
      code: 'FORBIDDEN',
      reason: 'tier',
      details: { requiredTier: 'elite' },
    });
  });
});

describe('POST /api/teams/{id}/register', () => {
  it('answers 409 team_too_small below the minimum size', async () => {
    const contest = await teamContest({ teamMin: 3 });
    const t = await team(contest.id, 2, 'Almost');
    const res = await t.captain.http.post(`/api/teams/${t.id}/register`);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      message: teamTooSmallMessage(3),
      code: 'CONFLICT',
      reason: 'team_too_small',
      details: { teamMin: 3 },
    });
    expect(await rowsOf(contest.id)).toEqual([]);
  });

  it('registers ONE participant per team; of many registering at once, the cap admits that many', async () => {
    const contest = await teamContest({ maxParticipants: 3 });
    const squads = [];
    for (let i = 0; i < 8; i++) squads.push(await team(contest.id, 2, `Squad ${i}`));
    const answers = await Promise.all(
      squads.map((t) => t.captain.http.post(`/api/teams/${t.id}/register`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.json).toMatchObject({ reason: 'full', message: PARTICIPATION_MESSAGES.full });
    }
    const rows = await rowsOf(contest.id);
    expect(rows).toHaveLength(3);
    // Each row is a captain's, carrying their team.
    for (const row of rows) {
      const squad = squads.find((t) => t.id === row.teamId)!;
      expect(row.userId).toBe(squad.captain.user.id);
    }
    const [stored] = await s.db
      .select({ participants: contests.participants })
      .from(contests)
      .where(eq(contests.id, contest.id));
    expect(stored!.participants).toBe(3);
    // A member cannot join alone beside the teams.
    const alone = await squads[0]!.members[1]!.http.post(`/api/contests/${contest.id}/join`);
    expect([alone.status, alone.json.reason]).toEqual([409, 'team_only']);
  });

  it('takes a paid contest’s fee once, from the captain: the verified proof registers the team', async () => {
    const contest = await teamContest({ participationType: 'paid', entryFee: '30' });
    const t = await team(contest.id, 2, 'Paying');
    const early = await t.captain.http.post(`/api/teams/${t.id}/register`);
    expect([early.status, early.json.reason]).toEqual([402, 'fee_unverified']);
    // The member who is not the captain is not the one to pay.
    const byMember = await t.members[1]!.http.post('/api/payments/proofs', {
      contestId: contest.id,
      network: 'ETH',
      txHash: txHash(),
      senderAddress: SENDER,
    });
    expect([byMember.status, byMember.json.reason]).toEqual([409, 'team_only']);
    const proof = await t.captain.http.post('/api/payments/proofs', {
      contestId: contest.id,
      network: 'ETH',
      txHash: txHash(),
      senderAddress: SENDER,
    });
    expect(proof.status).toBe(201);
    const review = await moderatorHttp.patch(`/api/payments/proofs/${proof.json.id}`, {
      status: 'verified',
    });
    expect(review.status).toBe(200);
    expect(await rowsOf(contest.id)).toEqual([{ userId: t.captain.user.id, teamId: t.id }]);
    const page = await t.members[1]!.http.get(`/api/teams/${t.id}`);
    expect(page.json).toMatchObject({ registered: true, feePaid: true });
  });
});

describe("the captain's rows and leaving", () => {
  it('renames (PATCH), removes (DELETE), hands over (PUT captain) and leaves (POST leave)', async () => {
    const contest = await teamContest();
    const t = await team(contest.id, 3, 'Rowers');
    const [captain, second, third] = t.members as [Person, Person, Person];
    const renamed = await captain.http.patch(`/api/teams/${t.id}`, { name: 'Scullers' });
    expect([renamed.status, renamed.json.name]).toEqual([200, 'Scullers']);
    const notCaptain = await second.http.patch(`/api/teams/${t.id}`, { name: 'Mutiny' });
    expect([notCaptain.status, notCaptain.json.reason]).toEqual([403, 'not_captain']);
    const removed = await captain.http.delete(`/api/teams/${t.id}/members/${third.user.id}`);
    expect([removed.status, removed.json.memberCount]).toEqual([200, 2]);
    const handed = await captain.http.request('PUT', `/api/teams/${t.id}/captain`, {
      userId: second.user.id,
    });
    expect([handed.status, handed.json.captainId]).toEqual([200, second.user.id]);
    const left = await captain.http.post(`/api/teams/${t.id}/leave`);
    expect(left.json).toEqual({ teamId: t.id, contestId: contest.id, dissolved: false });
    const gone = await captain.http.get(`/api/teams/${t.id}`);
    expect(gone.json).toMatchObject({ memberCount: 1, captainId: second.user.id });
    expect((await captain.http.get('/api/teams/999999')).status).toBe(404);
  });
});

describe('PUT /api/teams/{id}/prize-shares', () => {
  it("sets the captain's shares (200, the team); 400 with the field; 403 for a member", async () => {
    const contest = await teamContest();
    const t = await team(contest.id, 2, 'Splitters');
    const [captain, second] = t.members as [Person, Person];
    const path = `/api/teams/${t.id}/prize-shares`;
    const set = await captain.http.request('PUT', path, {
      shares: [
        { userId: captain.user.id, percent: '60' },
        { userId: second.user.id, percent: '40' },
      ],
    });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ id: t.id, prizeSharesSet: true });
    expect((set.json.members as { prizeShare: string }[]).map((m) => m.prizeShare)).toEqual([
      '60',
      '40',
    ]);
    const short = await captain.http.request('PUT', path, {
      shares: [
        { userId: captain.user.id, percent: '60' },
        { userId: second.user.id, percent: '30' },
      ],
    });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({
      message: PRIZE_SHARE_MESSAGES.total(9000),
      issues: [{ path: 'shares', message: PRIZE_SHARE_MESSAGES.total(9000) }],
    });
    const notCaptain = await second.http.request('PUT', path, { shares: [] });
    expect([notCaptain.status, notCaptain.json.reason]).toEqual([403, 'not_captain']);
    const cleared = await captain.http.request('PUT', path, { shares: [] });
    expect([cleared.status, cleared.json.prizeSharesSet]).toEqual([200, false]);
  });
});
