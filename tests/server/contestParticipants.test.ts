// contests.participants always equals the number of contest_participants rows: through joins and
// leaves (the one service that changes them), a member's deletion (their rows cascade and the
// count follows in the same transaction) and a contest's deletion (its rows cascade).
import { count, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { contestParticipants, contests, uploads, users } from '../../src/server/platform/db/schema';
import {
  addParticipant,
  applyScores,
  participantCount,
  rankBucketSize,
  rankColumn,
  removeParticipant,
} from '../../src/server/domain/participation/contestParticipants';
import { rankBuckets } from '../../src/server/platform/db/schema';
import { deleteUser } from '../../src/server/domain/accounts/adminUsers';
import { removeOrphanUploads } from '../../src/server/platform/files/cleanup';
import { createTestDb, createUser, type TestDb } from '../helpers/db';
import { insertContest, storedContest, uploadRow } from '../helpers/contests';

const t = await createTestDb();
afterAll(() => t.close());
const admin = await createUser(t.db, { role: 'admin' });
const actor = { id: admin.id, username: admin.username, role: admin.role };

/** Every contest (of those given, or all) whose stored count differs from its rows. */
async function drift(db: TestDb['db'], only?: number[]) {
  const rows = await db
    .select({ id: contests.id, stored: contests.participants })
    .from(contests)
    .where(only ? inArray(contests.id, only) : undefined);
  const drifted: typeof rows = [];
  for (const c of rows) {
    if (c.stored !== (await participantCount({ db, contestId: c.id }))) drifted.push(c);
  }
  return drifted;
}

describe('participants', () => {
  it('counts a join once, a repeated join not at all, and a leave', async () => {
    const member = await createUser(t.db);
    const contest = await insertContest(t.db, { createdBy: admin.id });
    expect(await addParticipant({ db: t.db, contestId: contest.id, userId: member.id })).toBe(true);
    expect(await addParticipant({ db: t.db, contestId: contest.id, userId: member.id })).toBe(
      false,
    );
    expect((await storedContest(t.db, contest.id))?.participants).toBe(1);
    expect(await removeParticipant({ db: t.db, contestId: contest.id, userId: member.id })).toBe(
      true,
    );
    expect(await removeParticipant({ db: t.db, contestId: contest.id, userId: member.id })).toBe(
      false,
    );
    expect((await storedContest(t.db, contest.id))?.participants).toBe(0);
  });

  it('follows a deleted member out of every contest they joined, in one transaction', async () => {
    const leaving = await createUser(t.db);
    const staying = await createUser(t.db);
    const a = await insertContest(t.db, { createdBy: admin.id });
    const b = await insertContest(t.db, { createdBy: admin.id });
    for (const contestId of [a.id, b.id]) {
      await addParticipant({ db: t.db, contestId, userId: leaving.id });
      await addParticipant({ db: t.db, contestId, userId: staying.id });
    }
    await deleteUser({ db: t.db, actor, id: leaving.id });
    expect((await storedContest(t.db, a.id))?.participants).toBe(1);
    expect((await storedContest(t.db, b.id))?.participants).toBe(1);
    expect(await drift(t.db)).toEqual([]);
  });

  it("takes a deleted contest's rows with it", async () => {
    const member = await createUser(t.db);
    const contest = await insertContest(t.db, { createdBy: admin.id });
    await addParticipant({ db: t.db, contestId: contest.id, userId: member.id });
    await t.db.delete(contests).where(eq(contests.id, contest.id));
    expect(
      (
        await t.db
          .select({ n: count() })
          .from(contestParticipants)
          .where(eq(contestParticipants.contestId, contest.id))
      )[0]?.n,
    ).toBe(0);
  });

  it('never drifts from the rows under any sequence of joins, leaves and deletions', async () => {
    const p = await createTestDb();
    try {
      const boss = await createUser(p.db, { role: 'admin' });
      const bossActor = { id: boss.id, username: boss.username, role: boss.role };
      let run = 0;
      const step = fc.oneof(
        fc.record({
          kind: fc.constantFrom('join' as const, 'leave' as const),
          contest: fc.nat({ max: 2 }),
          member: fc.nat({ max: 5 }),
        }),
        fc.record({ kind: fc.constant('delete' as const), member: fc.nat({ max: 5 }) }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
          // Fresh members and contests per run: deletions of one run do not empty the next.
          run += 1;
          const members: { id: number }[] = [];
          for (let i = 0; i < 6; i++) {
            const [member] = await p.db
              .insert(users)
              .values({
                username: `p${run}_${i}`,
                email: `p${run}_${i}@example.com`,
                password: 'x',
              })
              .returning({ id: users.id });
            members.push(member!);
          }
          const ids: number[] = [];
          for (let i = 0; i < 3; i++)
            ids.push((await insertContest(p.db, { createdBy: boss.id })).id);
          const alive = new Set(members.map((m) => m.id));
          for (const s of steps) {
            const userId = members[s.member]!.id;
            if (s.kind === 'delete') {
              if (alive.delete(userId))
                await deleteUser({ db: p.db, actor: bossActor, id: userId });
            } else if (s.kind === 'join') {
              if (alive.has(userId)) {
                await addParticipant({ db: p.db, contestId: ids[s.contest]!, userId });
              }
            } else {
              await removeParticipant({ db: p.db, contestId: ids[s.contest]!, userId });
            }
            expect(await drift(p.db, ids)).toEqual([]);
          }
        }),
        { seed: 20_261_123, numRuns: 40 },
      );
      // The runs did join members: the invariant was tested on non-zero counts.
      const joined = (await p.db.select({ n: count() }).from(contestParticipants))[0]?.n ?? 0;
      expect(joined).toBeGreaterThan(0);
    } finally {
      await p.close();
    }
  });
});

