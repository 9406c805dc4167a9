// Live streams coalesce bursts (platform/events.ts): the first change is said at once, what
// follows within COALESCE_MS reaches each stream as one event with the latest version, so a
// viewer reads its leaderboard again once per burst, not once per change. On either engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announceLeaderboardChanges,
  COALESCE_MS,
  leaderboardChanges,
} from '../../src/server/platform/events';
import { createTestDb, type TestDb } from '../helpers/db';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

const NO_EVENT = Symbol('no event');

/** The stream's next event, or NO_EVENT when none comes within `ms`. */
async function nextWithin<T>(events: AsyncIterator<T>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const quiet = new Promise<typeof NO_EVENT>((resolve) => {
    timer = setTimeout(() => resolve(NO_EVENT), ms);
  });
  const next = events.next().then((r) => r.value as T);
  try {
    return await Promise.race([next, quiet]);
  } finally {
    clearTimeout(timer);
  }
}

describe('a burst of changes', () => {
  it('reaches each stream as the first change, then one event with the latest', async () => {
    const contestId = 4242;
    const controller = new AbortController();
    const streams = await Promise.all(
      [1, 2, 3].map(() => leaderboardChanges({ db: t.db, contestId, signal: controller.signal })),
    );
    try {
      const firsts = streams.map((s) => s.next());
      // Twenty changes, one after another, as a score batch or a rush of joins makes them.
      for (let i = 0; i < 20; i++) {
        await announceLeaderboardChanges({ db: t.db, contestIds: [contestId] });
      }
      await Promise.all(
        streams.map(async (stream, i) => {
          const first = (await firsts[i])!.value!;
          const second = await nextWithin(stream, COALESCE_MS * 8);
          expect(second).not.toBe(NO_EVENT);
          const last = second as typeof first;
          // The latest version, and nothing after it: at most two reads for twenty changes.
          expect(last.change.version).toBe(20);
          expect(Number(last.id)).toBe(20);
          expect(first.change.version).toBeLessThan(20);
          expect(await nextWithin(stream, COALESCE_MS * 3)).toBe(NO_EVENT);
        }),
      );
    } finally {
      controller.abort();
    }
  });

  it('ends the stream when its viewer leaves, with nothing left listening', async () => {
    const controller = new AbortController();
    const stream = await leaderboardChanges({
      db: t.db,
      contestId: 4343,
      signal: controller.signal,
    });
    const pending = stream.next();
    controller.abort();
    expect((await pending).done).toBe(true);
  });
});
