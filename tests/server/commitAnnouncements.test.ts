// A transaction's live announcements are counted once, just before its COMMIT (platform/db/
// beforeCommit.ts, platform/events.ts): however many of its writes announce a channel, the
// channel's version moves by one and its streams hear one change, after the commit; a
// transaction that rolls back announces nothing. On either engine.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceLeaderboardChanges, leaderboardChanges } from '../../src/server/platform/events';
import { beforeCommit } from '../../src/server/platform/db/beforeCommit';
import { liveChannels } from '../../src/server/platform/db/schema';
import { createTestDb, type TestDb } from '../helpers/db';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

async function versionOf(contestId: number): Promise<number> {
  const [row] = await t.db
    .select({ version: liveChannels.version })
    .from(liveChannels)
    .where(eq(liveChannels.channel, `contest:${contestId}`));
  return row?.version ?? 0;
}

describe("a transaction's announcements", () => {
  it('count once at the commit, and the streams hear them after it', async () => {
    const contestId = 7101;
    const controller = new AbortController();
    const stream = await leaderboardChanges({
      db: t.db,
      contestId,
      viewerId: 1,
      signal: controller.signal,
    });
    try {
      const heard = stream.next();
      let insideVersion = -1;
      await t.db.transaction(async (tx) => {
        for (let i = 0; i < 3; i++)
          await announceLeaderboardChanges({ db: tx, contestIds: [contestId] });
        await announceLeaderboardChanges({ db: tx, contestIds: [contestId, contestId + 1] });
        // Nothing counted yet: the count is the transaction's last statement.
        const [row] = await tx
          .select({ version: liveChannels.version })
          .from(liveChannels)
          .where(eq(liveChannels.channel, `contest:${contestId}`));
        insideVersion = row?.version ?? 0;
      });
      expect(insideVersion).toBe(0);
      expect(await versionOf(contestId)).toBe(1);
      expect(await versionOf(contestId + 1)).toBe(1);
      const event = (await heard).value!;
      expect(event.change).toEqual({ contestId, version: 1 });
    } finally {
      controller.abort();
    }
  });

  it('count nothing when the transaction rolls back', async () => {
    const contestId = 7201;
    await expect(
      t.db.transaction(async (tx) => {
        await announceLeaderboardChanges({ db: tx, contestIds: [contestId] });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await versionOf(contestId)).toBe(0);
  });

  it('outside a transaction, count at once', async () => {
    const contestId = 7301;
    await announceLeaderboardChanges({ db: t.db, contestIds: [contestId] });
    expect(await versionOf(contestId)).toBe(1);
  });

  it('run work asked for in a savepoint with its transaction, once per key', async () => {
    const ran: string[] = [];
    const key = {};
    expect(
      beforeCommit(
        t.db,
        key,
        () => [],
        async () => undefined,
      ),
    ).toBeNull();
    await t.db.transaction(async (tx) => {
      beforeCommit(
        tx,
        key,
        () => ['first'],
        async (_tx, state) => {
          ran.push(...state);
        },
      )!.push('outer');
      await tx.transaction(async (inner) => {
        beforeCommit(
          inner,
          key,
          () => ['never'],
          async () => undefined,
        )!.push('savepoint');
      });
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['first', 'outer', 'savepoint']);
  });
});
