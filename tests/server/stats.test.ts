// Figures: the member's dashboard and analytics (PRODUCT.md 'Taking part'), the admin
// dashboard's stats (SPEC 3 'Admin stats' and what issue 9 adds), per role.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type contests, educationContent, users } from '../../src/server/platform/db/schema';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { adminStats, SIGNUP_DAYS } from '../../src/server/domain/admin/stats';
import { callerFor, createTestDb, createUser, type TestDb } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { DAY, insertContest } from '../helpers/contests';
import { insertProof } from '../helpers/payments';

const t = await createTestDb();
afterAll(() => t.close());

const creator = await createUser(t.db, { role: 'admin' });
const now = Date.now();

/** A contest with `others` members scoring 10, 20, ... and the given member at `score`. */
async function contestWith(
  userId: number,
  score: number,
  others: number,
  values: Partial<typeof contests.$inferInsert>,
) {
  const contest = await insertContest(t.db, { createdBy: creator.id, ...values });
  for (let i = 0; i < others; i++) {
    const other = await createUser(t.db);
    await addParticipant({
      db: t.db,
      contestId: contest.id,
      userId: other.id,
      score: (i + 1) * 10,
    });
  }
  await addParticipant({ db: t.db, contestId: contest.id, userId, score });
  return contest;
}

const running = {
  status: 'active' as const,
  startDate: new Date(now - DAY),
  endDate: new Date(now + DAY),
};
const upcoming = {
  status: 'active' as const,
  startDate: new Date(now + DAY),
  endDate: new Date(now + 2 * DAY),
};
const ended = (daysAgo: number) => ({
  status: 'active' as const,
  startDate: new Date(now - (daysAgo + 5) * DAY),
  endDate: new Date(now - daysAgo * DAY),
});

describe('me.dashboard', () => {
  it('counts running contests joined, the best current rank and the latest participations', async () => {
    const member = await createUser(t.db);
    const a = await contestWith(member.id, 15, 3, running); // 10, 20, 30: 15 is 3rd
    const b = await contestWith(member.id, 5, 1, running); // 10, 5: 2nd
    await contestWith(member.id, 0, 0, upcoming); // not started: its rank 1 says nothing yet
    await contestWith(member.id, 5, 2, {
      status: 'completed',
      startDate: new Date(now - 9 * DAY),
      endDate: new Date(now - 2 * DAY),
    });
    // A contest sent back to pending is left out.
    await contestWith(member.id, 1000, 0, { ...running, status: 'pending' });
    const dashboard = await callerFor(t, member).caller.me.dashboard();
    expect(dashboard.activeContests).toBe(2);
    // Not the upcoming contest's rank 1 (nobody has a score there yet).
    expect(dashboard.bestRank).toBe(2);
    expect(dashboard.recent).toHaveLength(4);
    // Newest first: a and b were joined first.
    expect(dashboard.recent.map((r) => r.contestId).slice(-2)).toEqual([b.id, a.id]);
    expect(dashboard.recent.find((r) => r.contestId === a.id)).toMatchObject({
      slug: a.slug,
      title: a.title,
      status: 'active',
      rank: 3,
      score: 15,
      participants: 4,
    });
  });

  it('says no rank ("-") where nobody has a score yet, not rank 1', async () => {
    const member = await createUser(t.db);
    const contest = await insertContest(t.db, { createdBy: creator.id, ...running });
    await addParticipant({ db: t.db, contestId: contest.id, userId: member.id });
    const other = await createUser(t.db);
    await addParticipant({ db: t.db, contestId: contest.id, userId: other.id });
    const dashboard = await callerFor(t, member).caller.me.dashboard();
    expect(dashboard.bestRank).toBeNull();
    expect(dashboard.recent[0]).toMatchObject({ rank: null, score: null, scoreDecimals: 0 });
  });

  it('says 0 and no rank ("-") for a member who joined nothing', async () => {
    const newcomer = await createUser(t.db);
    expect(await callerFor(t, newcomer).caller.me.dashboard()).toEqual({
      activeContests: 0,
      bestRank: null,
      recent: [],
    });
  });
});

