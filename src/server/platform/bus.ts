// Messages between app servers: a live leaderboard's change, a platform setting saved. A message
// is delivered to every subscriber on every server once the transaction that sent it commits,
// and never if it rolls back.
//
// On SQLite there is one server process, so delivery is an in-process emitter, run after the
// commit. On PostgreSQL a message is a NOTIFY sent inside the writing transaction (PostgreSQL
// holds it until the commit) and each server LISTENs on one connection of its own; when that
// connection drops, subscribers are told (`RESYNC`) so they can re-read what they cache.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterCommit, withCommit, type Bus, type Topic } from './db/handles';
import { execute, rows } from './db/dialect';

export type { Bus, Topic };

/** Told to subscribers when messages may have been missed (PostgreSQL's listener reconnected). */
export const RESYNC = '*';

const channelOf = (topic: Topic) => `contest_${topic}`;

function fanOut() {
  const emitter = new EventEmitter();
  // One listener per open page can subscribe through a topic's hub: no warning at many.
  emitter.setMaxListeners(0);
  return emitter;
}

/** One process, one database file: an emitter, after the commit. */
export function localBus(): Bus {
  const emitter = fanOut();
  return {
    async publish(db, topic, message) {
      afterCommit(db, () => emitter.emit(topic, message));
    },
    async publishReturning(db, topic, statement) {
      const messages = (await rows<{ m: string }>(db, statement)).map((row) => row.m);
      afterCommit(db, () => {
        for (const message of messages) emitter.emit(topic, message);
      });
    },
    async subscribe(topic, listener) {
      emitter.on(topic, listener);
      return () => emitter.off(topic, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Ends a listener connection that is done with. Its own listeners go, but an 'error' it emits
 * while closing (a socket already cut) must still be heard, or Node ends the process.
 */
function retire(client: pg.Client): Promise<void> {
  client.removeAllListeners();
  client.on('error', () => undefined);
  return client.end().catch(() => undefined);
}

/** PostgreSQL's NOTIFY/LISTEN, on one extra connection per app server, opened when first needed. */
export function postgresBus(url: string): Bus {
  const emitter = fanOut();
  const topics = new Set<Topic>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = (): Promise<void> => {
    if (connecting) return connecting;
    connecting = (async () => {
      const next = new pg.Client({
        connectionString: url,
        // Named like the pool's connections, so an operator sees (and a test can end) it too.
        application_name: 'contest-platform',
        connectionTimeoutMillis: 10_000,
      });
      next.on('notification', (n) => {
        const topic = n.channel.replace(/^contest_/, '') as Topic;
        emitter.emit(topic, n.payload ?? '');
      });
      next.on('error', () => reconnect());
      next.on('end', () => reconnect());
      try {
        await next.connect();
        for (const topic of topics) await next.query(`LISTEN ${channelOf(topic)}`);
      } catch (error) {
        void retire(next);
        throw error;
      }
      client = next;
    })().catch((error: unknown) => {
      connecting = null;
      reconnect();
      throw error;
    });
    return connecting;
  };

  const reconnect = () => {
    if (closed || retry) return;
    const old = client;
    client = null;
    connecting = null;
    if (old) void retire(old);
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        // Whatever was sent while nobody listened is lost: subscribers re-read.
        () => {
          for (const topic of topics) emitter.emit(topic, RESYNC);
        },
        () => undefined,
      );
    }, 500);
    retry.unref();
  };

  return {
    async publishReturning(db, topic, statement) {
      const told = sql`WITH changed AS (${statement}) SELECT pg_notify(${channelOf(topic)}, m) FROM changed`;
      // Last in a transaction (its beforeCommit work): sent with the COMMIT, one round trip.
      if (!withCommit(db, told)) await execute(db, told);
    },
    async publish(db, topic, message) {
      await execute(db, sql`SELECT pg_notify(${channelOf(topic)}, ${message})`);
    },
    async subscribe(topic, listener) {
      emitter.on(topic, listener);
      const unsubscribe = () => emitter.off(topic, listener);
      if (!topics.has(topic)) {
        topics.add(topic);
        try {
          await connect();
          await client?.query(`LISTEN ${channelOf(topic)}`);
        } catch {
          // The listener reconnects on its own and re-LISTENs every topic (then RESYNC).
        }
      }
      return unsubscribe;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      emitter.removeAllListeners();
      const current = client;
      client = null;
      if (current) await retire(current);
    },
  };
}
