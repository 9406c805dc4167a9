// Live updates (server-sent events through tRPC subscriptions): an in-process event hub per
// database with one channel per contest (its leaderboard: scores, a join, a leave, a member's
// deletion) and one per member (their payment proofs: sent, verified, rejected). A change is
// announced once its transaction has committed; every open subscription of that channel hears it
// at once and its client reads the data again. The whole platform is one process over one SQLite
// file, so an EventEmitter is all the fan-out there is to do.
import crypto from 'node:crypto';
import { EventEmitter, on } from 'node:events';
import type { DB } from './db/client';
import type { TLeaderboardChange } from '../../shared/schemas/participation';
import type { TPaymentsChange } from '../../shared/schemas/payments';

type Channel = `contest:${number}` | `user:${number}`;

interface Hub {
  emitter: EventEmitter;
  /** How many changes each channel has had since this process started. */
  versions: Map<Channel, number>;
}

const hubs = new WeakMap<DB, Hub>();

/** Event ids carry this process's mark: an id seen before a restart never matches a new one. */
const BOOT = crypto.randomBytes(4).toString('hex');

function hubOf(db: DB): Hub {
  let hub = hubs.get(db);
  if (!hub) {
    const emitter = new EventEmitter();
    // One listener per open page: hundreds of viewers of one contest are expected.
    emitter.setMaxListeners(0);
    hubs.set(db, (hub = { emitter, versions: new Map() }));
  }
  return hub;
}

const eventId = (version: number) => `${BOOT}.${version}`;

function announce(db: DB, channel: Channel): number {
  const hub = hubOf(db);
  const version = (hub.versions.get(channel) ?? 0) + 1;
  hub.versions.set(channel, version);
  hub.emitter.emit(channel, version);
  return version;
}

export interface LiveEvent<T> {
  /** For the client's Last-Event-ID on a reconnect. */
  id: string;
  change: T;
}

/**
 * The changes of one channel, as they happen, until `signal` aborts. A client coming back with
 * the id of the last event it saw hears at once about any change it missed.
 */
async function* changesOf<T>(
  db: DB,
  channel: Channel,
  toChange: (version: number) => T,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
): AsyncGenerator<LiveEvent<T>> {
  const hub = hubOf(db);
  // Listening starts before the version is read, so no change falls between the two.
  const events = on(hub.emitter, channel, { signal });
  const version = hub.versions.get(channel) ?? 0;
  if (lastEventId && lastEventId !== eventId(version)) {
    yield { id: eventId(version), change: toChange(version) };
  }
  try {
    for await (const [next] of events) {
      yield { id: eventId(next as number), change: toChange(next as number) };
    }
  } catch (error) {
    // The client went away (or the server is closing): the end of the stream, not a failure.
    if (signal?.aborted) return;
    throw error;
  }
}

/** Tells every open subscription of these contests that their leaderboard changed. */
export function announceLeaderboardChanges({
  db,
  contestIds,
}: {
  db: DB;
  contestIds: Iterable<number>;
}): void {
  for (const contestId of new Set(contestIds)) announce(db, `contest:${contestId}`);
}

export type LeaderboardEvent = LiveEvent<TLeaderboardChange>;

/** The changes of one contest's leaderboard, as they happen, until `signal` aborts. */
export function leaderboardChanges({
  db,
  contestId,
  lastEventId,
  signal,
}: {
  db: DB;
  contestId: number;
  lastEventId?: string | null;
  signal?: AbortSignal;
}): AsyncGenerator<LeaderboardEvent> {
  return changesOf(
    db,
    `contest:${contestId}`,
    (version) => ({ contestId, version }),
    lastEventId,
    signal,
  );
}

/**
 * Tells a member's open pages that one of their payment proofs changed (sent, verified,
 * rejected): their contest page's join panel and /payment read their state again.
 */
export function announcePaymentChanges({ db, userId }: { db: DB; userId: number | null }): void {
  if (userId !== null) announce(db, `user:${userId}`);
}

/** The changes of one member's payment proofs, as they happen, until `signal` aborts. */
export function paymentChanges({
  db,
  userId,
  lastEventId,
  signal,
}: {
  db: DB;
  userId: number;
  lastEventId?: string | null;
  signal?: AbortSignal;
}): AsyncGenerator<LiveEvent<TPaymentsChange>> {
  return changesOf(db, `user:${userId}`, (version) => ({ version }), lastEventId, signal);
}
