// Leaderboards (SPEC 2.8, PRODUCT.md 'Taking part'): stored ranks are always the standard
// competition ranking of the scores (fast-check, through joins, leaves, deletions and score
// batches of both sizes); the ranked list, the contests with one, scores by username with a
// per-line report, the shared CSV reader, and the live subscription.
import {
  rankBucketSize,
  rankColumn,
} from '../../src/server/domain/participation/contestParticipants';
import { count, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contestParticipants,
  contests,
  users,
} from '../../src/server/platform/db/schema';
import type { ScoreOrder } from '../../src/shared/contests';
import { insertMany, rows } from '../../src/server/platform/db/dialect';
import { deleteUser } from '../../src/server/domain/accounts/adminUsers';
import {
  addParticipant,
  applyScores,
  removeParticipant,
} from '../../src/server/domain/participation/contestParticipants';
import {
  CsvScoresRefused,
  getLeaderboard,
  importScoresCsv,
  setScores,
  SCORES_FORBIDDEN,
  HISTORY_FORBIDDEN,
  NO_LEADERBOARD,
} from '../../src/server/domain/participation/leaderboard';
import {
  formatScore,
  parseScoresCsv,
  SCORE_LIMIT,
  SCORE_MESSAGES,
  scoreMessage,
} from '../../src/shared/leaderboard';
import { callerFor, createTestDb, createUser, type CreatedUser, type TestDb } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { insertContest } from '../helpers/contests';

// Buckets of two rows (laid out again past eight): the contests here, of a few members each,
// have many buckets, so ranks cross buckets, counters move and layouts happen.
rankBucketSize.rows = 2;

const t = await createTestDb();
afterAll(() => t.close());

const creator = await createUser(t.db);
const member = await createUser(t.db);
const moderator = await createUser(t.db, { role: 'moderator' });
const admin = await createUser(t.db, { role: 'admin' });
const as = (user: CreatedUser) => callerFor(t, user).caller;
const adminActor = { id: admin.id, username: admin.username, role: admin.role };

/**
 * 1, 2, 2, 4: a scored row's rank is 1 + how many scored rows of its contest score better
 * (higher, or lower when lower is better); a row without a score has no rank.
 */
function competitionRanks(
  scores: (number | null)[],
  order: ScoreOrder = 'higher',
): (number | null)[] {
  const better = (a: number, b: number) => (order === 'higher' ? a > b : a < b);
  return scores.map((s) =>
    s === null ? null : 1 + scores.filter((other) => other !== null && better(other, s)).length,
  );
}

/** Contests whose stored ranks differ from the ranking of their stored scores. */
async function wrongRanks(db: TestDb['db'], contestIds: number[]) {
  const wrong: number[] = [];
  for (const contestId of contestIds) {
    const [contest] = await db
      .select({ order: contests.scoreOrder })
      .from(contests)
      .where(eq(contests.id, contestId));
    const rows = await db
      .select({ score: contestParticipants.score, rank: rankColumn() })
      .from(contestParticipants)
      .where(eq(contestParticipants.contestId, contestId));
    const expected = competitionRanks(
      rows.map((r) => r.score),
      contest!.order,
    );
    if (rows.some((r, i) => r.rank !== expected[i])) wrong.push(contestId);
  }
  return wrong;
}

/** A running contest of the creator's with these members at these scores. */
async function boardWith(
  scores: (number | null)[],
  values: Partial<typeof contests.$inferInsert> = {},
) {
  const contest = await insertContest(t.db, { createdBy: creator.id, status: 'active', ...values });
  const people: CreatedUser[] = [];
  for (const score of scores) {
    const person = await createUser(t.db);
    await addParticipant({ db: t.db, contestId: contest.id, userId: person.id, score });
    people.push(person);
  }
  return { contest, people };
}

