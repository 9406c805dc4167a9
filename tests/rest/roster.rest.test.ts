// The organiser's player list over real HTTP (issue 29's REST lines): GET /api/contests/{id}/roster,
// POST /api/contests/{id}/participants, DELETE /api/contests/{id}/participants/{userId},
// POST|DELETE .../{userId}/check-in, POST /api/contests/{id}/check-ins/process and
// POST /api/contests/{id}/start, with their status codes and refusals' `reason`.
// (POST .../{userId}/disqualify is the disqualification's own test.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { clientFor } from '../helpers/accounts';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import {
  HttpClient,
  startTestServer,
  type HttpClient as Client,
  type TestServer,
} from '../helpers/server';

let s: TestServer;
let creator: CreatedUser;
let organiser: Client;
let member: Client;
let anonymous: Client;
beforeAll(async () => {
  s = await startTestServer();
  creator = await createUser(s.db);
  organiser = await clientFor(s, creator.id);
  member = await clientFor(s, (await createUser(s.db)).id);
  anonymous = new HttpClient(s.url);
});
afterAll(() => s?.stop());

const HOUR = 3_600_000;

/** An active knockout starting in an hour, with check-in (30 minutes) and `n` players. */
async function contestWith(n: number, extra: Record<string, unknown> = {}) {
  const start = new Date(Date.now() + HOUR);
  const contest = await insertContest(s.db, {
    createdBy: creator.id,
    format: 'knockout',
    startDate: start,
    registrationDeadline: start,
    tournament: { checkInMinutes: 30 },
    ...extra,
  });
  const people: CreatedUser[] = [];
  for (let i = 0; i < n; i++) {
    const person = await createUser(s.db);
    await addParticipant({ db: s.db, contestId: contest.id, userId: person.id });
    people.push(person);
  }
  return { contest, people };
}

describe('GET /api/contests/{id}/roster', () => {
  it('answers the list to the organiser; 403, 401, 404 otherwise', async () => {
    const { contest, people } = await contestWith(2);
    const res = await organiser.get(`/api/contests/${contest.id}/roster`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ contestId: contest.id, checkIn: true, participants: 2 });
    expect((res.json.players as { userId: number }[]).map((p) => p.userId)).toEqual(
      people.map((p) => p.id),
    );
    const refused = await member.get(`/api/contests/${contest.id}/roster`);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ reason: 'not_organiser' });
    expect((await anonymous.get(`/api/contests/${contest.id}/roster`)).status).toBe(401);
    expect((await organiser.get('/api/contests/999999/roster')).status).toBe(404);
  });
});

describe('POST /api/contests/{id}/participants', () => {
  it('adds a member by username (201); 404 unknown_user, 409 already_joined and full, 403 tier', async () => {
    const { contest } = await contestWith(0, { maxParticipants: 1 });
    const walkIn = await createUser(s.db);
    const path = `/api/contests/${contest.id}/participants`;
    const added = await organiser.post(path, { username: walkIn.username });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ userId: walkIn.id, state: 'in', feeWaived: false });
    const unknown = await organiser.post(path, { username: 'nobody_by_this_name' });
    expect([unknown.status, unknown.json.reason]).toEqual([404, 'unknown_user']);
    const again = await organiser.post(path, { username: walkIn.username });
    expect([again.status, again.json.reason]).toEqual([409, 'already_joined']);
    const late = await createUser(s.db);
    const full = await organiser.post(path, { username: late.username });
    expect([full.status, full.json.reason]).toEqual([409, 'full']);
    const { contest: elite } = await contestWith(0, { requiredTier: 'elite' });
    const tier = await organiser.post(`/api/contests/${elite.id}/participants`, {
      username: late.username,
    });
    expect([tier.status, tier.json.reason]).toEqual([403, 'tier']);
    const { contest: paid } = await contestWith(0, { participationType: 'paid', entryFee: '25' });
    const fee = await organiser.post(`/api/contests/${paid.id}/participants`, {
      username: late.username,
    });
    expect([fee.status, fee.json.reason]).toEqual([402, 'fee_unverified']);
    const waived = await organiser.post(`/api/contests/${paid.id}/participants`, {
      username: late.username,
      waiveFee: true,
    });
    expect([waived.status, waived.json.feeWaived]).toEqual([201, true]);
    expect((await member.post(path, { username: late.username })).status).toBe(403);
    expect((await anonymous.post(path, { username: late.username })).status).toBe(401);
    expect((await organiser.post(path, {})).status).toBe(400);
  });
});

