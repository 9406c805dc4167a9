// Issue 27's High: losing PostgreSQL must not kill an app server. Two real app servers (as
// `npm start` runs them) on a throw-away cluster of this file's own (it is stopped on purpose,
// so not the run's shared one), under a loop of score writes and reads: every backend of the
// app is ended with pg_terminate_backend again and again, then the PostgreSQL server is stopped
// and started again. Both servers stay up, a request that meets the outage hears 503 with
// Retry-After (never a 500), both recover by themselves, and a live leaderboard stream opened
// before it all hears a change made after it. Runs in the PostgreSQL pass (`server-pg`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openPostgresDatabase } from '../../src/server/platform/db/client';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { contestParticipants } from '../../src/server/platform/db/schema';
import { insertContest } from '../helpers/contests';
import { createUser } from '../helpers/db';
import { HttpClient } from '../helpers/server';
import { startPostgres, type PostgresCluster } from '../helpers/postgres';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess';

const SECRET = 'a-shared-session-secret-of-at-least-32-characters';
const ADMIN = { username: 'chief', password: 'chief-password-1' };

interface Tally {
  ok: number;
  unavailable: number;
  /** Anything else: a 500, a 503 without Retry-After, a connection the app server dropped. */
  wrong: string[];
}

describe.skipIf(dialect !== 'pg')('PostgreSQL lost under load (issue 27)', () => {
  let cluster: PostgresCluster;
  let url: string;
  let dir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let contestId: number;
  let member: { id: number; username: string };
  let adminA: HttpClient;
  let adminB: HttpClient;

  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.createDatabase('outage');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-outage-'));
    const env = {
      DATABASE_URL: url,
      SESSION_SECRET: SECRET,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      PGPOOL_SIZE: '5',
    };
    a = await startServerProcess(env);
    b = await startServerProcess(env);
    const db = await openPostgresDatabase(url, { poolSize: 2 });
    try {
      const organiser = await createUser(db);
      member = await createUser(db);
      const contest = await insertContest(db, { createdBy: organiser.id });
      contestId = contest.id;
      await db.insert(contestParticipants).values({ contestId, userId: member.id });
    } finally {
      await closeDatabase(db);
    }
    adminA = new HttpClient(a.base);
    expect((await adminA.post('/api/login', ADMIN)).status).toBe(200);
    adminB = new HttpClient(b.base);
    adminB.cookie = adminA.cookie;
  }, 120_000);

  afterAll(async () => {
    try {
      // SIGTERM after the outages: each exits cleanly (code 0) and soon, every closing step
      // bounded (src/server/index.ts), whatever state the outages left its connections in.
      const codes = await Promise.all([a?.stop(), b?.stop()]);
      expect(codes, `${a?.output().slice(-1500)}\n${b?.output().slice(-1500)}`).toEqual([0, 0]);
      // Said by a step that hung; none should.
      expect(a.output() + b.output()).not.toContain('took over');
    } finally {
      await cluster?.stop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  let score = 0;
  const trpcInput = () => encodeURIComponent(JSON.stringify({ json: { idOrSlug: contestId } }));

  /** One write (a score, in a transaction that also announces it) and reads, on `client`. */
  async function step(client: HttpClient, tally: Tally): Promise<void> {
    score += 1;
    for (const [method, route, body] of [
      [
        'PUT',
        `/api/contests/${contestId}/scores`,
        { scores: [{ username: member.username, score }] },
      ],
      ['GET', `/api/contests/${contestId}`, undefined],
      // tRPC too: its adapter and the lean query path (auth.me reads the session first).
      ['GET', `/trpc/contests.get?input=${trpcInput()}`, undefined],
      ['GET', '/trpc/auth.me', undefined],
    ] as const) {
      try {
        const res = await client.request(method, route, body);
        if (res.status === 200) tally.ok += 1;
        else if (res.status === 503 && Number(res.headers.get('retry-after')) > 0) {
          tally.unavailable += 1;
        } else tally.wrong.push(`${method} ${route}: ${res.status} ${res.text.slice(0, 200)}`);
      } catch (error) {
        tally.wrong.push(`${method} ${route}: ${String(error)}`);
      }
    }
  }

  /**
   * Runs the write loop on both servers until `faults` resolves (bounded: 60 s at most). The
   * faults see the load's tally, so each waits for what the load has answered, not for a time.
   */
  async function underLoad(faults: (tally: Tally) => Promise<unknown>): Promise<Tally> {
    const tally: Tally = { ok: 0, unavailable: 0, wrong: [] };
    let done = false;
    const until = faults(tally);
    void until.finally(() => (done = true));
    const deadline = Date.now() + 60_000;
    const loop = async (client: HttpClient) => {
      while (!done && Date.now() < deadline) await step(client, tally);
    };
    await Promise.all([loop(adminA), loop(adminB), until]);
    return tally;
  }

  /**
   * Resolves once `enough(tally)` holds for the load's answers (a poll of the tally, bounded:
   * 30 s): the faults' pace is the load's progress.
   */
  async function loadAnswered(tally: Tally, enough: (t: Tally) => boolean): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (!enough(tally)) {
      if (Date.now() > deadline) throw new Error(`the load stalled: ${JSON.stringify(tally)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Resolves once a score write answers 200 on both servers (bounded: 30 s). */
  async function recovered(): Promise<void> {
    for (const client of [adminA, adminB]) {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const tally: Tally = { ok: 0, unavailable: 0, wrong: [] };
        await step(client, tally);
        expect(tally.wrong).toEqual([]);
        if (tally.ok === 4) break;
        if (Date.now() > deadline) throw new Error('the server did not recover within 30 s');
        // The pool reconnects on the next request; a short pause between tries, not a race.
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  /**
   * The pools kept every connection the outages left them (5 each): a burst of writes, each a
   * transaction on a connection of its own, all get through. A client lost by a failed BEGIN
   * stays checked out for good, and a few outages used a pool up.
   */
  async function poolsWhole(): Promise<void> {
    const writes = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 ? adminA : adminB).request('PUT', `/api/contests/${contestId}/scores`, {
          scores: [{ username: member.username, score: (score += 1) }],
        }),
      ),
    );
    expect(writes.map((w) => w.status)).toEqual(writes.map(() => 200));
  }

  const alive = () => {
    expect(a.child.exitCode, a.output().slice(-2000)).toBeNull();
    expect(b.child.exitCode, b.output().slice(-2000)).toBeNull();
    expect(a.output() + b.output()).not.toContain('unhandled rejection');
  };

  /** Reads one leaderboard stream on `server` in the background, noting each event's time. */
  function watch(server: ServerProcess) {
    const controller = new AbortController();
    const events: number[] = [];
    let ended = '';
    const input = encodeURIComponent(JSON.stringify({ json: { contestId } }));
    const connected = (async () => {
      const stream = await fetch(`${server.base}/trpc/leaderboard.onChange?input=${input}`, {
        headers: { accept: 'text/event-stream', cookie: adminA.cookie },
        signal: controller.signal,
      });
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes('connected')) text += decoder.decode((await reader.read()).value);
      void (async () => {
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return void (ended = 'the stream ended');
          buffer += decoder.decode(value);
          const parts = buffer.split('\n\n');
          buffer = parts.pop()!;
          for (const part of parts) if (part.includes('version')) events.push(Date.now());
        }
      })().catch((error: unknown) => {
        if (!controller.signal.aborted) ended = String(error);
      });
    })();
    return { connected, events, ended: () => ended, close: () => controller.abort() };
  }

  it('ending every backend of the app again and again: both servers stay up, 503s only, and recover', async () => {
    await recovered();
    const killer = new pg.Client({ connectionString: url, application_name: 'outage-test' });
    killer.on('error', () => undefined);
    await killer.connect();
    let ended = 0;
    try {
      // Each kill once the load has had answers since the one before (served or refused).
      const kills = async (tally: Tally) => {
        for (let i = 0; i < 12; i += 1) {
          const answered = tally.ok + tally.unavailable;
          await loadAnswered(tally, (t) => t.ok + t.unavailable >= answered + 8);
          const { rowCount } = await killer.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'contest-platform'",
          );
          ended += rowCount ?? 0;
        }
      };
      const tally = await underLoad(kills);
      expect(ended).toBeGreaterThan(0);
      expect(tally.wrong).toEqual([]);
      expect(tally.ok).toBeGreaterThan(0);
      alive();
    } finally {
      await killer.end();
    }
    await recovered();
    await poolsWhole();
    alive();
  }, 120_000);

  it('PostgreSQL stopped and started again: 503 with Retry-After meanwhile, then both servers recover and a live stream carries on', async () => {
    await recovered();
    const live = watch(b);
    await live.connected;
    const outage = async (tally: Tally) => {
      // Down once the load is under way, and stays down until the load has heard a good number
      // of 503s: every request meanwhile must be answered, not dropped.
      await loadAnswered(tally, (t) => t.ok >= 8);
      await cluster.halt();
      await loadAnswered(tally, (t) => t.unavailable >= 40);
      const ready = await fetch(`${a.base}/api/ready`);
      expect(ready.status).toBe(503);
      expect((await fetch(`${a.base}/api/health`)).status).toBe(200);
      await cluster.resume();
    };
    const tally = await underLoad(outage);
    expect(tally.wrong).toEqual([]);
    expect(tally.unavailable).toBeGreaterThan(0);
    alive();
    await recovered();
    await poolsWhole();
    alive();

    // The stream opened before the outage is still open, and hears a change made after it on
    // the other server (its listener connection came back by itself).
    expect(live.ended()).toBe('');
    const before = live.events.length;
    const deadline = Date.now() + 15_000;
    while (live.events.length === before && Date.now() < deadline) {
      const saved = await adminA.request('PUT', `/api/contests/${contestId}/scores`, {
        scores: [{ username: member.username, score: (score += 1) }],
      });
      expect(saved.status).toBe(200);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(live.events.length, live.ended()).toBeGreaterThan(before);
    live.close();
  }, 120_000);
});
