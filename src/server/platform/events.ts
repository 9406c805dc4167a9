// Live updates (server-sent events through tRPC subscriptions): one channel per contest (its
// leaderboard: scores, a join, a leave, a member's deletion) and one per member (their payment
// proofs: sent, verified, rejected), a contest's bracket, and a contest's discussion (one channel
// per topic, one for the contest's topic list). Every open subscription of a channel hears each change once
// its transaction has committed, and its client reads the data again.
//
// Several app servers can share one PostgreSQL database, so a change's number (the event id a
// client sends back on reconnect) is counted in the database (live_channels), and the news goes
// out on the bus between servers (platform/bus.ts: NOTIFY in the writing transaction). Each
// server keeps one bus subscription per database and fans it out to its own streams.
import { EventEmitter } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import { busOf, databaseOf, type DB, type DbOrTx } from './db/client';
import { beforeCommit } from './db/beforeCommit';
import { liveChannels } from './db/schema';
import { RESYNC } from './bus';
import { isDatabaseUnavailable } from './db/unavailable';
import { AppError } from './errors';
import type { TLeaderboardChange } from '../../shared/schemas/participation';
import type { TPaymentsChange } from '../../shared/schemas/payments';
import type { TNotificationsChange } from '../../shared/schemas/notifications';
import type { TTopicChange, TTopicListChange } from '../../shared/schemas/discussionLive';

/** The kinds of channel: a contest's leaderboard, a member's payments and notifications, a
 * contest's bracket, a discussion topic and a contest's topic list. */
type ChannelKind = 'contest' | 'user' | 'notifications' | 'bracket' | 'topic' | 'topics';
type Channel = `${ChannelKind}:${number}`;

interface Hub {
  emitter: EventEmitter;
  /** Resolves once this server listens on the bus. */
  listening: Promise<void>;
  /** Each member's open streams on this server, oldest first (a Set keeps insertion order). */
  streams: Map<number, Set<() => void>>;
}

const hubs = new WeakMap<DB, Hub>();

/** This server's fan-out of the database's live messages (`<channel> <version>`). */
function hubOf(db: DB): Hub {
  let hub = hubs.get(db);
  if (!hub) {
    const emitter = new EventEmitter();
    // One listener per open page: hundreds of viewers of one contest are expected.
    emitter.setMaxListeners(0);
    const listening = busOf(db)
      .subscribe('live', (message) => {
        if (message === RESYNC) {
          // Messages may have been lost: every open stream reads its channel's version again.
          for (const channel of emitter.eventNames()) emitter.emit(channel, null);
          return;
        }
        const [channel, version] = message.split(' ');
        if (channel && version) emitter.emit(channel, Number(version));
      })
      .then(() => undefined);
    hubs.set(db, (hub = { emitter, listening, streams: new Map() }));
  }
  return hub;
}

/** Counts one more change of a channel in `db` and sends the news once `db` commits. */
function announce(db: DbOrTx, channel: Channel): Promise<void> {
  return announceMany(db, [channel]);
}

/** Rows per statement when many channels change at once. */
const CHANNELS_PER_STATEMENT = 500;

/** The key of the channels a transaction changed (its beforeCommit work). */
const CHANGED_CHANNELS = {};

/**
 * `announce` for many channels (a score file's members, a batch's contests). Inside a
 * transaction the channels are gathered and counted just before its COMMIT, all of them in one
 * statement and told in one message send (beforeCommit: on PostgreSQL a contest's channel row
 * is then held only for the commit, not for the rest of a join). Outside one, at once.
 */
async function announceMany(db: DbOrTx, channels: readonly Channel[]): Promise<void> {
  const pending = beforeCommit(db, CHANGED_CHANNELS, () => new Set<Channel>(), countChanges);
  if (pending) for (const channel of channels) pending.add(channel);
  // Outside a transaction: one of its own, so the count and the news go the same way.
  else await databaseOf(db).transaction((tx) => announceMany(tx, channels));
}

/**
 * Numbers each channel's change (live_channels, in one order, so that two transactions never
 * wait for each other's rows crosswise) and publishes `<channel> <version>` on the bus, in one
 * statement per CHANNELS_PER_STATEMENT channels.
 */