describe('POST and DELETE /api/contests/{id}/participants/{userId}/check-in', () => {
  it('checks a player in and out for them; 404 not_a_player, 409 checkin_off', async () => {
    const { contest, people } = await contestWith(1);
    const path = `/api/contests/${contest.id}/participants/${people[0]!.id}/check-in`;
    const checked = await organiser.post(path);
    expect(checked.status).toBe(200);
    expect(typeof checked.json.checkedInAt).toBe('string');
    const undone = await organiser.delete(path);
    expect([undone.status, undone.json.checkedInAt]).toEqual([200, null]);
    const stranger = await createUser(s.db);
    const missing = await organiser.post(
      `/api/contests/${contest.id}/participants/${stranger.id}/check-in`,
    );
    expect([missing.status, missing.json.reason]).toEqual([404, 'not_a_player']);
    const { contest: off, people: offPeople } = await contestWith(1, {
      tournament: { checkInMinutes: 0 },
    });
    const refused = await organiser.post(
      `/api/contests/${off.id}/participants/${offPeople[0]!.id}/check-in`,
    );
    expect([refused.status, refused.json.reason]).toEqual([409, 'checkin_off']);
    expect((await member.post(path)).status).toBe(403);
    expect((await anonymous.delete(path)).status).toBe(401);
  });
});

describe('POST /api/contests/{id}/check-ins/process', () => {
  it('drops the no-shows and answers them; 409 checkin_off', async () => {
    const { contest, people } = await contestWith(3);
    await organiser.post(`/api/contests/${contest.id}/participants/${people[0]!.id}/check-in`);
    const res = await organiser.post(`/api/contests/${contest.id}/check-ins/process`);
    expect(res.status).toBe(200);
    expect((res.json.dropped as number[]).sort()).toEqual([people[1]!.id, people[2]!.id].sort());
    const roster = await organiser.get(`/api/contests/${contest.id}/roster`);
    expect((roster.json.players as { state: string }[]).map((p) => p.state)).toEqual([
      'in',
      'no_show',
      'no_show',
    ]);
    const { contest: off } = await contestWith(0, { tournament: { checkInMinutes: 0 } });
    const refused = await organiser.post(`/api/contests/${off.id}/check-ins/process`);
    expect([refused.status, refused.json.reason]).toEqual([409, 'checkin_off']);
    expect((await member.post(`/api/contests/${contest.id}/check-ins/process`)).status).toBe(403);
  });
});

describe('DELETE /api/contests/{id}/participants/{userId}', () => {
  it('removes a player before the start with a reason; 400 without, 404, then 409 started', async () => {
    const { contest, people } = await contestWith(3, { tournament: { checkInMinutes: 0 } });
    const path = (id: number) => `/api/contests/${contest.id}/participants/${id}`;
    const removed = await organiser.request('DELETE', path(people[0]!.id), {
      reason: 'Registered twice',
    });
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ state: 'removed', reason: 'Registered twice' });
    expect((await organiser.request('DELETE', path(people[1]!.id), {})).status).toBe(400);
    const gone = await organiser.request('DELETE', path(people[0]!.id), {
      reason: 'Registered twice',
    });
    expect([gone.status, gone.json.reason]).toEqual([404, 'not_a_player']);
    const refused = await member.request('DELETE', path(people[1]!.id), { reason: 'Not mine' });
    expect(refused.status).toBe(403);
    expect((await organiser.post(`/api/contests/${contest.id}/start`)).status).toBe(200);
    const started = await organiser.request('DELETE', path(people[1]!.id), {
      reason: 'Too late now',
    });
    expect([started.status, started.json.reason]).toEqual([409, 'started']);
  });
});

describe('POST /api/contests/{id}/start', () => {
  it('starts now: the deadline and start move, no-shows dropped, the bracket; then 409 started', async () => {
    const { contest, people } = await contestWith(3);
    for (const person of people.slice(0, 2)) {
      await organiser.post(`/api/contests/${contest.id}/participants/${person.id}/check-in`);
    }
    expect((await member.post(`/api/contests/${contest.id}/start`)).status).toBe(403);
    expect((await anonymous.post(`/api/contests/${contest.id}/start`)).status).toBe(401);
    const res = await organiser.post(`/api/contests/${contest.id}/start`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      contestId: contest.id,
      dropped: [people[2]!.id],
      bracket: { contestId: contest.id, participants: 2 },
    });
    expect(res.json.startDate).toBe(res.json.registrationDeadline);
    const bracket = await organiser.get(`/api/contests/${contest.id}/bracket`);
    expect(bracket.json.generated).toBe(true);
    const again = await organiser.post(`/api/contests/${contest.id}/start`);
    expect([again.status, again.json.reason]).toEqual([409, 'started']);
  });
});
