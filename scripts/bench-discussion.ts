// `npm run bench` (its discussion part; alone: `npx tsx scripts/bench-discussion.ts`): a
// contest's discussion at the size (issue 32). Seeds a contest of 2,000 topics, one of
// them with 10,000 replies (in bulk, straight into the database), starts the production server
// as a child process on 127.0.0.1, and measures with autocannon (50 connections):
//   the topic list's first page, the long topic's first page and its last page (`page=last`),
//   a reply post (by an admin: staff are not limited, each body different),
// beside GET /api/health and the contests list read in the same run (the ratio), then opens
// BENCH_STREAMS (1,000) live streams of the long topic (discussionLive.onTopic over server-sent
// events, from as many members as the per-member cap needs) and posts ROUNDS replies: how long
// after the POST's answer each stream hears it. Not a test: figures for docs/performance.md,
// nothing asserted. BENCH_SECONDS (default 5) per path.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
// autocannon ships no types; the part used here is small.
// @ts-expect-error no declaration file
import autocannon from 'autocannon';
import { logOffset, serverTimes, startBenchServer } from './benchServer';
import { MAX_STREAMS_PER_MEMBER } from '../src/server/platform/events';
import { closeDatabase, openDatabase } from '../src/server/platform/db/client';
import { contests, discussionPosts, discussionTopics } from '../src/server/platform/db/schema';

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
/** Seconds each path is loaded before it is measured (its code compiled, its pages cached). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const CONNECTIONS = 50;
const TOPICS = 2_000;
const REPLIES = 10_000;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const ROUNDS = 5;
const CHUNK = 500;
const CONTEST_ID = 1;
/** benchadmin is user 1, member<i> is user i + 2 (bench-seed.ts); member0 created contest 1. */
const ADMIN_ID = 1;
const memberId = (i: number) => i + 2;

function run(opts: {
  url: string;
  headers?: Record<string, string>;
  method?: 'POST';
  body?: () => string;
  seconds?: number;
}): Promise<CannonResult> {
  const { url, headers = {}, method, body, seconds = DURATION } = opts;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        headers,
        // A different body each time: the same text twice is refused to members (staff pass,
        // but the bench measures the write, not the refusal).
        ...(method && body
          ? {
              method,
              requests: [
                {
                  method,
                  setupRequest: (req: Record<string, unknown>) => ({ ...req, body: body() }),
                },
              ],
            }
          : {}),
      },
      (error: Error | null, result: CannonResult) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** The contest's discussion: TOPICS topics (one with REPLIES replies), in bulk. */
export async function seedDiscussion(file: string): Promise<number> {
  const db = await openDatabase(file);
  try {
    await db.update(contests).set({ status: 'active' }).where(eq(contests.id, CONTEST_ID));
    const base = Date.now() - 3 * 24 * 3_600_000;
    const [long] = await db
      .insert(discussionTopics)
      .values({
        contestId: CONTEST_ID,
        authorId: memberId(0),
        title: 'The long one',
        replyCount: REPLIES,
        lastPostAt: new Date(),
        lastPosterId: ADMIN_ID,
        createdAt: new Date(base),
      })
      .returning({ id: discussionTopics.id });
    const longId = long!.id;
    await db.transaction(async (tx) => {
      await tx.insert(discussionPosts).values({
        topicId: longId,
        contestId: CONTEST_ID,
        authorId: memberId(0),
        opening: true,
        body: 'Ask anything about the rules here.',
        createdAt: new Date(base),
      });
      for (let from = 0; from < REPLIES; from += CHUNK) {
        await tx.insert(discussionPosts).values(
          Array.from({ length: CHUNK }, (_, i) => ({
            topicId: longId,
            contestId: CONTEST_ID,
            authorId: memberId((from + i) % 50),
            body: `Reply number ${from + i + 1}: **markdown** with a [link](https://example.com).`,
            createdAt: new Date(base + (from + i) * 1000),
          })),
        );
      }
      for (let from = 1; from < TOPICS; from += CHUNK) {
        const n = Math.min(CHUNK, TOPICS - from);
        const rows = await tx
          .insert(discussionTopics)
          .values(
            Array.from({ length: n }, (_, i) => ({
              contestId: CONTEST_ID,
              authorId: memberId((from + i) % 50),
              title: `Topic ${from + i}`,
              replyCount: (from + i) % 37,
              upvotes: (from + i) % 53,
              lastPostAt: new Date(base + (((from + i) * 7919) % 86_400_000)),
              lastPosterId: memberId((from + i + 1) % 50),
              createdAt: new Date(base + (from + i) * 1000),
            })),
          )
          .returning({ id: discussionTopics.id, authorId: discussionTopics.authorId });
        await tx.insert(discussionPosts).values(
          rows.map((r) => ({
            topicId: r.id,
            contestId: CONTEST_ID,
            authorId: r.authorId,
            opening: true,
            body: `The opening post of topic ${r.id}.`,
          })),
        );
      }
    });
    return longId;
  } finally {
    await closeDatabase(db);
  }
}

