// Disputes with both sides and best-of-N matches (issue 29): a report keeps its scores and games,
// a dispute the disputer's own result and reason, the queue and every match read carry both
// (who said what, when), an organiser decides (the reported result, the disputed one, or a
// third; audited; both players told), and a result must agree with the match's best-of-N.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { auditLog, contestParticipants, notifications } from '../../src/server/platform/db/schema';
import type { TTournamentSettingsInput, TMatch } from '../../src/shared/schemas/tournaments';
import { bestOfFor, bestOfProblem } from '../../src/shared/bestOf';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { insertContest } from '../helpers/contests';

const t = await createTestDb();
afterAll(() => t.close());

const creator = await createUser(t.db);
const moderator = await createUser(t.db, { role: 'moderator' });
const outsider = await createUser(t.db);
const as = (user: CreatedUser) => callerFor(t, user).caller;

/** A generated knockout of `n` new members by `creator`, self-reporting on. */
async function knockout(n: number, tournament: TTournamentSettingsInput = {}) {
  const contest = await insertContest(t.db, {
    createdBy: creator.id,
    format: 'knockout',
    tournament: { selfReport: true, ...tournament },
    registrationDeadline: new Date(Date.now() - 60_000),
  });
  const members: CreatedUser[] = [];
  for (let i = 0; i < n; i++) {
    const member = await createUser(t.db);
    await addParticipant({ db: t.db, contestId: contest.id, userId: member.id });
    members.push(member);
  }
  const rows = await t.db
    .select({ id: contestParticipants.id, userId: contestParticipants.userId })
    .from(contestParticipants)
    .where(eq(contestParticipants.contestId, contest.id));
  const pid = (u: CreatedUser) => rows.find((r) => r.userId === u.id)!.id;
  await as(creator).tournaments.generate({ contestId: contest.id, seeding: 'random' });
  return { contest, members, pid };
}

/** A ready match's two players, the first participant's first. */
async function playersOf(match: TMatch, members: CreatedUser[], pid: (u: CreatedUser) => number) {
  const first = members.find((m) => pid(m) === match.participants[0]!.id)!;
  const second = members.find((m) => pid(m) === match.participants[1]!.id)!;
  return [first, second] as const;
}

async function disputedMatch(tournament: TTournamentSettingsInput = {}) {
  const { contest, members, pid } = await knockout(2, tournament);
  const [match] = await as(creator).tournaments.matches({ contestId: contest.id });
  const [a, b] = await playersOf(match!, members, pid);
  return { contest, match: match!, a, b, pid };
}