async function countChanges(tx: DbOrTx, changed: ReadonlySet<Channel>): Promise<void> {
  const channels = [...changed].sort();
  const bus = busOf(databaseOf(tx));
  for (let i = 0; i < channels.length; i += CHANNELS_PER_STATEMENT) {
    const values = sql.join(
      channels.slice(i, i + CHANNELS_PER_STATEMENT).map((channel) => sql`(${channel}, 1)`),
      sql`, `,
    );
    await bus.publishReturning(
      tx,
      'live',
      sql`INSERT INTO ${liveChannels} (channel, version) VALUES ${values}
        ON CONFLICT (channel) DO UPDATE SET version = ${liveChannels}.version + 1
        RETURNING channel || ' ' || version AS m`,
    );
  }
}

async function versionOf(db: DB, channel: Channel): Promise<number> {
  const [row] = await db
    .select({ version: liveChannels.version })
    .from(liveChannels)
    .where(eq(liveChannels.channel, channel));
  return row?.version ?? 0;
}

export interface LiveEvent<T> {
  /** For the client's Last-Event-ID on a reconnect (to this server or another). */
  id: string;
  change: T;
}

/**
 * A stream says a change at once, then at most once per this window: changes that come in a
 * burst (a score batch, many joins) reach each viewer as one, the latest, at the window's end,
 * so a viewer reads its leaderboard again once, not once per change.
 */
export const COALESCE_MS = 250;

/** How soon a stream tries again to read its channel when the database did not answer. */
const REREAD_AFTER_OUTAGE_MS = 1000;

/**
 * Live streams one signed-in member may hold open on this server at once: each holds a
 * connection, a listener and timers, and without a cap one member could open them by the
 * hundred. A browser tab opens two or three, so this is several tabs' worth.
 */
export const MAX_STREAMS_PER_MEMBER = 20;

/**
 * How a stream closed for a newer one ends: a 503, which tRPC's client takes as 'reconnect'
 * (a 429 would end its subscription for good), so a page still open comes back by itself.
 */
function replacedByNewerStream(): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'Too many live updates are open for this account: this one was closed for a newer one.',
  );
}

/**
 * Counts a member's new stream on this server; when they already hold MAX_STREAMS_PER_MEMBER,
 * their oldest is closed (`close`). Answers how to forget the stream once it ends (idempotent).
 */
function holdStream(hub: Hub, viewerId: number, close: () => void): () => void {
  let open = hub.streams.get(viewerId);
  if (!open) hub.streams.set(viewerId, (open = new Set()));
  if (open.size >= MAX_STREAMS_PER_MEMBER) {
    const [oldest] = open;
    open.delete(oldest!);
    oldest!();
  }
  open.add(close);
  return () => {
    const current = hub.streams.get(viewerId);
    if (current?.delete(close) && current.size === 0) hub.streams.delete(viewerId);
  };
}

/**
 * The changes of one channel from the moment this resolves, until `signal` aborts: listening has
 * begun and the channel's number is read before it resolves, so a change made after it is never
 * missed. A client coming back with the id of the last event it saw hears at once about any
 * change it missed. Bursts are coalesced (COALESCE_MS). Every stream counts against its
 * viewer's MAX_STREAMS_PER_MEMBER: one opened past it closes the viewer's oldest.
 */
