// contests.participants always equals the number of contest_participants rows: through joins and
// leaves (the one service that changes them), a member's deletion (their rows cascade and the
// count follows in the same transaction) and a contest's deletion (its rows cascade).
import { count, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { contestParticipants, contests, uploads, users } from '../../src/server/platform/db/schema';
import {
  addParticipant,
  participantCount,
  removeParticipant,
} from '../../src/server/domain/participation/contestParticipants';
import { deleteUser } from '../../src/server/domain/accounts/adminUsers';
import { removeOrphanUploads } from '../../src/server/platform/files/cleanup';
import { createTestDb, createUser, type TestDb } from '../helpers/db';
import { insertContest, storedContest, uploadRow } from '../helpers/contests';

const t = await createTestDb();
afterAll(() => t.close());
const admin = await createUser(t.db, { role: 'admin' });
const actor = { id: admin.id, username: admin.username, role: admin.role };

/** Every contest (of those given, or all) whose stored count differs from its rows. */
function drift(db: TestDb['db'], only?: number[]) {
  return db
    .select({ id: contests.id, stored: contests.participants })
    .from(contests)
    .where(only ? inArray(contests.id, only) : undefined)
    .all()
    .filter((c) => c.stored !== participantCount({ db, contestId: c.id }));
}

describe('participants', () => {
  it('counts a join once, a repeated join not at all, and a leave', async () => {
    const member = await createUser(t.db);
    const contest = insertContest(t.db, { createdBy: admin.id });
    expect(addParticipant({ db: t.db, contestId: contest.id, userId: member.id })).toBe(true);
    expect(addParticipant({ db: t.db, contestId: contest.id, userId: member.id })).toBe(false);
    expect(storedContest(t.db, contest.id)?.participants).toBe(1);
    expect(removeParticipant({ db: t.db, contestId: contest.id, userId: member.id })).toBe(true);
    expect(removeParticipant({ db: t.db, contestId: contest.id, userId: member.id })).toBe(false);
    expect(storedContest(t.db, contest.id)?.participants).toBe(0);
  });

  it('follows a deleted member out of every contest they joined, in one transaction', async () => {
    const leaving = await createUser(t.db);
    const staying = await createUser(t.db);
    const a = insertContest(t.db, { createdBy: admin.id });
    const b = insertContest(t.db, { createdBy: admin.id });
    for (const contestId of [a.id, b.id]) {
      addParticipant({ db: t.db, contestId, userId: leaving.id });
      addParticipant({ db: t.db, contestId, userId: staying.id });
    }
    await deleteUser({ db: t.db, actor, id: leaving.id });
    expect(storedContest(t.db, a.id)?.participants).toBe(1);
    expect(storedContest(t.db, b.id)?.participants).toBe(1);
    expect(drift(t.db)).toEqual([]);
  });

  it("takes a deleted contest's rows with it", async () => {
    const member = await createUser(t.db);
    const contest = insertContest(t.db, { createdBy: admin.id });
    addParticipant({ db: t.db, contestId: contest.id, userId: member.id });
    t.db.delete(contests).where(eq(contests.id, contest.id)).run();
    expect(
      t.db
        .select({ n: count() })
        .from(contestParticipants)
        .where(eq(contestParticipants.contestId, contest.id))
        .get()?.n,
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
      fc.assert(
        fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
          // Fresh members and contests per run: deletions of one run do not empty the next.
          run += 1;
          const members = Array.from({ length: 6 }, (_, i) =>
            p.db
              .insert(users)
              .values({
                username: `p${run}_${i}`,
                email: `p${run}_${i}@example.com`,
                password: 'x',
              })
              .returning({ id: users.id })
              .get(),
          );
          const ids = [0, 1, 2].map((): number => insertContest(p.db, { createdBy: boss.id }).id);
          const alive = new Set(members.map((m) => m.id));
          for (const s of steps) {
            const userId = members[s.member]!.id;
            if (s.kind === 'delete') {
              if (alive.delete(userId)) deleteUser({ db: p.db, actor: bossActor, id: userId });
            } else if (s.kind === 'join') {
              if (alive.has(userId)) {
                addParticipant({ db: p.db, contestId: ids[s.contest]!, userId });
              }
            } else {
              removeParticipant({ db: p.db, contestId: ids[s.contest]!, userId });
            }
            expect(drift(p.db, ids)).toEqual([]);
          }
        }),
        { seed: 20_261_123, numRuns: 40 },
      );
      // The runs did join members: the invariant was tested on non-zero counts.
      const joined = p.db.select({ n: count() }).from(contestParticipants).get()?.n ?? 0;
      expect(joined).toBeGreaterThan(0);
    } finally {
      p.close();
    }
  });
});

describe('contest files and the upload clean-up', () => {
  it("keeps a contest's cover and guide, and removes an upload nothing points at", async () => {
    const owner = await createUser(t.db);
    const cover = uploadRow(t.db, owner.id, 'cover');
    const guide = uploadRow(t.db, owner.id, 'guide');
    const stray = uploadRow(t.db, owner.id, 'cover');
    insertContest(t.db, { createdBy: owner.id, coverImage: cover, pdfGuide: guide });
    const result = await removeOrphanUploads({
      db: t.db,
      uploadDir: t.deps.uploadDir,
      olderThanMs: 0,
      now: Date.now() + 1000,
    });
    const left = t.db
      .select()
      .from(uploads)
      .all()
      .map((u) => `/uploads/${u.fileName}`);
    expect(left).toContain(cover);
    expect(left).toContain(guide);
    expect(left).not.toContain(stray);
    expect(result.rows).toBeGreaterThanOrEqual(1);
  });
});