describe('stored ranks', () => {
  it('rank ties the standard competition way: 1, 2, 2, 4', async () => {
    const { contest } = await boardWith([100, 90, 90, 80, 100]);
    const board = await as(member).leaderboard.get({ contestId: contest.id });
    expect(board.entries.map((e) => [e.rank, e.score])).toEqual([
      [1, 100],
      [1, 100],
      [3, 90],
      [3, 90],
      [5, 80],
    ]);
  });

  it('always equal the ranking of the scores, whatever joins, leaves, deletions and scores come', async () => {
    const p = await createTestDb();
    try {
      const boss = await createUser(p.db, { role: 'admin' });
      const bossActor = { id: boss.id, username: boss.username, role: boss.role };
      // A narrow range: ties are frequent; halves and quarters too (stored exactly).
      const score = fc.integer({ min: -12, max: 12 }).map((quarters) => quarters / 4);
      // A member may join without a score (unranked) or be given one.
      const joinScore = fc.option(score, { nil: null, freq: 3 });
      const step = fc.oneof(
        fc.record({
          kind: fc.constant('join' as const),
          member: fc.nat({ max: 7 }),
          contest: fc.nat({ max: 1 }),
          score: joinScore,
        }),
        fc.record({
          kind: fc.constant('leave' as const),
          member: fc.nat({ max: 7 }),
          contest: fc.nat({ max: 1 }),
        }),
        {
          weight: 3,
          arbitrary: fc.record({
            kind: fc.constant('scores' as const),
            contest: fc.nat({ max: 1 }),
            // Below and above the incremental limit: both ways of ranking are exercised.
            incrementalLimit: fc.constantFrom(0, 1, 32),
            scores: fc.array(fc.tuple(fc.nat({ max: 7 }), score), { minLength: 1, maxLength: 6 }),
          }),
        },
        fc.record({ kind: fc.constant('delete' as const), member: fc.nat({ max: 7 }) }),
      );
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(joinScore, { minLength: 1, maxLength: 8 }),
          fc.array(step, { maxLength: 30 }),
          async (start, steps) => {
            run += 1;
            const people: { id: number }[] = [];
            for (let i = 0; i < 8; i++) {
              const [person] = await p.db
                .insert(users)
                .values({
                  username: `r${run}_${i}`,
                  email: `r${run}_${i}@example.com`,
                  password: 'x',
                })
                .returning({ id: users.id });
              people.push(person!);
            }
            // One contest ranks higher scores first, the other lower (time trials, golf).
            const ids: number[] = [];
            for (const scoreOrder of ['higher', 'lower'] as const) {
              ids.push(
                (await insertContest(p.db, { createdBy: boss.id, scoreOrder, scoreDecimals: 2 }))
                  .id,
              );
            }
            const alive = new Set(people.map((m) => m.id));
            // Everyone starts in both contests, at scores the run chose.
            for (const [i, person] of people.entries()) {
              for (const [c, contestId] of ids.entries()) {
                await addParticipant({
                  db: p.db,
                  contestId,
                  userId: person.id,
                  score: start[(i + c) % start.length]!,
                });
              }
            }
            expect(await wrongRanks(p.db, ids)).toEqual([]);
            for (const s of steps) {
              if (s.kind === 'join' && alive.has(people[s.member]!.id)) {
                await addParticipant({
                  db: p.db,
                  contestId: ids[s.contest]!,
                  userId: people[s.member]!.id,
                  score: s.score,
                });
              } else if (s.kind === 'leave') {
                await removeParticipant({
                  db: p.db,
                  contestId: ids[s.contest]!,
                  userId: people[s.member]!.id,
                });
              } else if (s.kind === 'delete') {
                const id = people[s.member]!.id;
                if (alive.delete(id)) await deleteUser({ db: p.db, actor: bossActor, id });
              } else if (s.kind === 'scores') {
                const rows = await p.db
                  .select({ id: contestParticipants.id })
                  .from(contestParticipants)
                  .where(eq(contestParticipants.contestId, ids[s.contest]!));
                const changes = s.scores
                  .filter(([i]) => i < rows.length)
                  .map(([i, value]) => ({ participantId: rows[i]!.id, score: value }));
                await applyScores({
                  db: p.db,
                  contestId: ids[s.contest]!,
                  scores: changes,
                  incrementalLimit: s.incrementalLimit,
                });
              }
              expect(await wrongRanks(p.db, ids)).toEqual([]);
            }
          },
        ),
        { seed: 20_261_124, numRuns: 60 },
      );
      // The runs did rank rows with ties and changes: the property was not vacuous.
      expect((await p.db.select({ n: count() }).from(contestParticipants))[0]).not.toEqual({
        n: 0,
      });
    } finally {
      await p.close();
    }
  });
});