async function changesOf<T>(
  { db, lastEventId, signal }: StreamOptions,
  channel: Channel,
  viewerId: number,
  toChange: (version: number) => T,
): Promise<AsyncGenerator<LiveEvent<T>>> {
  const hub = hubOf(db);
  await hub.listening;
  // What was heard since the last event: a version, null (read it again: messages may have
  // been lost), or nothing yet (undefined).
  let heard: number | null | undefined;
  let wake: (() => void) | undefined;
  const listener = (next: number | null) => {
    heard = next === null || heard === null ? null : Math.max(next, heard ?? 0);
    wake?.();
  };
  // Closed for a newer stream of the same viewer (holdStream).
  let replaced = false;
  const release = holdStream(hub, viewerId, () => {
    replaced = true;
    wake?.();
  });
  // Forgotten as soon as the viewer leaves, so a stream opened right after finds the place free.
  const stop = () => {
    release();
    wake?.();
  };
  // Listening starts before the version is read, so no change falls between the two.
  hub.emitter.on(channel, listener);
  signal?.addEventListener('abort', stop);
  let seen: number;
  try {
    seen = await versionOf(db, channel);
  } catch (error) {
    hub.emitter.off(channel, listener);
    signal?.removeEventListener('abort', stop);
    release();
    throw error;
  }
  /** Resolves when something is heard or the stream is aborted. */
  const heardOrAborted = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    }).finally(() => {
      wake = undefined;
    });
  return (async function* () {
    try {
      if (lastEventId && lastEventId !== String(seen)) {
        yield { id: String(seen), change: toChange(seen) };
      }
      let lastSent = 0;
      while (!signal?.aborted) {
        if (replaced) throw replacedByNewerStream();
        if (heard === undefined) {
          await heardOrAborted();
          continue;
        }
        const wait = lastSent + COALESCE_MS - Date.now();
        if (wait > 0) {
          // Within the window: what else comes meanwhile joins this one.
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, wait);
            wake = () => {
              if (signal?.aborted || replaced) {
                clearTimeout(timer);
                resolve();
              }
            };
          }).finally(() => {
            wake = undefined;
          });
          if (signal?.aborted || replaced) continue;
        }
        const next = heard;
        heard = undefined;
        let version: number;
        try {
          version = next === null ? await versionOf(db, channel) : next;
        } catch (error) {
          // The database is out of reach for now: the stream stays open and reads again shortly
          // (its viewers keep what they have meanwhile).
          if (!isDatabaseUnavailable(error)) throw error;
          heard = null;
          await new Promise((resolve) => setTimeout(resolve, REREAD_AFTER_OUTAGE_MS));
          continue;
        }
        if (version <= seen) continue;
        seen = version;
        lastSent = Date.now();
        yield { id: String(version), change: toChange(version) };
      }
    } finally {
      hub.emitter.off(channel, listener);
      signal?.removeEventListener('abort', stop);
      release();
    }
  })();
}

/** Counts one more change of the `prefix` channel of each of `ids` (each once, in one order). */
function announceEach(db: DbOrTx, prefix: ChannelKind, ids: Iterable<number>): Promise<void> {
  return announceMany(
    db,
    [...new Set(ids)].sort((a, b) => a - b).map((id) => `${prefix}:${id}` as const),
  );
}

/** The contests whose channel changed (leaderboard, bracket). */
interface ContestsChanged {
  db: DbOrTx;
  contestIds: Iterable<number>;
}

/** Where a stream reads and how it ends: what every `…Changes` stream below is given. */
interface StreamOptions {
  db: DB;
  lastEventId?: string | null;
  signal?: AbortSignal;
}

/** A stream of one contest's channel (leaderboard, bracket). */
interface ContestStreamOptions extends StreamOptions {
  contestId: number;
  /** The signed-in member watching (their streams are capped: MAX_STREAMS_PER_MEMBER). */
  viewerId: number;
}

/** A stream of one member's own channel (payments, notifications). */
interface MemberStreamOptions extends StreamOptions {
  userId: number;
}

/** The changes of a contest's `prefix` channel, each told with the contest's id. */
function contestChanges(
  prefix: 'contest' | 'bracket' | 'topics',
  { contestId, viewerId, ...stream }: ContestStreamOptions,
): Promise<AsyncGenerator<LiveEvent<{ contestId: number; version: number }>>> {
  return changesOf(stream, `${prefix}:${contestId}`, viewerId, (version) => ({
    contestId,
    version,
  }));
}

/** The changes of a member's own `prefix` channel. */
function memberChanges(
  prefix: 'user' | 'notifications',
  { userId, ...stream }: MemberStreamOptions,
): Promise<AsyncGenerator<LiveEvent<{ version: number }>>> {
  // Only ever a member's own channel: they are its viewer.
  return changesOf(stream, `${prefix}:${userId}`, userId, (version) => ({ version }));
}