describe('tournaments.dispute with both sides', () => {
  it('keeps the report and the dispute, each with who, what and when, in every read', async () => {
    const { match, a, b, pid } = await disputedMatch();
    const before = Date.now();
    await as(a).tournaments.report({ matchId: match.id, scores: [3, 1] });
    const disputed = await as(b).tournaments.dispute({
      matchId: match.id,
      scores: [1, 3],
      reason: 'Wrong score: I won 3-1',
    });
    expect(disputed.report.state).toBe('disputed');
    expect(disputed.report.reported).toMatchObject({
      by: { id: pid(a), name: a.username },
      scores: [3, 1],
      games: null,
      forfeit: null,
    });
    // The reason is the disputer's, under the disputer's name.
    expect(disputed.report.disputed).toMatchObject({
      by: { id: pid(b), name: b.username },
      scores: [1, 3],
      games: null,
      reason: 'Wrong score: I won 3-1',
    });
    expect(disputed.report.disputed!.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const queued = (await as(moderator).tournaments.disputes()).find((m) => m.id === match.id)!;
    expect(queued.report).toEqual(disputed.report);
    const told = await t.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.kind, 'match_result_disputed')));
    expect(told[0]!.body).toContain(`${b.username} disputed`);
    expect(told[0]!.body).toContain('Wrong score: I won 3-1');
  });

  it('asks the disputer for a result of their own, not the one reported', async () => {
    const { match, a, b } = await disputedMatch();
    await as(a).tournaments.report({ matchId: match.id, scores: [3, 1] });
    expect(
      await refusal(
        as(b).tournaments.dispute({ matchId: match.id, reason: 'no' } as unknown as {
          matchId: number;
          scores: [number, number];
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Give both scores' });
    expect(
      await refusal(as(b).tournaments.dispute({ matchId: match.id, scores: [3, 1] })),
    ).toMatchObject({ code: 'BAD_REQUEST', reason: 'same_result' });
    expect(
      await refusal(as(b).tournaments.dispute({ matchId: match.id, scores: [2, 2] })),
    ).toMatchObject({ code: 'BAD_REQUEST', reason: 'draw_not_allowed' });
    expect(
      await refusal(as(a).tournaments.dispute({ matchId: match.id, scores: [1, 3] })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'nothing_to_confirm' });
  });
});

describe('tournaments.decide', () => {
  it.each([
    ['reported', 'a'],
    ['disputed', 'b'],
  ] as const)('accepts the %s result, audited, both players told', async (accept, winnerKey) => {
    const { match, a, b, pid } = await disputedMatch();
    await as(a).tournaments.report({ matchId: match.id, scores: [3, 1] });
    await as(b).tournaments.dispute({ matchId: match.id, scores: [1, 3], reason: 'I won' });
    expect(await refusal(as(a).tournaments.decide({ matchId: match.id, accept }))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'not_organiser',
    });
    const decided = await as(moderator).tournaments.decide({ matchId: match.id, accept });
    expect(decided.status).toBe('completed');
    expect(decided.report.state).toBe('confirmed');
    // Both sides are still there to read beside the result.
    expect(decided.report.reported!.scores).toEqual([3, 1]);
    expect(decided.report.disputed!.scores).toEqual([1, 3]);
    const winner = decided.participants.find((p) => p!.result === 'win')!;
    expect(winner.id).toBe(pid(winnerKey === 'a' ? a : b));
    const audit = await t.db
      .select({ action: auditLog.action, after: auditLog.after, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'match'), eq(auditLog.targetId, String(match.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe('match.dispute.decided');
    expect(audit[0]!.actorId).toBe(moderator.id);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ accepted: accept });
    for (const player of [a, b]) {
      const told = await t.db
        .select({ title: notifications.title, body: notifications.body })
        .from(notifications)
        .where(eq(notifications.userId, player.id));
      const decision = told.find((n) => n.title.startsWith('Disputed match decided'));
      expect(decision?.body).toContain(`${(winnerKey === 'a' ? a : b).username}'s result`);
    }
    expect((await as(moderator).tournaments.disputes()).map((m) => m.id)).not.toContain(match.id);
    expect(
      await refusal(as(creator).tournaments.decide({ matchId: match.id, accept })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'nothing_to_decide' });
  });

  it('takes a third result from the organiser, checked like any report', async () => {
    const { match, a, b, pid } = await disputedMatch({ bestOf: 3 });
    await as(a).tournaments.report({
      matchId: match.id,
      scores: [2, 0],
      games: [
        [11, 5],
        [11, 7],
      ],
    });
    await as(b).tournaments.dispute({
      matchId: match.id,
      scores: [0, 2],
      games: [
        [5, 11],
        [7, 11],
      ],
      reason: 'Swapped',
    });
    expect(
      await refusal(as(creator).tournaments.decide({ matchId: match.id, scores: [2, 1] })),
    ).toMatchObject({ code: 'BAD_REQUEST', reason: 'best_of_mismatch' });
    const decided = await as(creator).tournaments.decide({
      matchId: match.id,
      scores: [1, 2],
      games: [
        [11, 9],
        [3, 11],
        [9, 11],
      ],
    });
    expect(decided.participants.map((p) => p!.score)).toEqual([1, 2]);
    expect(decided.participants.find((p) => p!.result === 'win')!.id).toBe(pid(b));
    const [row] = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'match'), eq(auditLog.targetId, String(match.id))));
    expect(JSON.parse(row!.after!)).toMatchObject({ accepted: 'other', scores: [1, 2] });
  });

  it('refuses a match without a dispute, and an unknown one', async () => {
    const { match } = await disputedMatch();
    expect(
      await refusal(as(creator).tournaments.decide({ matchId: match.id, accept: 'reported' })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'nothing_to_decide' });
    expect(
      await refusal(as(creator).tournaments.decide({ matchId: 999_999, accept: 'reported' })),
    ).toMatchObject({ code: 'NOT_FOUND', reason: 'match_not_found' });
    expect(
      await refusal(as(outsider).tournaments.decide({ matchId: match.id, scores: [1, 0] })),
    ).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('best-of-N', () => {
  it('reads each match’s N, the finals’ own in the final', async () => {
    const { contest } = await knockout(4, { bestOf: 3, finalsBestOf: 5 });
    const bracket = await as(creator).tournaments.bracket({ contestId: contest.id });
    const rounds = bracket.stages[0]!.groups[0]!.rounds;
    expect(rounds.map((r) => [r.name, r.matches[0]!.bestOf])).toEqual([
      ['Semi-finals', 3],
      ['Final', 5],
    ]);
  });

  it('refuses a report that disagrees with N, with a clear message; takes one that agrees', async () => {
    const { contest, members, pid } = await knockout(2, { bestOf: 3 });
    const [match] = await as(creator).tournaments.matches({ contestId: contest.id });
    const [a] = await playersOf(match!, members, pid);
    const cases: [{ scores: [number, number]; games?: [number, number][] }, string][] = [
      [{ scores: [2, 1] }, 'This match is best of 3: give the score of each game played'],
      [
        {
          scores: [2, 0],
          games: [
            [11, 5],
            [5, 11],
          ],
        },
        'This match is best of 3: the winner takes 2 games',
      ],
      [
        {
          scores: [3, 0],
          games: [
            [11, 5],
            [11, 5],
            [11, 5],
          ],
        },
        'Game 3 cannot be played: the match was won after game 2',
      ],
      [
        {
          scores: [2, 1],
          games: [
            [11, 5],
            [11, 11],
            [11, 5],
          ],
        },
        'Game 2 has no winner: one side must score more',
      ],
      [
        {
          scores: [2, 1],
          games: [
            [11, 5],
            [11, 7],
          ],
        },
        "The match's score is the games each side won: 2-0",
      ],
    ];
    for (const [report, message] of cases) {
      expect(
        await refusal(as(a).tournaments.report({ matchId: match!.id, ...report })),
      ).toMatchObject({ code: 'BAD_REQUEST', reason: 'best_of_mismatch', message });
    }
    const pending = await as(a).tournaments.report({
      matchId: match!.id,
      scores: [2, 1],
      games: [
        [11, 5],
        [8, 11],
        [11, 9],
      ],
    });
    expect(pending.report.reported).toMatchObject({
      scores: [2, 1],
      games: [
        [11, 5],
        [8, 11],
        [11, 9],
      ],
    });
  });

  it('takes no games in a best of 1', async () => {
    const { contest } = await knockout(2);
    const [match] = await as(creator).tournaments.matches({ contestId: contest.id });
    expect(match!.bestOf).toBe(1);
    expect(
      await refusal(
        as(creator).tournaments.report({ matchId: match!.id, scores: [1, 0], games: [[1, 0]] }),
      ),
    ).toMatchObject({ reason: 'best_of_mismatch' });
  });

  it('is one shared rule', () => {
    expect(bestOfFor({ bestOf: 3, finalsBestOf: 0 }, true)).toBe(3);
    expect(bestOfFor({ bestOf: 3, finalsBestOf: 7 }, true)).toBe(7);
    expect(bestOfFor({ bestOf: 3, finalsBestOf: 7 }, false)).toBe(3);
    expect(
      bestOfProblem(
        5,
        [3, 2],
        [
          [1, 0],
          [0, 1],
          [1, 0],
          [0, 1],
          [1, 0],
        ],
      ),
    ).toBeNull();
    expect(
      bestOfProblem(
        7,
        [4, 0],
        [
          [1, 0],
          [1, 0],
          [1, 0],
          [1, 0],
        ],
      ),
    ).toBeNull();
    expect(bestOfProblem(1, [16, 14], undefined)).toBeNull();
  });
});