describe('leaderboard.get', () => {
  it('answers the total, a page in rank order and the caller’s own place outside it', async () => {
    const { contest, people } = await boardWith([50, 40, 30, 20, 10]);
    const last = people[4]!;
    const board = await as(last).leaderboard.get({ contestId: contest.id, limit: 2 });
    expect(board.total).toBe(5);
    expect(board.entries).toEqual([
      {
        rank: 1,
        userId: people[0]!.id,
        username: people[0]!.username,
        score: 50,
        tier: 'free',
        profileImage: null,
        teamId: null,
        teamName: null,
      },
      {
        rank: 2,
        userId: people[1]!.id,
        username: people[1]!.username,
        score: 40,
        tier: 'free',
        profileImage: null,
        teamId: null,
        teamName: null,
      },
    ]);
    expect(board.me).toEqual({ rank: 5, score: 10, teamId: null });
    const next = await as(member).leaderboard.get({ contestId: contest.id, limit: 2, offset: 2 });
    expect(next.entries.map((e) => e.rank)).toEqual([3, 4]);
    expect(next.me).toBeNull();
  });

  it('answers 404 for a contest the member may not see, or whose leaderboard is off', async () => {
    const hidden = await insertContest(t.db, { createdBy: creator.id, status: 'pending' });
    expect((await refusal(as(member).leaderboard.get({ contestId: hidden.id }))).code).toBe(
      'NOT_FOUND',
    );
    const off = await insertContest(t.db, {
      createdBy: creator.id,
      status: 'active',
      enableLeaderboard: false,
    });
    expect(await refusal(as(member).leaderboard.get({ contestId: off.id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: NO_LEADERBOARD,
    });
    // Its creator and reviewers still read it (they enter the scores).
    for (const who of [creator, moderator]) {
      await expect(as(who).leaderboard.get({ contestId: off.id })).resolves.toMatchObject({
        total: 0,
      });
    }
  });

  it('pages exactly as the whole list would, ties and all, from any offset', async () => {
    const p = await createTestDb();
    try {
      const boss = await createUser(p.db, { role: 'admin' });
      const viewer = { id: boss.id, role: boss.role };
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          // Some members without a score: they follow the ranked, in the order they joined.
          fc.array(fc.option(fc.integer({ min: 0, max: 4 }), { nil: null, freq: 3 }), {
            minLength: 1,
            maxLength: 25,
          }),
          fc.nat({ max: 30 }),
          fc.integer({ min: 1, max: 10 }),
          async (scores, offset, limit) => {
            run += 1;
            const contestId = (await insertContest(p.db, { createdBy: boss.id, status: 'active' }))
              .id;
            for (const [i, score] of scores.entries()) {
              const [member] = await p.db
                .insert(users)
                .values({
                  username: `pg${run}_${i}`,
                  email: `pg${run}_${i}@example.com`,
                  password: 'x',
                })
                .returning({ id: users.id });
              await addParticipant({ db: p.db, contestId, userId: member!.id, score });
            }
            const all = await getLeaderboard({
              db: p.db,
              viewer,
              contestId,
              limit: 100,
              offset: 0,
            });
            const page = await getLeaderboard({ db: p.db, viewer, contestId, limit, offset });
            expect(page.entries).toEqual(all.entries.slice(offset, offset + limit));
            // The whole list: the ranked by rank, then the unranked.
            const ranks = all.entries.map((e) => e.rank);
            const firstUnranked = ranks.indexOf(null);
            if (firstUnranked >= 0) {
              expect(ranks.slice(firstUnranked).every((r) => r === null)).toBe(true);
            }
            expect(all.entries).toHaveLength(scores.length);
          },
        ),
        { seed: 20_261_125, numRuns: 100 },
      );
    } finally {
      await p.close();
    }
  });
});