interface Stream {
  /** Arrival time (ms since epoch) of each change heard. */
  heard: number[];
  connected: Promise<void>;
  request: http.ClientRequest;
}

function openStream(base: string, topicId: number, cookie: string, agent: http.Agent): Stream {
  const input = encodeURIComponent(JSON.stringify({ json: { topicId } }));
  const heard: number[] = [];
  let connect!: () => void;
  let fail!: (error: Error) => void;
  const connected = new Promise<void>((resolve, reject) => {
    connect = resolve;
    fail = reject;
  });
  const request = http.get(
    `${base}/trpc/discussionLive.onTopic?input=${input}`,
    { agent, headers: { cookie, accept: 'text/event-stream' } },
    (res) => {
      if (res.statusCode !== 200) return fail(new Error(`stream refused: ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: connected')) connect();
          if (/^id: ?\d+$/m.test(block)) heard.push(Date.now());
        }
      });
    },
  );
  request.on('error', (error) => fail(error));
  return { heard, connected, request };
}

async function signIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'benchpass123' }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

async function postReply(base: string, cookie: string, topicId: number, body: string) {
  const res = await fetch(`${base}/api/topics/${topicId}/replies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ body }),
  });
  if (res.status !== 201) throw new Error(`reply refused: ${res.status} ${await res.text()}`);
  return Date.now();
}

