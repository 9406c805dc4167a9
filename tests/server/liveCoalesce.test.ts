// Live streams coalesce bursts (platform/events.ts): the first change is said at once, what
// follows within COALESCE_MS reaches each stream as one event with the latest version, so a
// viewer reads its leaderboard again once per burst, not once per change. And a member holds at
// most MAX_STREAMS_PER_MEMBER streams on a server: a newer one closes their oldest. On either
// engine.
import { setMaxListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announceLeaderboardChanges,
  COALESCE_MS,
  leaderboardChanges,
  MAX_STREAMS_PER_MEMBER,
  notificationChanges,
} from '../../src/server/platform/events';
import { AppError } from '../../src/server/platform/errors';
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
      [1, 2, 3].map((viewerId) =>
        leaderboardChanges({ db: t.db, contestId, viewerId, signal: controller.signal }),
      ),
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
          // Bounded generously: it ends as soon as the event comes; on PostgreSQL under two
          // files at a time the NOTIFY round trip once took longer than 8 windows.
          const second = await nextWithin(stream, 15_000);
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
      viewerId: 1,
      signal: controller.signal,
    });
    const pending = stream.next();
    controller.abort();
    expect((await pending).done).toBe(true);
  });
});

describe('streams per member', () => {
  /** One signal for many streams here (a page would have one per stream): no leak warning. */
  function sharedController() {
    const controller = new AbortController();
    setMaxListeners(2 * MAX_STREAMS_PER_MEMBER, controller.signal);
    return controller;
  }

  /** `count` leaderboard streams of one viewer, opened one after another (oldest first). */
  async function openMany(viewerId: number, contestId: number, count: number, signal: AbortSignal) {
    const streams = [];
    for (let i = 0; i < count; i++) {
      streams.push(await leaderboardChanges({ db: t.db, contestId, viewerId, signal }));
    }
    return streams;
  }

  it(`one past ${MAX_STREAMS_PER_MEMBER} closes the member's oldest (503: its client reconnects)`, async () => {
    const viewerId = 9001;
    const contestId = 4444;
    const controller = sharedController();
    const { signal } = controller;
    try {
      // The oldest is another kind of stream: every kind counts against the same cap.
      const oldest = await notificationChanges({ db: t.db, userId: viewerId, signal });
      const others = await openMany(viewerId, contestId, MAX_STREAMS_PER_MEMBER - 1, signal);
      // Another member's stream is theirs: it neither counts nor is closed.
      const [stranger] = await openMany(9002, contestId, 1, signal);
      const oldestNext = oldest.next().then(
        () => 'an event',
        (error: unknown) => error,
      );
      const pending = [...others, stranger!].map((stream) => stream.next());

      const newest = await leaderboardChanges({ db: t.db, contestId, viewerId, signal });
      const stillOpen = new Promise((resolve) => setTimeout(() => resolve('still open'), 2000));
      const closed = await Promise.race([oldestNext, stillOpen]);
      expect(closed).toBeInstanceOf(AppError);
      expect(closed).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect((await oldest.next()).done).toBe(true);

      // The rest, the newest and the stranger's all hear the next change.
      const newestNext = newest.next();
      await announceLeaderboardChanges({ db: t.db, contestIds: [contestId] });
      for (const next of [...pending, newestNext]) {
        expect((await next).value?.change.contestId).toBe(contestId);
      }
    } finally {
      controller.abort();
    }
  });

  it('a stream whose viewer left frees its place at once', async () => {
    const viewerId = 9003;
    const contestId = 4545;
    const controller = sharedController();
    const leaving = new AbortController();
    try {
      const [left] = await openMany(viewerId, contestId, 1, leaving.signal);
      const kept = await openMany(
        viewerId,
        contestId,
        MAX_STREAMS_PER_MEMBER - 1,
        controller.signal,
      );
      leaving.abort();
      expect((await left!.next()).done).toBe(true);
      const pending = kept.map((stream) => stream.next());
      // Back to the cap, not over it: nobody is closed.
      const newest = await leaderboardChanges({
        db: t.db,
        contestId,
        viewerId,
        signal: controller.signal,
      });
      const newestNext = newest.next();
      await announceLeaderboardChanges({ db: t.db, contestIds: [contestId] });
      for (const next of [...pending, newestNext]) {
        expect((await next).value?.change.contestId).toBe(contestId);
      }
    } finally {
      controller.abort();
    }
  });
});
