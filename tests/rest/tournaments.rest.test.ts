// Tournaments over real HTTP (issue 19's Contract): POST and GET /api/contests/{id}/bracket,
// GET /api/contests/{id}/standings and /matches?status=&mine=true, PATCH /api/matches/{id} with
// scores or a forfeit (or a time), POST /api/matches/{id}/confirm and /dispute, the moderators'
// GET /api/matches/disputes; refusals carry their `reason`.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { contestParticipants } from '../../src/server/platform/db/schema';
import { clientFor } from '../helpers/accounts';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { type HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let creator: CreatedUser;
let moderator: CreatedUser;
let creatorHttp: HttpClient;
let moderatorHttp: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  creator = await createUser(s.db);
  moderator = await createUser(s.db, { role: 'moderator' });
  creatorHttp = await clientFor(s, creator.id);
  moderatorHttp = await clientFor(s, moderator.id);
});
afterAll(() => s?.stop());

interface Slot {
  id: number | null;
  name: string | null;
  score: number | null;
  result: string | null;
}
interface MatchJson {
  id: number;
  round: number;
  status: string;
  participants: (Slot | null)[];
  scheduledAt: string | null;
  report: {
    state: string;
    reported: { by: { id: number; name: string }; scores: number[] | null; at: string } | null;
    disputed: {
      by: { id: number; name: string };
      scores: number[] | null;
      reason: string | null;
      at: string;
    } | null;
  };
}

async function bracketContest(n: number, tournament: Record<string, unknown> = {}) {
  const contest = await insertContest(s.db, {
    createdBy: creator.id,
    format: 'knockout',
    tournament,
    registrationDeadline: new Date(Date.now() - 60_000),
  });
  const people: CreatedUser[] = [];
  for (let i = 0; i < n; i++) {
    const person = await createUser(s.db);
    await addParticipant({ db: s.db, contestId: contest.id, userId: person.id });
    people.push(person);
  }
  const rows = await s.db
    .select({ id: contestParticipants.id })
    .from(contestParticipants)
    .where(eq(contestParticipants.contestId, contest.id))
    .orderBy(contestParticipants.id);
  return { contest, people, ids: rows.map((r) => r.id) };
}

describe('POST and GET /api/contests/{id}/bracket', () => {
  it('generates (201) and answers the stages, groups, rounds and matches', async () => {
    const { contest, ids, people } = await bracketContest(4);
    const member = await clientFor(s, people[0]!.id);
    const refused = await member.request('POST', `/api/contests/${contest.id}/bracket`, {
      seeding: 'random',
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'FORBIDDEN', reason: 'not_organiser' });
    const bad = await creatorHttp.request('POST', `/api/contests/${contest.id}/bracket`, {
      seeding: 'manual',
      order: [ids[0]],
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ reason: 'bad_seeding_order' });
    const res = await creatorHttp.request('POST', `/api/contests/${contest.id}/bracket`, {
      seeding: 'manual',
      order: ids,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ contestId: contest.id, participants: 4 });
    const again = await creatorHttp.request('POST', `/api/contests/${contest.id}/bracket`, {
      seeding: 'random',
    });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ reason: 'bracket_exists' });

    const got = await member.get(`/api/contests/${contest.id}/bracket`);
    expect(got.status).toBe(200);
    const bracket = got.json as unknown as {
      generated: boolean;
      stages: {
        name: string;
        groups: { name: string; rounds: { name: string; matches: MatchJson[] }[] }[];
      }[];
    };
    expect(bracket.generated).toBe(true);
    const rounds = bracket.stages[0]!.groups[0]!.rounds;
    expect(rounds.map((r) => r.name)).toEqual(['Semi-finals', 'Final']);
    const semi = rounds[0]!.matches[0]!;
    expect(semi).toMatchObject({ round: 1, status: 'ready', scheduledAt: null });
    expect(semi.participants[0]).toMatchObject({
      id: ids[0],
      name: people[0]!.username,
      score: null,
      result: null,
    });
  });
});