describe('leaderboard.contests', () => {
  it('lists the visible contests with a leaderboard and someone on it', async () => {
    const { contest: withBoard } = await boardWith([1]);
    const empty = await insertContest(t.db, { createdBy: creator.id, status: 'active' });
    const { contest: off } = await boardWith([1], { enableLeaderboard: false });
    const hidden = await insertContest(t.db, { createdBy: creator.id, status: 'pending' });
    await addParticipant({ db: t.db, contestId: hidden.id, userId: member.id });
    await addParticipant({ db: t.db, contestId: withBoard.id, userId: member.id, score: 5 });
    const listed = await as(member).leaderboard.contests({ pageSize: 50 });
    const ids = listed.items.map((c) => c.id);
    expect(ids).toContain(withBoard.id);
    for (const id of [empty.id, off.id, hidden.id]) expect(ids).not.toContain(id);
    expect(listed.items.find((c) => c.id === withBoard.id)).toMatchObject({
      participants: 2,
      myRank: 1,
    });
    expect(listed.total).toBe(listed.items.length);
  });
});

describe('leaderboard.setScores', () => {
  it('stores scores by username (any case) and ranks them', async () => {
    const { contest, people } = await boardWith([0, 0, 0]);
    const result = await as(creator).leaderboard.setScores({
      contestId: contest.id,
      scores: [
        { username: people[0]!.username.toUpperCase(), score: 10 },
        { username: people[1]!.username, score: '30' },
        { username: people[2]!.username, score: 10 },
      ],
    });
    expect(result).toEqual({ updated: 3, refused: [] });
    const board = await as(member).leaderboard.get({ contestId: contest.id });
    expect(board.entries.map((e) => [e.username, e.rank, e.score])).toEqual([
      [people[1]!.username, 1, 30],
      [people[0]!.username, 2, 10],
      [people[2]!.username, 2, 10],
    ]);
  });

  it('reports each refused line with its reason; the later line of a username counts', async () => {
    const { contest, people } = await boardWith([0, 0]);
    const outsider = await createUser(t.db);
    const result = await as(moderator).leaderboard.setScores({
      contestId: contest.id,
      scores: [
        { username: people[0]!.username, score: 5 },
        { username: 'nobody_by_that_name', score: 3 },
        { username: outsider.username, score: 3 },
        { username: people[1]!.username, score: 'abc' },
        { username: people[1]!.username, score: 1.5 },
        { username: people[1]!.username, score: SCORE_LIMIT + 1 },
        { username: people[0]!.username, score: 8 },
      ],
    });
    expect(result.updated).toBe(1);
    // 1.5 in a contest of whole numbers has too many decimals.
    expect(result.refused[4]).toEqual({
      index: 4,
      username: people[1]!.username,
      reason: 'bad_decimals',
      message: 'This contest takes whole numbers only (no decimals).',
    });
    expect(result.refused).toEqual([
      {
        index: 0,
        username: people[0]!.username,
        reason: 'duplicate',
        message: SCORE_MESSAGES.duplicate,
      },
      {
        index: 1,
        username: 'nobody_by_that_name',
        reason: 'unknown_user',
        message: SCORE_MESSAGES.unknown_user,
      },
      {
        index: 2,
        username: outsider.username,
        reason: 'not_participant',
        message: SCORE_MESSAGES.not_participant,
      },
      {
        index: 3,
        username: people[1]!.username,
        reason: 'bad_score',
        message: SCORE_MESSAGES.bad_score,
      },
      {
        index: 4,
        username: people[1]!.username,
        reason: 'bad_decimals',
        message: scoreMessage('bad_decimals', 0),
      },
      {
        index: 5,
        username: people[1]!.username,
        reason: 'bad_score',
        message: SCORE_MESSAGES.bad_score,
      },
    ]);
    const board = await as(member).leaderboard.get({ contestId: contest.id });
    expect(board.entries.map((e) => [e.username, e.score, e.rank])).toEqual([
      [people[0]!.username, 8, 1],
      [people[1]!.username, 0, 2],
    ]);
  });

  it('is for the contest’s creator, moderators and admins: others 403, or 404 when hidden', async () => {
    const { contest, people } = await boardWith([0]);
    const line = { username: people[0]!.username, score: 1 };
    expect(
      await refusal(as(member).leaderboard.setScores({ contestId: contest.id, scores: [line] })),
    ).toEqual({
      code: 'FORBIDDEN',
      message: SCORES_FORBIDDEN,
    });
    const hidden = await insertContest(t.db, { createdBy: creator.id, status: 'draft' });
    expect(
      (await refusal(as(member).leaderboard.setScores({ contestId: hidden.id, scores: [line] })))
        .code,
    ).toBe('NOT_FOUND');
    for (const who of [creator, moderator, admin]) {
      expect(
        (await as(who).leaderboard.setScores({ contestId: contest.id, scores: [line] })).updated,
      ).toBe(1);
    }
    expect((await as(member).leaderboard.get({ contestId: contest.id })).entries[0]!.score).toBe(1);
  });
});