describe('me.analytics', () => {
  it('sums up the member’s finished contests with ranks and percentiles, oldest first', async () => {
    const member = await createUser(t.db);
    const older = await contestWith(member.id, 25, 3, ended(10)); // 10, 20, 30, 25: 2nd of 4
    const newer = await contestWith(member.id, 0, 9, { ...ended(2), status: 'completed' }); // 10th of 10
    await contestWith(member.id, 50, 1, running); // joined, not over
    const analytics = await callerFor(t, member).caller.me.analytics();
    expect(analytics).toEqual({
      joined: 3,
      completed: 2,
      bestRank: 2,
      averageRank: 6,
      // 100 × (4 − 2 + 1) / 4 = 75 and 100 × (10 − 10 + 1) / 10 = 10.
      percentile: 42.5,
      history: [
        {
          contestId: older.id,
          slug: older.slug,
          title: older.title,
          endDate: older.endDate,
          rank: 2,
          participants: 4,
          percentile: 75,
          score: 25,
          scoreDecimals: 0,
        },
        {
          contestId: newer.id,
          slug: newer.slug,
          title: newer.title,
          endDate: newer.endDate,
          rank: 10,
          participants: 10,
          percentile: 10,
          score: 0,
          scoreDecimals: 0,
        },
      ],
    });
  });

  it('is empty for a member without history', async () => {
    const newcomer = await createUser(t.db);
    expect(await callerFor(t, newcomer).caller.me.analytics()).toEqual({
      joined: 0,
      completed: 0,
      bestRank: null,
      averageRank: null,
      percentile: null,
      history: [],
    });
  });
});

describe('admin.stats', () => {
  /** A fresh database, so every figure is known. */
  async function world(): Promise<TestDb> {
    const w = await createTestDb();
    const boss = await createUser(w.db, { role: 'admin' });
    for (const tier of ['free', 'standard', 'standard', 'pro', 'elite'] as const) {
      await createUser(w.db, { tier });
    }
    await createUser(w.db, { role: 'moderator', tier: null });
    // Signed up 3 and 40 days ago.
    const early = await createUser(w.db, { tier: 'pro' });
    const ancient = await createUser(w.db, { tier: 'free' });
    await w.db
      .update(users)
      .set({ createdAt: new Date(now - 3 * DAY) })
      .where(eq(users.id, early.id));
    await w.db
      .update(users)
      .set({ createdAt: new Date(now - 40 * DAY) })
      .where(eq(users.id, ancient.id));
    const counts = { active: 3, draft: 2, completed: 1, pending: 4, rejected: 1 } as const;
    for (const [status, n] of Object.entries(counts)) {
      for (let i = 0; i < n; i++)
        await insertContest(w.db, { createdBy: boss.id, status: status as never });
    }
    await insertProof(w.db, { userId: early.id, tier: 'elite' });
    await insertProof(w.db, { userId: early.id, tier: 'elite', status: 'rejected' });
    return w;
  }

  it('answers SPEC 3’s shape with the pending queues and 30 days of sign-ups', async () => {
    const w = await world();
    try {
      const admin = (await w.db.select({ id: users.id }).from(users))[0]!;
      const stats = await callerFor(w, admin).caller.admin.stats();
      expect(stats).toMatchObject({
        users: {
          total: 9,
          // The moderator without a tier counts as free; the admin is not counted.
          subscriptions: { free: 3, standard: 2, pro: 2, elite: 1 },
        },
        contests: { active: 3, draft: 2, completed: 1, pending: 4, rejected: 1 },
        education: { total: 0 },
        pendingContests: 4,
        pendingProofs: 1,
      });
      expect(stats.signupsPerDay).toHaveLength(SIGNUP_DAYS);
      const today = new Date(now).toISOString().slice(0, 10);
      const threeDaysAgo = new Date(now - 3 * DAY).toISOString().slice(0, 10);
      expect(stats.signupsPerDay.at(-1)).toEqual({ date: today, count: 7 });
      expect(stats.signupsPerDay.find((d) => d.date === threeDaysAgo)?.count).toBe(1);
      // The one from 40 days ago is outside the window.
      expect(stats.signupsPerDay.reduce((sum, d) => sum + d.count, 0)).toBe(8);
    } finally {
      await w.close();
    }
  });

  it('counts the education items', async () => {
    const w = await world();
    try {
      expect((await adminStats({ db: w.db })).education.total).toBe(0);
      await w.db.insert(educationContent).values([
        { slug: 'stats-a', title: 'Stats A', content: 'Body of A.' },
        { slug: 'stats-b', title: 'Stats B', content: 'Body of B.' },
      ]);
      expect((await adminStats({ db: w.db })).education.total).toBe(2);
    } finally {
      await w.close();
    }
  });

  it('is for admins only', async () => {
    for (const role of ['user', 'moderator'] as const) {
      const who = await createUser(t.db, { role });
      expect((await refusal(callerFor(t, who).caller.admin.stats())).code).toBe('FORBIDDEN');
    }
    expect((await refusal(callerFor(t).caller.admin.stats())).code).toBe('UNAUTHORIZED');
  });
});