/** The process's CPU time so far (user and system), in ms. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line (11 and 12 after 'pid (comm) ').
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function main() {
  process.env.BENCH_USERS ??= '100';
  process.env.BENCH_CONTESTS ??= '12';
  // After the variables: the seed reads its sizes when it is loaded.
  const { seed } = await import('./bench-seed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-bench-discussion-'));
  const file = path.join(dir, 'app.db');
  await seed(file);
  const seeding = Date.now();
  const longId = await seedDiscussion(file);
  console.log(
    `Seeded ${TOPICS} topics and ${REPLIES} replies in ${Date.now() - seeding} ms (in bulk)`,
  );
  // The request log is kept: each path's time inside the server is read from it (serverTimes).
  const logFile = process.env.BENCH_SERVER_LOG ?? path.join(dir, 'server.log');
  const server = await startBenchServer({ file, dir, portBase: 5700, logFile });
  const { base } = server;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const streams: Stream[] = [];
  try {
    const admin = await signIn(base, 'benchadmin');
    const reader = await signIn(base, 'member1');
    const headers = { cookie: reader };
    let n = 0;
    const paths: [string, Parameters<typeof run>[0]][] = [
      ['GET /api/health (ratio base)', { url: `${base}/api/health` }],
      [
        'GET /api/contests (contest list)',
        { url: `${base}/api/contests?tab=all&page=1&pageSize=12`, headers },
      ],
      [
        `GET topic list, first page (${TOPICS} topics)`,
        { url: `${base}/api/contests/${CONTEST_ID}/topics?page=1&pageSize=20`, headers },
      ],
      [
        `GET long topic, first page (${REPLIES} replies)`,
        { url: `${base}/api/topics/${longId}?page=1&pageSize=20`, headers },
      ],
      [
        'GET long topic, last page (page=last)',
        { url: `${base}/api/topics/${longId}?page=last&pageSize=20`, headers },
      ],
      [
        'POST a reply (admin)',
        {
          url: `${base}/api/topics/${longId}/replies`,
          method: 'POST',
          headers: { cookie: admin, 'content-type': 'application/json' },
          body: () => JSON.stringify({ body: `Bench reply ${++n} at ${Date.now()}` }),
        },
      ],
    ];
    // BENCH_ONLY=REGEX measures only the paths it matches (and the two ratio bases): a profile
    // (BENCH_CPU_PROFILE) of one path.
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
    const results: [string, CannonResult][] = [];
    // The server's CPU time per answer beside the rates: on a machine shared with other work the
    // rates move with the load, the CPU an answer costs much less.
    const cpuPerRequest: number[] = [];
    // And each answer's time inside the server: the client's latency less the queue in front of
    // it (at 50 connections on two cores, 50 x the CPU an answer costs, shared with autocannon).
    const inServer: number[][] = [];
    for (const [i, [name, opts]] of paths.entries()) {
      if (i >= 2 && only && !only.test(name)) continue;
      if (WARMUP > 0) await run({ ...opts, seconds: WARMUP });
      const cpu = cpuMs(server.child.pid!);
      const logged = logOffset(logFile);
      const result = await run(opts);
      cpuPerRequest.push((cpuMs(server.child.pid!) - cpu) / Math.max(1, result.requests.total));
      inServer.push(serverTimes(logFile, logged));
      results.push([name, result]);
    }
    // The ratios: to health and to the contest list, both read in this run (the first two).
    const health = results[0]![1].requests.average;
    const list = results[1]![1].requests.average;
    const rows = results.map(([name, r], i) => [
      name,
      cpuPerRequest[i]!.toFixed(2),
      r.requests.average.toFixed(0),
      `${r.latency.p50} / ${r.latency.p99}`,
      // Health answers are not logged (the request log leaves them out).
      inServer[i]!.length
        ? `${quantile(inServer[i]!, 0.5)} / ${quantile(inServer[i]!, 0.99)}`
        : '-',
      (r.requests.average / health).toFixed(2),
      (r.requests.average / list).toFixed(2),
      String(r.non2xx + r.errors),
    ]);
    const header = [
      'path',
      'CPU ms/req',
      'req/s',
      'p50/p99 ms',
      'in server p50/p99',
      'vs health',
      'vs contests',
      'non-2xx',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(
      `\nDiscussion: ${TOPICS} topics, one of ${REPLIES} replies, ${CONNECTIONS} connections, ${DURATION} s per path\n`,
    );
    console.log(line(header));
    for (const r of rows) console.log(line(r));

    // Live: STREAMS open pages of the long topic, from members 2.. (at most
    // MAX_STREAMS_PER_MEMBER each), signed in one after the other (the sign-in allowance).
    const viewers: string[] = [];
    for (let i = 0; i < Math.ceil(STREAMS / MAX_STREAMS_PER_MEMBER); i++) {
      viewers.push(await signIn(base, `member${i + 2}`));
    }
    const opening = Date.now();
    for (let i = 0; i < STREAMS; i++) {
      streams.push(openStream(base, longId, viewers[i % viewers.length]!, agent));
    }
    await Promise.all(streams.map((s) => s.connected));
    console.log(`\n${STREAMS} topic streams open in ${Date.now() - opening} ms`);
    const delays: number[] = [];
    const lasts: number[] = [];
    let missed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of streams) s.heard.length = 0;
      // Past the coalescing window of the round before: each reply is told at once.
      await new Promise((r) => setTimeout(r, 600));
      const answered = await postReply(base, admin, longId, `Live round ${round} ${Date.now()}`);
      const deadline = answered + 3000;
      while (Date.now() < deadline && streams.some((s) => s.heard.length < 1)) {
        await new Promise((r) => setTimeout(r, 10));
      }
      const round_ = streams.map((s) => (s.heard[0] ? s.heard[0] - answered : Infinity));
      missed += round_.filter((d) => d === Infinity).length;
      delays.push(...round_);
      lasts.push(Math.max(...round_));
    }
    delays.sort((a, b) => a - b);
    lasts.sort((a, b) => a - b);
    console.log(
      `a reply heard by ${STREAMS} streams (${ROUNDS} rounds): after the POST's answer ` +
        `${quantile(delays, 0.5)} ms (median stream), ${quantile(delays, 0.99)} ms (p99); ` +
        `the last stream ${quantile(lasts, 0.5)} ms (median round), ${lasts.at(-1)} ms (max); ` +
        `${missed} missed within 3 s`,
    );
  } finally {
    for (const s of streams) s.request.destroy();
    agent.destroy();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Run, not imported (a script may seed the same discussion for its own measurement).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