describe('rank buckets', () => {
  it('keep every rank right while one bucket fills up past its limit and is laid out again', async () => {
    const size = rankBucketSize.rows;
    rankBucketSize.rows = 1;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('higher' as const, 'lower' as const),
          fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 14 }),
          fc.array(fc.tuple(fc.nat({ max: 13 }), fc.integer({ min: 0, max: 3 })), {
            maxLength: 20,
          }),
          async (scoreOrder, joins, changes) => {
            const contest = await insertContest(t.db, {
              createdBy: admin.id,
              status: 'active',
              scoreOrder,
            });
            const ids: number[] = [];
            for (const score of joins) {
              const member = await createUser(t.db);
              await addParticipant({ db: t.db, contestId: contest.id, userId: member.id, score });
              const [row] = await t.db
                .select({ id: contestParticipants.id })
                .from(contestParticipants)
                .where(eq(contestParticipants.userId, member.id));
              ids.push(row!.id);
            }
            // One score at a time: each moves two counters, or lays the buckets out.
            for (const [who, score] of changes) {
              const participantId = ids[who % ids.length]!;
              await applyScores({
                db: t.db,
                contestId: contest.id,
                scores: [{ participantId, score }],
              });
            }
            const rows = await t.db
              .select({ score: contestParticipants.score, rank: rankColumn() })
              .from(contestParticipants)
              .where(eq(contestParticipants.contestId, contest.id));
            const better = (a: number, b: number) => (scoreOrder === 'higher' ? a > b : a < b);
            for (const r of rows) {
              expect(r.rank).toBe(1 + rows.filter((o) => better(o.score!, r.score!)).length);
            }
            // The buckets count every scored row once.
            const [counted] = await t.db
              .select({ n: sql<number>`sum(${rankBuckets.n})`.mapWith(Number) })
              .from(rankBuckets)
              .where(eq(rankBuckets.contestId, contest.id));
            expect(counted!.n).toBe(rows.length);
          },
        ),
        { numRuns: 25 },
      );
    } finally {
      rankBucketSize.rows = size;
    }
  });
});

describe('contest files and the upload clean-up', () => {
  it("keeps a contest's cover and guide, and removes an upload nothing points at", async () => {
    const owner = await createUser(t.db);
    const cover = await uploadRow(t.db, owner.id, 'cover');
    const guide = await uploadRow(t.db, owner.id, 'guide');
    const stray = await uploadRow(t.db, owner.id, 'cover');
    await insertContest(t.db, { createdBy: owner.id, coverImage: cover, pdfGuide: guide });
    const result = await removeOrphanUploads({
      db: t.db,
      uploadDir: t.deps.uploadDir,
      olderThanMs: 0,
      now: Date.now() + 1000,
    });
    const left = (await t.db.select().from(uploads)).map((u) => `/uploads/${u.fileName}`);
    expect(left).toContain(cover);
    expect(left).toContain(guide);
    expect(left).not.toContain(stray);
    expect(result.rows).toBeGreaterThanOrEqual(1);
  });
});