describe('leaderboard.onChange', () => {
  it('emits when a score changes, when someone joins and when someone leaves', async () => {
    const { contest, people } = await boardWith([0]);
    const controller = new AbortController();
    const { caller } = callerFor(t, member);
    const stream = (await caller.leaderboard.onChange({
      contestId: contest.id,
    })) as AsyncIterable<unknown>;
    const events = stream[Symbol.asyncIterator]();
    const nextChange = async () => {
      const { value } = await events.next();
      // A tracked event: [id, data, marker].
      const [id, data] = value as [string, { contestId: number; version: number }];
      return { id, data };
    };
    try {
      const first = nextChange();
      await setScores({
        db: t.db,
        actor: adminActor,
        contestId: contest.id,
        scores: [{ username: people[0]!.username, score: 9 }],
      });
      const change = await first;
      expect(change.data.contestId).toBe(contest.id);
      expect(change.id).toMatch(/^\d+$/);
      const second = nextChange();
      await as(member).participation.join({ contestId: contest.id });
      expect((await second).data.version).toBe(change.data.version + 1);
      const third = nextChange();
      await as(member).participation.leave({ contestId: contest.id });
      expect((await third).data.version).toBe(change.data.version + 2);
    } finally {
      controller.abort();
      await events.return?.(undefined);
    }
  });

  it('tells a client coming back with an older event id at once', async () => {
    const { contest, people } = await boardWith([0]);
    await setScores({
      db: t.db,
      actor: adminActor,
      contestId: contest.id,
      scores: [{ username: people[0]!.username, score: 3 }],
    });
    const stream = (await as(member).leaderboard.onChange({
      contestId: contest.id,
      lastEventId: 'earlier.0',
    })) as AsyncIterable<unknown>;
    const events = stream[Symbol.asyncIterator]();
    const { value } = await events.next();
    expect((value as [string, { contestId: number }])[1].contestId).toBe(contest.id);
    await events.return?.(undefined);
  });

  it('refuses a leaderboard the member may not see before any stream starts', async () => {
    const hidden = await insertContest(t.db, { createdBy: creator.id, status: 'pending' });
    expect((await refusal(as(member).leaderboard.onChange({ contestId: hidden.id }))).code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('parseScoresCsv (shared by the contest page and the server)', () => {
  it('reads username,score lines with an optional header, reporting each bad line', () => {
    const csv = [
      'Username,Score',
      'alice,120',
      '',
      '"bob, jr",-5',
      'carol;40',
      'dave\t7',
      'eve,12.5',
      'frank',
      'grace,abc',
      ` heidi , ${SCORE_LIMIT + 1}`,
    ].join('\r\n');
    const { rows, problems } = parseScoresCsv(`\uFEFF${csv}`, 0);
    expect(rows).toEqual([
      { line: 2, username: 'alice', score: 120 },
      { line: 4, username: 'bob, jr', score: -5 },
      { line: 5, username: 'carol', score: 40 },
      { line: 6, username: 'dave', score: 7 },
    ]);
    expect(problems.map((p) => [p.line, p.reason])).toEqual([
      [7, 'bad_decimals'],
      [8, 'bad_line'],
      [9, 'bad_score'],
      [10, 'bad_score'],
    ]);
    expect(problems[1]!.message).toBe(SCORE_MESSAGES.bad_line);
  });

  it('reads a file without a header from its first line', () => {
    expect(parseScoresCsv('zed,1\nyan,2\n').rows.map((r) => r.username)).toEqual(['zed', 'yan']);
  });
});

describe('scores with decimals, lower is better, and members without a score', () => {
  it('ranks lower-is-better contests smallest first, ties shared (1, 2, 2, 4)', async () => {
    const { contest, people } = await boardWith([null, null, null, null], {
      scoreOrder: 'lower',
      scoreDecimals: 2,
    });
    const result = await as(creator).leaderboard.setScores({
      contestId: contest.id,
      scores: [
        { username: people[0]!.username, score: '61.25' },
        { username: people[1]!.username, score: '59.5' },
        { username: people[2]!.username, score: 61.25 },
        { username: people[3]!.username, score: '58.01' },
      ],
    });
    expect(result).toEqual({ updated: 4, refused: [] });
    const board = await as(member).leaderboard.get({ contestId: contest.id });
    expect(board).toMatchObject({ scoreDecimals: 2, scoreOrder: 'lower' });
    expect(board.entries.map((e) => [e.username, e.rank, e.score])).toEqual([
      [people[3]!.username, 1, 58.01],
      [people[1]!.username, 2, 59.5],
      [people[0]!.username, 3, 61.25],
      [people[2]!.username, 3, 61.25],
    ]);
    // Shown with exactly the contest's precision.
    expect(board.entries.map((e) => formatScore(e.score!, board.scoreDecimals))).toEqual([
      '58.01',
      '59.50',
      '61.25',
      '61.25',
    ]);
    // A batch large enough to rank the whole contest again keeps the same order.
    await setScores({
      db: t.db,
      actor: adminActor,
      contestId: contest.id,
      scores: people.map((p, i) => ({ username: p.username, score: [3, 1, 3, 2][i]! })),
      incrementalLimit: 0,
    });
    const again = await as(member).leaderboard.get({ contestId: contest.id });
    expect(again.entries.map((e) => [e.rank, e.score])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [3, 3],
    ]);
  });

  it('takes at most the contest’s decimals, refusing a line with more', async () => {
    const { contest, people } = await boardWith([null, null, null], { scoreDecimals: 1 });
    const result = await as(creator).leaderboard.setScores({
      contestId: contest.id,
      scores: [
        { username: people[0]!.username, score: '12.5' },
        // A trailing zero adds no precision.
        { username: people[1]!.username, score: '7.50' },
        { username: people[2]!.username, score: '3.25' },
      ],
    });
    expect(result.updated).toBe(2);
    expect(result.refused).toEqual([
      {
        index: 2,
        username: people[2]!.username,
        reason: 'bad_decimals',
        message: 'This contest takes at most 1 decimal.',
      },
    ]);
  });

  it('stores scores exactly: 0.1 + 0.2 is 0.3, and four decimals round-trip', async () => {
    const { contest, people } = await boardWith([null, null, null, null, null], {
      scoreDecimals: 4,
    });
    const values = ['0.1', '0.2', '0.3', '1234567.8901', '-0.0001'];
    await as(creator).leaderboard.setScores({
      contestId: contest.id,
      scores: people.map((p, i) => ({ username: p.username, score: values[i]! })),
    });
    // Stored as integers of 1/10,000: the sum of 0.1 and 0.2 is exactly the stored 0.3.
    const stored = (
      await rows<{ score: number }>(
        t.db,
        sql`SELECT score FROM contest_participants WHERE contest_id = ${contest.id} ORDER BY id`,
      )
    ).map((r) => r.score);
    expect(stored).toEqual([1000, 2000, 3000, 12_345_678_901, -1]);
    expect(stored[0]! + stored[1]!).toBe(stored[2]);
    const [{ sum } = { sum: null }] = await rows<{ sum: number | null }>(
      t.db,
      sql`SELECT sum(score) AS sum FROM contest_participants WHERE contest_id = ${contest.id} AND score IN (1000, 2000)`,
    );
    expect(sum).toBe(3000);
    // Read back, each is the number that prints as what was entered.
    const board = await as(member).leaderboard.get({ contestId: contest.id });
    const byName = new Map(board.entries.map((e) => [e.username, e.score]));
    expect(people.map((p) => String(byName.get(p.username)))).toEqual(values);
    expect(people.map((p) => formatScore(byName.get(p.username)!, 4))).toEqual([
      '0.1000',
      '0.2000',
      '0.3000',
      '1,234,567.8901',
      '-0.0001',
    ]);
  });

  it('ranks no one before a score is entered: rank and score null, listed last', async () => {
    const { contest, people } = await boardWith([null, null]);
    await as(member).participation.join({ contestId: contest.id });
    const before = await as(member).leaderboard.get({ contestId: contest.id });
    expect(before.entries.map((e) => [e.rank, e.score])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect(before.me).toEqual({ rank: null, score: null, teamId: null });
    // Nowhere does the member read 'rank 1' yet.
    const cards = await as(member).leaderboard.contests({ pageSize: 50 });
    expect(cards.items.find((c) => c.id === contest.id)?.myRank).toBeNull();
    expect((await as(member).me.dashboard()).bestRank).toBeNull();
    // One score: that member ranks first, the others follow unranked.
    await as(creator).leaderboard.setScores({
      contestId: contest.id,
      scores: [{ username: people[1]!.username, score: 4 }],
    });
    const after = await as(member).leaderboard.get({ contestId: contest.id });
    expect(after.entries.map((e) => [e.username, e.rank, e.score])).toEqual([
      [people[1]!.username, 1, 4],
      [people[0]!.username, null, null],
      [member.username, null, null],
    ]);
    expect(after.me).toEqual({ rank: null, score: null, teamId: null });
    await as(member).participation.leave({ contestId: contest.id });
  });
});

describe('leaderboard.scoreHistory', () => {
  it('records every change (old, new, who, how) in the transaction of the change', async () => {
    const { contest, people } = await boardWith([null, null], { scoreDecimals: 2 });
    const [a, b] = people as [CreatedUser, CreatedUser];
    await as(creator).leaderboard.setScores({
      contestId: contest.id,
      scores: [{ username: a.username, score: '10.5' }],
    });
    await as(moderator).leaderboard.setScores({
      contestId: contest.id,
      source: 'csv',
      scores: [
        { username: a.username, score: '12.25' },
        { username: b.username, score: '3' },
        // Unchanged and refused lines leave no history.
        { username: 'nobody_by_that_name', score: '1' },
      ],
    });
    await as(moderator).leaderboard.setScores({
      contestId: contest.id,
      source: 'csv',
      scores: [{ username: b.username, score: '3.00' }],
    });
    const history = await as(creator).leaderboard.scoreHistory({ contestId: contest.id });
    expect(history).toMatchObject({ contestId: contest.id, scoreDecimals: 2, total: 3 });
    expect(
      history.items.map((h) => [h.username, h.oldScore, h.newScore, h.changedByName, h.source]),
    ).toEqual([
      [b.username, null, 3, moderator.username, 'csv'],
      [a.username, 10.5, 12.25, moderator.username, 'csv'],
      [a.username, null, 10.5, creator.username, 'form'],
    ]);
    expect(history.items[0]).toMatchObject({ userId: b.id, changedBy: moderator.id });
    expect(history.items[0]!.createdAt).toBeInstanceOf(Date);
    // Paged, newest first.
    const second = await as(admin).leaderboard.scoreHistory({
      contestId: contest.id,
      page: 2,
      pageSize: 2,
    });
    expect(second.items.map((h) => h.newScore)).toEqual([10.5]);
  });

  it('audits each batch once: how many scores, how many changed, how', async () => {
    const { contest, people } = await boardWith([null, null, null]);
    await as(moderator).leaderboard.setScores({
      contestId: contest.id,
      source: 'csv',
      scores: people.map((p, i) => ({ username: p.username, score: i })),
    });
    const entries = (
      await t.db
        .select({ action: auditLog.action, after: auditLog.after, actorId: auditLog.actorId })
        .from(auditLog)
        .where(eq(auditLog.targetId, String(contest.id)))
    ).filter((e) => e.action === 'contest.scores');
    expect(entries).toEqual([
      {
        action: 'contest.scores',
        after: JSON.stringify({ scores: 3, changed: 3, source: 'csv' }),
        actorId: moderator.id,
      },
    ]);
  });

  it('is read by the creator, moderators and admins only: others 403, hidden 404', async () => {
    const { contest } = await boardWith([1]);
    for (const who of [creator, moderator, admin]) {
      await expect(
        as(who).leaderboard.scoreHistory({ contestId: contest.id }),
      ).resolves.toMatchObject({ contestId: contest.id });
    }
    expect(await refusal(as(member).leaderboard.scoreHistory({ contestId: contest.id }))).toEqual({
      code: 'FORBIDDEN',
      message: HISTORY_FORBIDDEN,
    });
    const hidden = await insertContest(t.db, { createdBy: creator.id, status: 'pending' });
    expect(
      (await refusal(as(member).leaderboard.scoreHistory({ contestId: hidden.id }))).code,
    ).toBe('NOT_FOUND');
  });

  it('keeps the history when a scored member’s account is deleted', async () => {
    const { contest, people } = await boardWith([null]);
    await as(creator).leaderboard.setScores({
      contestId: contest.id,
      scores: [{ username: people[0]!.username, score: 9 }],
    });
    await deleteUser({ db: t.db, actor: adminActor, id: people[0]!.id });
    const history = await as(creator).leaderboard.scoreHistory({ contestId: contest.id });
    expect(history.items.map((h) => [h.userId, h.username, h.newScore])).toEqual([
      [null, people[0]!.username, 9],
    ]);
  });
});

describe('a CSV file in one transaction (importScoresCsv)', () => {
  it('takes a file of thousands of lines at once, or none of it when a line is bad', async () => {
    const contest = await insertContest(t.db, { createdBy: creator.id, status: 'active' });
    const size = 2_100;
    const prefix = `bulk${contest.id}_`;
    await t.db.transaction(async (tx) => {
      await insertMany(
        tx,
        'users',
        [
          { name: 'username', pgType: 'text' },
          { name: 'email', pgType: 'text' },
          { name: 'password', pgType: 'text' },
        ],
        Array.from({ length: size + 1 }, (_, i) => [`${prefix}${i}`, `${prefix}${i}@x.org`, 'x']),
      );
    });
    const people = await t.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`${users.username} LIKE ${`${prefix}%`}`);
    // All but the last one take part.
    const outsider = people.find((p) => p.username === `${prefix}${size}`)!;
    for (const p of people) {
      if (p.id !== outsider.id) {
        await addParticipant({ db: t.db, contestId: contest.id, userId: p.id });
      }
    }
    const line = (i: number) => `${prefix}${i},${i % 97}`;
    const good = Array.from({ length: size }, (_, i) => line(i));
    const bad = [...good, `${outsider.username},1`, 'nobody_at_all,2'].join('\n');
    const refused = await importScoresCsv({
      db: t.db,
      actor: adminActor,
      contestId: contest.id,
      text: bad,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CsvScoresRefused);
    expect((refused as CsvScoresRefused).lines.map((l) => [l.line, l.reason])).toEqual([
      [size + 1, 'not_participant'],
      [size + 2, 'unknown_user'],
    ]);
    const before = await getLeaderboard({
      db: t.db,
      viewer: admin,
      contestId: contest.id,
      limit: 1,
      offset: 0,
    });
    expect(before.entries[0]!.score).toBeNull();

    // In upper case, as a spreadsheet might have it: names are caseless.
    expect(
      await importScoresCsv({
        db: t.db,
        actor: adminActor,
        contestId: contest.id,
        text: good.join('\n').toUpperCase(),
      }),
    ).toEqual({ updated: size });
    expect(await wrongRanks(t.db, [contest.id])).toEqual([]);
    const board = await getLeaderboard({
      db: t.db,
      viewer: admin,
      contestId: contest.id,
      limit: 3,
      offset: 0,
    });
    expect(board.entries.map((e) => [e.rank, e.score])).toEqual([
      [1, 96],
      [1, 96],
      [1, 96],
    ]);
  });
});
