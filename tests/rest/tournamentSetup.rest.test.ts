// Tournament setup over real HTTP (issue 19): the format settings through SPEC 7's POST and PATCH
// /api/contests (a submit, a draft, an edit), the 409 bracket_exists refusal in SPEC 8's body,
// and POST/GET/DELETE /api/contests/{id}/checkin with each refusal's status and reason.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contests } from '../../src/server/platform/db/schema';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { BRACKET_EXISTS_MESSAGE } from '../../src/shared/tournaments';
import { clientFor } from '../helpers/accounts';
import { createInput, insertContest, storedContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { startTestServer, type HttpClient, type TestServer } from '../helpers/server';

let s: TestServer;
let member: CreatedUser;
let admin: CreatedUser;
let memberHttp: HttpClient;
let adminHttp: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  member = await createUser(s.db);
  admin = await createUser(s.db, { role: 'admin' });
  memberHttp = await clientFor(s, member.id);
  adminHttp = await clientFor(s, admin.id);
});
afterAll(() => s?.stop());

const MINUTE = 60_000;

describe('the format settings through /api/contests', () => {
  it('POST stores them from a submit (SPEC 7 body plus tournament) and answers them', async () => {
    const res = await adminHttp.post('/api/contests', {
      ...createInput({ format: 'knockout', status: 'active' }),
      tournament: { elimination: 'double', grandFinal: 'simple', checkInMinutes: 60 },
    });
    expect(res.status).toBe(201);
    expect(res.json.tournament).toMatchObject({
      elimination: 'double',
      grandFinal: 'simple',
      checkInMinutes: 60,
      autoGenerate: true,
    });
    expect(res.json.bracketGeneratedAt).toBeNull();
    expect((await storedContest(s.db, res.json.id as number))!.tournament).toEqual({
      elimination: 'double',
      grandFinal: 'simple',
      checkInMinutes: 60,
    });
  });

  it('POST as a draft stores them, and refuses a bad one with 400 and the message', async () => {
    const res = await memberHttp.post('/api/contests', {
      draft: true,
      title: 'REST league draft',
      format: 'league',
      tournament: { legs: 2 },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: 'draft', tournament: { legs: 2 } });
    const bad = await memberHttp.post('/api/contests', {
      draft: true,
      title: 'REST bad draft',
      tournament: { pointsWin: 0, pointsDraw: 1, pointsLoss: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'A win is worth at least a draw, and a draw at least a loss',
    });
  });

  it('PATCH merges them; with a generated bracket answers 409 bracket_exists', async () => {
    const contest = await insertContest(s.db, {
      createdBy: member.id,
      status: 'active',
      format: 'tournament',
      tournament: { system: 'swiss', swissRounds: 5 },
    });
    const res = await adminHttp.patch(`/api/contests/${contest.id}`, {
      tournament: { swissRounds: 6, selfReport: true },
    });
    expect(res.status).toBe(200);
    expect(res.json.tournament).toMatchObject({
      system: 'swiss',
      swissRounds: 6,
      selfReport: true,
    });
    await s.db
      .update(contests)
      .set({ bracketGeneratedAt: new Date() })
      .where(eq(contests.id, contest.id));
    for (const body of [
      { format: 'league' },
      { tournament: { swissRounds: 7 } },
      { mode: 'team' },
    ]) {
      const refused = await adminHttp.patch(`/api/contests/${contest.id}`, body);
      expect(refused.status).toBe(409);
      expect(refused.json).toEqual({
        message: BRACKET_EXISTS_MESSAGE,
        code: 'CONFLICT',
        reason: 'bracket_exists',
      });
    }
    expect((await storedContest(s.db, contest.id))!.tournament).toEqual({
      system: 'swiss',
      swissRounds: 6,
      selfReport: true,
    });
    // Anything else still changes.
    const prize = await adminHttp.patch(`/api/contests/${contest.id}`, { prize: 'Gold' });
    expect(prize.status).toBe(200);
  });
});

describe('/api/contests/{id}/checkin', () => {
  async function contestStartingIn(ms: number, minutes = 60) {
    const start = new Date(Date.now() + ms);
    return insertContest(s.db, {
      createdBy: admin.id,
      status: 'active',
      format: 'knockout',
      startDate: start,
      registrationDeadline: start,
      tournament: { checkInMinutes: minutes },
    });
  }

  it('POST checks in, GET reads it, DELETE undoes it', async () => {
    const contest = await contestStartingIn(20 * MINUTE);
    await addParticipant({ db: s.db, contestId: contest.id, userId: member.id });
    const posted = await memberHttp.post(`/api/contests/${contest.id}/checkin`);
    expect(posted.status).toBe(200);
    expect(posted.json).toMatchObject({ contestId: contest.id, checkedIn: 1 });
    expect(posted.json.checkedInAt).toMatch(/Z$/);
    const read = await memberHttp.get(`/api/contests/${contest.id}/checkin`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({
      enabled: true,
      open: true,
      participant: true,
      checkedIn: 1,
      participants: 1,
      roster: null,
      closesAt: contest.startDate!.toISOString(),
    });
    const roster = await adminHttp.get(`/api/contests/${contest.id}/checkin`);
    expect(roster.json.roster).toEqual([
      { participantId: expect.any(Number), name: member.username, checkedInAt: expect.any(String) },
    ]);
    const undone = await memberHttp.delete(`/api/contests/${contest.id}/checkin`);
    expect(undone.status).toBe(200);
    expect(undone.json).toEqual({ contestId: contest.id, checkedInAt: null, checkedIn: 0 });
  });

  it('answers 409 checkin_off, 403 not_participant, 409 checkin_closed with the window', async () => {
    const off = await contestStartingIn(20 * MINUTE, 0);
    await addParticipant({ db: s.db, contestId: off.id, userId: member.id });
    const noCheckIn = await memberHttp.post(`/api/contests/${off.id}/checkin`);
    expect(noCheckIn.status).toBe(409);
    expect(noCheckIn.json).toEqual({
      message: 'This contest has no check-in',
      code: 'CONFLICT',
      reason: 'checkin_off',
    });

    const open = await contestStartingIn(20 * MINUTE);
    const outsider = await adminHttp.post(`/api/contests/${open.id}/checkin`);
    expect(outsider.status).toBe(403);
    expect(outsider.json).toMatchObject({ reason: 'not_participant', code: 'FORBIDDEN' });

    const later = await contestStartingIn(3 * 60 * MINUTE);
    await addParticipant({ db: s.db, contestId: later.id, userId: member.id });
    const early = await memberHttp.post(`/api/contests/${later.id}/checkin`);
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ code: 'CONFLICT', reason: 'checkin_closed' });
    expect(early.json.message).toMatch(/^Check-in has not opened yet: it opens at /);
    expect(early.json.details).toEqual({
      opensAt: new Date(later.startDate!.getTime() - 60 * MINUTE).toISOString(),
      closesAt: later.startDate!.toISOString(),
    });

    const started = await contestStartingIn(-MINUTE);
    await addParticipant({ db: s.db, contestId: started.id, userId: member.id });
    const late = await memberHttp.delete(`/api/contests/${started.id}/checkin`);
    expect(late.status).toBe(409);
    expect(late.json.message).toMatch(/^Check-in has closed: it closed at /);
  });

  it('answers 401 without a session and 404 for an unknown contest', async () => {
    const res = await fetch(`${s.url}/api/contests/1/checkin`, { method: 'POST' });
    expect(res.status).toBe(401);
    const missing = await memberHttp.post('/api/contests/999999/checkin');
    expect(missing.status).toBe(404);
  });
});