describe('PATCH /api/matches/{id}, confirm and dispute', () => {
  it('reports scores and forfeits, lists matches by status and mine, refuses with reasons', async () => {
    const { contest, ids, people } = await bracketContest(4, { selfReport: true });
    await creatorHttp.request('POST', `/api/contests/${contest.id}/bracket`, {
      seeding: 'manual',
      order: ids,
    });
    const ready = (await creatorHttp.get(`/api/contests/${contest.id}/matches?status=ready`))
      .json as unknown as MatchJson[];
    expect(ready).toHaveLength(2);
    const [first, second] = ready as [MatchJson, MatchJson];
    const draw = await creatorHttp.request('PATCH', `/api/matches/${first.id}`, { scores: [1, 1] });
    expect(draw.status).toBe(400);
    expect(draw.json).toMatchObject({ reason: 'draw_not_allowed' });
    const reported = await creatorHttp.request('PATCH', `/api/matches/${first.id}`, {
      scores: [3, 1],
    });
    expect(reported.status).toBe(200);
    expect((reported.json as unknown as MatchJson).participants.map((p) => p!.result)).toEqual([
      'win',
      'loss',
    ]);
    const forfeit = await creatorHttp.request('PATCH', `/api/matches/${second.id}`, {
      forfeit: second.participants[1]!.id,
    });
    expect((forfeit.json as unknown as MatchJson).participants[0]!.result).toBe('win');
    const missing = await creatorHttp.request('PATCH', '/api/matches/999999', { scores: [1, 0] });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ reason: 'match_not_found' });

    // The final: one finalist reports, the other disputes; the moderators see it.
    const finalist = people.find(
      (p, i) => ids[i] === (reported.json as unknown as MatchJson).participants[0]!.id,
    )!;
    const finalistHttp = await clientFor(s, finalist.id);
    const mine = (await finalistHttp.get(`/api/contests/${contest.id}/matches?mine=true`))
      .json as unknown as MatchJson[];
    const final = mine.find((m) => m.status === 'ready')!;
    const finalistFirst = final.participants[0]!.id === ids[people.indexOf(finalist)];
    const pending = await finalistHttp.request('PATCH', `/api/matches/${final.id}`, {
      scores: finalistFirst ? [2, 0] : [0, 2],
    });
    expect((pending.json as unknown as MatchJson).report.state).toBe('pending');
    const opponentId = final.participants.find((p) => p!.id !== ids[people.indexOf(finalist)])!.id;
    const opponentHttp = await clientFor(s, people[ids.indexOf(opponentId!)]!.id);
    const own = await finalistHttp.request('POST', `/api/matches/${final.id}/confirm`);
    expect(own.status).toBe(409);
    expect(own.json).toMatchObject({ reason: 'nothing_to_confirm' });
    const noScores = await opponentHttp.request('POST', `/api/matches/${final.id}/dispute`, {
      reason: 'Wrong score',
    });
    expect(noScores.status).toBe(400);
    expect(noScores.json).toMatchObject({ message: 'Give both scores' });
    const theirs = finalistFirst ? [0, 2] : [2, 0];
    const disputed = await opponentHttp.request('POST', `/api/matches/${final.id}/dispute`, {
      scores: theirs,
      reason: 'Wrong score',
    });
    expect(disputed.status).toBe(200);
    expect((disputed.json as unknown as MatchJson).report.state).toBe('disputed');
    const queue = await moderatorHttp.get('/api/matches/disputes');
    const queued = (queue.json as unknown as MatchJson[]).find((m) => m.id === final.id)!;
    // Both sides, each with who said it and when.
    expect(queued.report.reported).toMatchObject({
      by: { id: ids[people.indexOf(finalist)], name: finalist.username },
      scores: finalistFirst ? [2, 0] : [0, 2],
    });
    expect(queued.report.disputed).toMatchObject({
      by: { id: opponentId },
      scores: theirs,
      reason: 'Wrong score',
    });
    expect(Number.isNaN(Date.parse(queued.report.disputed!.at))).toBe(false);
    expect((await finalistHttp.get('/api/matches/disputes')).status).toBe(403);
    expect(
      (
        await finalistHttp.request('POST', `/api/matches/${final.id}/decide`, {
          accept: 'reported',
        })
      ).status,
    ).toBe(403);
    const both = await creatorHttp.request('POST', `/api/matches/${final.id}/decide`, {
      accept: 'reported',
      scores: [1, 0],
    });
    expect(both.status).toBe(400);
    const settled = await creatorHttp.request('POST', `/api/matches/${final.id}/decide`, {
      accept: 'disputed',
    });
    expect(settled.status).toBe(200);
    expect((settled.json as unknown as MatchJson).status).toBe('completed');
    const winner = (settled.json as unknown as MatchJson).participants.find(
      (p) => p!.result === 'win',
    );
    expect(winner!.id).toBe(opponentId);
    const standings = await creatorHttp.get(`/api/contests/${contest.id}/standings`);
    expect(standings.status).toBe(200);
    const board = await creatorHttp.get(`/api/contests/${contest.id}/leaderboard`);
    expect((board.json as unknown as { scoreOrder: string }).scoreOrder).toBe('lower');
    const scores = await creatorHttp.request('PUT', `/api/contests/${contest.id}/scores`, {
      scores: [{ username: finalist.username, score: 1 }],
    });
    expect(scores.status).toBe(409);
    expect(scores.json).toMatchObject({ reason: 'scores_from_matches' });
  });

  it('takes a best-of-N result as games, refusing one that disagrees with N (400)', async () => {
    const { contest } = await bracketContest(2, { bestOf: 3 });
    await creatorHttp.request('POST', `/api/contests/${contest.id}/bracket`, { seeding: 'random' });
    const [match] = (await creatorHttp.get(`/api/contests/${contest.id}/matches`))
      .json as unknown as (MatchJson & { bestOf: number })[];
    expect(match!.bestOf).toBe(3);
    const bare = await creatorHttp.request('PATCH', `/api/matches/${match!.id}`, {
      scores: [2, 1],
    });
    expect(bare.status).toBe(400);
    expect(bare.json).toMatchObject({
      reason: 'best_of_mismatch',
      message: 'This match is best of 3: give the score of each game played',
    });
    const wrong = await creatorHttp.request('PATCH', `/api/matches/${match!.id}`, {
      scores: [2, 1],
      games: [
        [11, 4],
        [11, 6],
      ],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({
      message: "The match's score is the games each side won: 2-0",
    });
    const malformed = await creatorHttp.request('PATCH', `/api/matches/${match!.id}`, {
      scores: [2, 0],
      games: [[11]],
    });
    expect(malformed.status).toBe(400);
    const good = await creatorHttp.request('PATCH', `/api/matches/${match!.id}`, {
      scores: [2, 1],
      games: [
        [11, 4],
        [6, 11],
        [11, 9],
      ],
    });
    expect(good.status).toBe(200);
    expect((good.json as unknown as MatchJson).participants.map((p) => p!.score)).toEqual([2, 1]);
  });

  it('sets a match time with { scheduledAt } alone', async () => {
    const { contest } = await bracketContest(2);
    await creatorHttp.request('POST', `/api/contests/${contest.id}/bracket`, { seeding: 'random' });
    const [match] = (await creatorHttp.get(`/api/contests/${contest.id}/matches`))
      .json as unknown as MatchJson[];
    const at = '2030-01-02T03:04:05.000Z';
    const res = await creatorHttp.request('PATCH', `/api/matches/${match!.id}`, {
      scheduledAt: at,
    });
    expect(res.status).toBe(200);
    expect((res.json as unknown as MatchJson).scheduledAt).toBe(at);
  });
});

