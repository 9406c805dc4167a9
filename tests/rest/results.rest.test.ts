// A contest's final results over real HTTP (issue 30's REST lines): GET /api/contests/{id}/results
// and POST .../results/freeze and .../results/reopen { reason } with their status codes, dates as
// ISO strings, and the refusals' reasons, the blockers listed in a 409's details.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { generateBracket } from '../../src/server/domain/tournaments';
import { RESULT_MESSAGES } from '../../src/shared/schemas/results';
import { clientFor } from '../helpers/accounts';
import { DAY, insertContest } from '../helpers/contests';
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

/** A scored contest by `creator`, started two days ago, one member per score, 1st paid 100 USD. */
async function scoredContest(scores: number[]) {
  const started = new Date(Date.now() - 2 * DAY);
  const contest = await insertContest(s.db, {
    createdBy: creator.id,
    startDate: started,
    registrationDeadline: started,
    prizeTable: { kind: 'fixed', rows: [{ from: 1, to: 1, amount: '100', currency: 'USD' }] },
  });
  const members: CreatedUser[] = [];
  for (const score of scores) {
    const m = await createUser(s.db);
    await addParticipant({ db: s.db, contestId: contest.id, userId: m.id, score });
    members.push(m);
  }
  return { contest, members };
}

describe('GET /api/contests/{id}/results', () => {
  it('answers open results with their blockers; 401 signed out, 404 hidden', async () => {
    const { contest, members } = await scoredContest([7]);
    const read = await member.get(`/api/contests/${contest.id}/results`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({
      contestId: contest.id,
      status: 'open',
      blockers: [{ kind: 'not_ended', matchId: null }],
      standings: [
        {
          place: 1,
          placeText: '1st',
          userId: members[0]!.id,
          teamId: null,
          name: members[0]!.username,
          score: 7,
          prize: { amount: '100', currency: 'USD' },
        },
      ],
      canManage: false,
    });
    expect((await anonymous.get(`/api/contests/${contest.id}/results`)).status).toBe(401);
    const hidden = await insertContest(s.db, { createdBy: creator.id, status: 'pending' });
    expect((await member.get(`/api/contests/${hidden.id}/results`)).status).toBe(404);
  });
});

describe('POST /api/contests/{id}/results/freeze and /reopen', () => {
  it('freezes (200, the contest completed), reopens with a reason, refuses a second reopening', async () => {
    const { contest } = await scoredContest([7, 3]);
    const base = `/api/contests/${contest.id}/results`;
    expect((await member.post(`${base}/freeze`)).json.reason).toBe('not_organiser');
    const frozen = await organiser.post(`${base}/freeze`);
    expect(frozen.status).toBe(200);
    expect(frozen.json).toMatchObject({ status: 'frozen', blockers: [], canManage: true });
    expect(typeof frozen.json.frozenAt).toBe('string');
    expect((await member.get(`/api/contests/${contest.id}`)).json.status).toBe('completed');
    const short = await organiser.post(`${base}/reopen`, { reason: 'x' });
    expect(short.status).toBe(400);
    const reopened = await organiser.post(`${base}/reopen`, { reason: 'A score was wrong' });
    expect([reopened.status, reopened.json.status, reopened.json.reopenReason]).toEqual([
      200,
      'open',
      'A score was wrong',
    ]);
    const again = await organiser.post(`${base}/reopen`, { reason: 'Once more' });
    expect([again.status, again.json.reason, again.json.message]).toEqual([
      409,
      'not_final',
      RESULT_MESSAGES.not_final,
    ]);
    expect((await anonymous.post(`${base}/freeze`)).status).toBe(401);
  });

  it('answers 409 results_blocked with the blockers, 409 not_started, 403 not_organiser', async () => {
    const contest = await insertContest(s.db, {
      createdBy: creator.id,
      format: 'knockout',
      registrationDeadline: new Date(Date.now() - 60_000),
    });
    for (let i = 0; i < 2; i++) {
      await addParticipant({
        db: s.db,
        contestId: contest.id,
        userId: (await createUser(s.db)).id,
      });
    }
    await s.db.transaction((tx) =>
      generateBracket(tx, creator, { contestId: contest.id, seeding: 'random' }),
    );
    const blocked = await organiser.post(`/api/contests/${contest.id}/results/freeze`);
    expect([blocked.status, blocked.json.reason, blocked.json.message]).toEqual([
      409,
      'results_blocked',
      RESULT_MESSAGES.results_blocked,
    ]);
    const { blockers } = blocked.json.details as { blockers: { kind: string; message: string }[] };
    expect(blockers).toHaveLength(1);
    expect(blockers[0]).toMatchObject({ kind: 'unfinished_match', matchId: expect.any(Number) });
    expect(blockers[0]!.message).toMatch(/is still to be played$/);
    const refused = await member.post(`/api/contests/${contest.id}/results/confirm`);
    expect([refused.status, refused.json.reason]).toEqual([403, 'not_organiser']);
    const upcoming = await insertContest(s.db, { createdBy: creator.id });
    const early = await organiser.post(`/api/contests/${upcoming.id}/results/confirm`);
    expect([early.status, early.json.reason]).toEqual([409, 'not_started']);
  });
});
