// Disqualifying over real HTTP (issue 29's REST): POST
// /api/contests/{id}/participants/{userId}/disqualify { reason } after the start answers the
// player's row (200); another member 403 not_organiser, a non-player 404 not_a_player, twice or
// before the start 409 with their reasons; the bracket shows the forfeit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { clientFor } from '../helpers/accounts';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { type HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let creator: CreatedUser;
let creatorHttp: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  creator = await createUser(s.db);
  creatorHttp = await clientFor(s, creator.id);
});
afterAll(() => s?.stop());

const REASON = 'Left the venue before round 2';

async function knockoutOf(n: number, { generate = true } = {}) {
  const contest = await insertContest(s.db, {
    createdBy: creator.id,
    format: 'knockout',
    registrationDeadline: new Date(Date.now() - 60_000),
  });
  const people: CreatedUser[] = [];
  for (let i = 0; i < n; i++) {
    const person = await createUser(s.db);
    await addParticipant({ db: s.db, contestId: contest.id, userId: person.id });
    people.push(person);
  }
  if (generate) {
    const made = await creatorHttp.request('POST', `/api/contests/${contest.id}/bracket`, {
      seeding: 'random',
    });
    expect(made.status).toBe(201);
  }
  return { contest, people };
}

const path = (contestId: number, userId: number) =>
  `/api/contests/${contestId}/participants/${userId}/disqualify`;

describe('POST /api/contests/{id}/participants/{userId}/disqualify', () => {
  it('answers the player disqualified (200), and refuses 403, 404 and 409 with reasons', async () => {
    const { contest, people } = await knockoutOf(4);
    const [out, other] = people as [CreatedUser, CreatedUser];
    const member = await clientFor(s, other.id);
    const refused = await member.request('POST', path(contest.id, out.id), { reason: REASON });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ reason: 'not_organiser' });

    const done = await creatorHttp.request('POST', path(contest.id, out.id), { reason: REASON });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ userId: out.id, state: 'disqualified', reason: REASON });

    const again = await creatorHttp.request('POST', path(contest.id, out.id), { reason: REASON });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ reason: 'already_disqualified' });

    const stranger = await createUser(s.db);
    const none = await creatorHttp.request('POST', path(contest.id, stranger.id), {
      reason: REASON,
    });
    expect(none.status).toBe(404);
    expect(none.json).toMatchObject({ reason: 'not_a_player' });

    const short = await creatorHttp.request('POST', path(contest.id, other.id), { reason: 'x' });
    expect(short.status).toBe(400);

    // Their first-round match is a forfeit in the bracket everyone reads.
    const matches = (await creatorHttp.request('GET', `/api/contests/${contest.id}/matches`))
      .json as unknown as {
      status: string;
      participants: ({ name: string | null; forfeit: boolean; disqualified?: boolean } | null)[];
    }[];
    const theirs = matches.find((m) => m.participants.some((p) => p?.name === out.username))!;
    expect(theirs.status).toBe('completed');
    expect(theirs.participants.find((p) => p?.name === out.username)).toMatchObject({
      forfeit: true,
      disqualified: true,
    });
  });

  it('is refused before the start (409 not_started): the organiser removes instead', async () => {
    const { contest, people } = await knockoutOf(2, { generate: false });
    const early = await creatorHttp.request('POST', path(contest.id, people[0]!.id), {
      reason: REASON,
    });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ reason: 'not_started' });
  });
});