describe('GET /api/contests/{id}/standings', () => {
  it('answers a league’s table', async () => {
    const contest = await insertContest(s.db, {
      createdBy: creator.id,
      format: 'league',
      registrationDeadline: new Date(Date.now() - 60_000),
    });
    for (let i = 0; i < 3; i++) {
      const person = await createUser(s.db);
      await addParticipant({ db: s.db, contestId: contest.id, userId: person.id });
    }
    await creatorHttp.request('POST', `/api/contests/${contest.id}/bracket`, { seeding: 'random' });
    const [match] = (await creatorHttp.get(`/api/contests/${contest.id}/matches`))
      .json as unknown as MatchJson[];
    await creatorHttp.request('PATCH', `/api/matches/${match!.id}`, { scores: [2, 2] });
    const res = await creatorHttp.get(`/api/contests/${contest.id}/standings`);
    expect(res.status).toBe(200);
    const table = res.json as unknown as {
      tieBreakers: string[];
      groups: { name: string; rows: { played: number; drawn: number; points: number }[] }[];
    };
    expect(table.tieBreakers).toEqual(['points', 'head-to-head', 'difference', 'for']);
    expect(table.groups[0]!.name).toBe('League');
    expect(table.groups[0]!.rows.filter((r) => r.drawn === 1)).toHaveLength(2);
  });
});