/**
 * Tells every open subscription of these contests that their leaderboard changed. Called with
 * the transaction that made the change (the news leaves when it commits) or after it.
 */
export const announceLeaderboardChanges = ({ db, contestIds }: ContestsChanged): Promise<void> =>
  announceEach(db, 'contest', contestIds);

export type LeaderboardEvent = LiveEvent<TLeaderboardChange>;

/** The changes of one contest's leaderboard, as they happen, until `signal` aborts. */
export const leaderboardChanges = (
  options: ContestStreamOptions,
): Promise<AsyncGenerator<LeaderboardEvent>> => contestChanges('contest', options);

/**
 * Tells a member's open pages that one of their payment proofs changed (sent, verified,
 * rejected): their contest page's join panel and /payment read their state again.
 */
export async function announcePaymentChanges({
  db,
  userId,
}: {
  db: DbOrTx;
  userId: number | null;
}): Promise<void> {
  if (userId !== null) await announce(db, `user:${userId}`);
}

/** The changes of one member's payment proofs, as they happen, until `signal` aborts. */
export const paymentChanges = (
  options: MemberStreamOptions,
): Promise<AsyncGenerator<LiveEvent<TPaymentsChange>>> => memberChanges('user', options);

/**
 * Tells a member's open pages that their notifications changed (a new one, some marked read):
 * the bell reads its count again. Called with the writing transaction (heard once it commits).
 */
export const announceNotificationChanges = ({
  db,
  userIds,
}: {
  db: DbOrTx;
  userIds: Iterable<number>;
}): Promise<void> => announceEach(db, 'notifications', userIds);

/** The changes of one member's notifications, as they happen, until `signal` aborts. */
export const notificationChanges = (
  options: MemberStreamOptions,
): Promise<AsyncGenerator<LiveEvent<TNotificationsChange>>> =>
  memberChanges('notifications', options);

/**
 * Tells every open view of these contests' brackets (bracket, standings, matches, next match)
 * that they changed: a bracket generated, a result reported, confirmed or disputed, a match
 * scheduled. Called with the writing transaction (heard once it commits); bursts coalesce.
 */
export const announceBracketChanges = ({ db, contestIds }: ContestsChanged): Promise<void> =>
  announceEach(db, 'bracket', contestIds);

/** The changes of one contest's bracket, as they happen, until `signal` aborts. */
export const bracketChanges = (
  options: ContestStreamOptions,
): Promise<AsyncGenerator<LiveEvent<{ contestId: number; version: number }>>> =>
  contestChanges('bracket', options);

/** A topic's change: its channel and its contest's topic list (the list shows reply counts). */
interface TopicChanged {
  db: DbOrTx;
  contestId: number;
  topicId: number;
}

/**
 * Tells a topic's open pages that it changed (a reply, an edit, a deletion, a pin, a lock, an
 * answer, a moderation), and its contest's open topic lists (counts, order, last poster). Only
 * the numbers travel: a page reads the topic again through its access-checked query. Called with
 * the writing transaction (heard once it commits); bursts coalesce.
 */
export const announceTopicChanges = ({ db, contestId, topicId }: TopicChanged): Promise<void> =>
  announceMany(db, [`topic:${topicId}`, `topics:${contestId}`]);

/** Tells a contest's open topic lists that they changed (a new topic). */
export const announceTopicListChanges = ({ db, contestIds }: ContestsChanged): Promise<void> =>
  announceEach(db, 'topics', contestIds);

/** The changes of one topic, as they happen, until `signal` aborts. */
export const topicChanges = ({
  topicId,
  viewerId,
  ...stream
}: StreamOptions & { topicId: number; viewerId: number }): Promise<
  AsyncGenerator<LiveEvent<TTopicChange>>
> => changesOf(stream, `topic:${topicId}`, viewerId, (version) => ({ topicId, version }));

/** The changes of one contest's topic list, as they happen, until `signal` aborts. */
export const topicListChanges = (
  options: ContestStreamOptions,
): Promise<AsyncGenerator<LiveEvent<TTopicListChange>>> => contestChanges('topics', options);
