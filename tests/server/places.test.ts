// Places, not points (issue 29, point 5): the shared formatter as a table of cases, and a
// finished knockout read everywhere a score would show (leaderboard, the member's status,
// dashboard, analytics, the results notices) as places.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { contestParticipants, notifications } from '../../src/server/platform/db/schema';
import { ordinal, placeText, ranksByPlace } from '../../src/shared/places';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { insertContest } from '../helpers/contests';

describe('placeText', () => {
  it.each([
    [1, 1, '1st'],
    [2, 1, '2nd'],
    [3, 1, '3rd'],
    [4, 1, '4th'],
    [11, 1, '11th'],
    [12, 1, '12th'],
    [13, 1, '13th'],
    [21, 1, '21st'],
    [22, 1, '22nd'],
    [103, 1, '103rd'],
    [111, 1, '111th'],
    [3, 2, '3rd-4th'],
    [5, 4, '5th-8th'],
    [1, 3, '1st-3rd'],
  ])('place %i shared by %i: %s', (place, shared, text) => {
    expect(placeText(place, shared)).toBe(text);
  });
  it('ordinal alone', () => expect(ordinal(42)).toBe('42nd'));
});

describe('ranksByPlace', () => {
  const at = new Date();
  it.each([
    [
      'a finished knockout',
      { format: 'knockout', status: 'completed', bracketGeneratedAt: at },
      true,
    ],
    ['a finished league', { format: 'league', status: 'completed', bracketGeneratedAt: at }, true],
    [
      'a knockout being played',
      { format: 'knockout', status: 'active', bracketGeneratedAt: at },
      false,
    ],
    [
      'a scored league never generated',
      { format: 'league', status: 'completed', bracketGeneratedAt: null },
      false,
    ],
    ['an open contest', { format: 'open', status: 'completed', bracketGeneratedAt: null }, false],
  ] as const)('%s: %s', (_name, contest, expected) => {
    expect(ranksByPlace(contest)).toBe(expected);
  });
});

const t = await createTestDb();
afterAll(() => t.close());

describe('a finished knockout reads as places', () => {
  it('on the leaderboard, the member’s status, the dashboard, analytics and the notices', async () => {
    const creator = await createUser(t.db);
    const as = (user: CreatedUser) => callerFor(t, user).caller;
    const contest = await insertContest(t.db, {
      createdBy: creator.id,
      format: 'knockout',
      registrationDeadline: new Date(Date.now() - 60_000),
    });
    const members: CreatedUser[] = [];
    for (let i = 0; i < 4; i++) {
      const m = await createUser(t.db);
      await addParticipant({ db: t.db, contestId: contest.id, userId: m.id });
      members.push(m);
    }
    const rows = await t.db
      .select({ id: contestParticipants.id, userId: contestParticipants.userId })
      .from(contestParticipants)
      .where(eq(contestParticipants.contestId, contest.id));
    const order = members.map((m) => rows.find((r) => r.userId === m.id)!.id);
    const c = as(creator);
    await c.tournaments.generate({ contestId: contest.id, seeding: 'manual', order });
    // Before the end the board is not one of places.
    expect((await c.leaderboard.get({ contestId: contest.id })).ranksBy).toBeUndefined();
    for (let step = 0; step < 5; step++) {
      const ready = (await c.tournaments.matches({ contestId: contest.id, status: 'ready' }))[0];
      if (!ready) break;
      await c.tournaments.report({ matchId: ready.id, scores: [2, 1] });
    }
    // Seeds 1 and 2 win their semi-finals (1 v 4, 2 v 3), seed 1 the final: no third-place match.
    const [champion, runnerUp, semi1, semi2] = [members[0]!, members[1]!, members[3]!, members[2]!];
    const board = await as(champion).leaderboard.get({ contestId: contest.id });
    expect(board.ranksBy).toBe('place');
    expect(board.entries.slice(0, 2).map((e) => [e.username, e.place])).toEqual([
      [champion.username, '1st'],
      [runnerUp.username, '2nd'],
    ]);
    expect(board.entries.slice(2).map((e) => [e.username, e.place])).toEqual(
      expect.arrayContaining([
        [semi1.username, '3rd-4th'],
        [semi2.username, '3rd-4th'],
      ]),
    );
    expect(board.me).toMatchObject({ rank: 1, place: '1st' });

    const status = await as(semi1).participation.status({ contestId: contest.id });
    expect(status.place).toBe('3rd-4th');
    const dashboard = await as(champion).me.dashboard();
    expect(dashboard.recent.find((r) => r.contestId === contest.id)?.place).toBe('1st');
    const analytics = await as(semi2).me.analytics();
    expect(analytics.history.find((r) => r.contestId === contest.id)?.place).toBe('3rd-4th');

    const bodies = await t.db
      .select({ userId: notifications.userId, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.kind, 'contest_results'));
    expect(bodies.find((b) => b.userId === champion.id)?.body).toContain(
      'You finished in 1st place of 4.',
    );
    expect(bodies.find((b) => b.userId === semi2.id)?.body).toContain(
      'You finished in 3rd-4th place of 4.',
    );
    expect(bodies.map((b) => b.body).join(' ')).not.toMatch(/pts|#1 of/);
  });
});
