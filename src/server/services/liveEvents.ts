// Live leaderboards (leaderboard.onChange): an in-process event hub per database. A change of a
// contest's ranking (scores, a join, a leave, a member's deletion) is announced once its
// transaction has committed; every open subscription of that contest hears it at once and its
// client reads the leaderboard again. The whole platform is one process over one SQLite file, so
// an EventEmitter is all the fan-out there is to do.
import crypto from 'node:crypto';
import { EventEmitter, on } from 'node:events';
import type { DB } from '../db/client';
import type { TLeaderboardChange } from '../../shared/schemas/participation';

interface Hub {
  emitter: EventEmitter;
  /** How many changes each contest has had since this process started. */
  versions: Map<number, number>;
}

const hubs = new WeakMap<DB, Hub>();

/** Event ids carry this process's mark: an id seen before a restart never matches a new one. */
const BOOT = crypto.randomBytes(4).toString('hex');

function hubOf(db: DB): Hub {
  let hub = hubs.get(db);
  if (!hub) {
    const emitter = new EventEmitter();
    // One listener per open leaderboard: hundreds of viewers of one contest are expected.
    emitter.setMaxListeners(0);
    hubs.set(db, (hub = { emitter, versions: new Map() }));
  }
  return hub;
}

const channel = (contestId: number) => `contest:${contestId}`;
const eventId = (version: number) => `${BOOT}.${version}`;

/** Tells every open subscription of these contests that their leaderboard changed. */
export function announceLeaderboardChanges({
  db,
  contestIds,
}: {
  db: DB;
  contestIds: Iterable<number>;
}): void {
  const hub = hubOf(db);
  for (const contestId of new Set(contestIds)) {
    const version = (hub.versions.get(contestId) ?? 0) + 1;
    hub.versions.set(contestId, version);
    hub.emitter.emit(channel(contestId), { contestId, version } satisfies TLeaderboardChange);
  }
}

export interface LeaderboardEvent {
  /** For the client's Last-Event-ID on a reconnect. */
  id: string;
  change: TLeaderboardChange;
}

/**
 * The changes of one contest's leaderboard, as they happen, until `signal` aborts. A client
 * coming back with the id of the last event it saw hears at once about any change it missed.
 */
export async function* leaderboardChanges({
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
  const hub = hubOf(db);
  // Listening starts before the version is read, so no change falls between the two.
  const events = on(hub.emitter, channel(contestId), { signal });
  const version = hub.versions.get(contestId) ?? 0;
  if (lastEventId && lastEventId !== eventId(version)) {
    yield { id: eventId(version), change: { contestId, version } };
  }
  try {
    for await (const [change] of events) {
      const next = change as TLeaderboardChange;
      yield { id: eventId(next.version), change: next };
    }
  } catch (error) {
    // The client went away (or the server is closing): the end of the stream, not a failure.
    if (signal?.aborted) return;
    throw error;
  }
}
