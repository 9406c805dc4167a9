// `npm run bench:live`: live fan-out. Starts the production server, opens BENCH_STREAMS (1,000)
// leaderboard streams on one contest (from as many members as the per-member cap needs), then
//   1. enters one score: how long after the commit (the PUT's answer) each stream hears it;
//   2. enters BURST scores one after another: how many events each stream hears (a viewer
//      reads its leaderboard again once per event), and that the last one is the latest;
// and the server's CPU time for each. Not a test: figures for the README, nothing asserted.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startBenchServer } from './benchServer';
import { MAX_STREAMS_PER_MEMBER } from '../src/server/platform/events';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const BURST = Number(process.env.BENCH_BURST ?? 20);
const CONTEST_ID = 1;

/** The server's CPU time so far (user + system), in ms, from /proc. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line (11 and 12 after 'pid (comm) ').
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

interface Stream {
  /** [arrival time (ms since epoch), event id] of each change heard. */
  heard: [number, number][];
  connected: Promise<void>;
  request: http.ClientRequest;
}

function openStream(base: string, cookie: string, agent: http.Agent): Stream {
  const input = encodeURIComponent(JSON.stringify({ json: { contestId: CONTEST_ID } }));
  const heard: [number, number][] = [];
  let connect!: () => void;
  let fail!: (error: Error) => void;
  const connected = new Promise<void>((resolve, reject) => {
    connect = resolve;
    fail = reject;
  });
  const request = http.get(
    `${base}/trpc/leaderboard.onChange?input=${input}`,
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
          const id = /^id: ?(\d+)$/m.exec(block);
          if (id) heard.push([Date.now(), Number(id[1])]);
        }
      });
    },
  );
  request.on('error', (error) => fail(error));
  return { heard, connected, request };
}

async function putScore(base: string, cookie: string, score: number): Promise<number> {
  const res = await fetch(`${base}/api/contests/${CONTEST_ID}/scores`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ scores: [{ username: 'member0', score }] }),
  });
  if (res.status !== 200) throw new Error(`score refused: ${res.status} ${await res.text()}`);
  return Date.now();
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function signIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'benchpass123' }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

async function main() {
  process.env.BENCH_USERS ??= '100';
  process.env.BENCH_CONTESTS ??= '12';
  // After the variables: the seed reads its sizes when it is loaded.
  const { seed } = await import('./bench-seed');
  const { default: Database } = await import('better-sqlite3');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-bench-live-'));
  const file = path.join(dir, 'app.db');
  await seed(file);
  // member0 in contest 1 (active, free), so its score can change.
  const sqlite = new Database(file);
  sqlite
    .prepare('INSERT INTO contest_participants (contest_id, user_id) VALUES (?, ?)')
    .run(CONTEST_ID, 2);
  sqlite.prepare('UPDATE contests SET participants = 1 WHERE id = ?').run(CONTEST_ID);
  sqlite.close();
  const server = await startBenchServer({ file, dir, portBase: 5700 });
  const { base, child } = server;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const streams: Stream[] = [];
  try {
    const admin = await signIn(base, 'benchadmin');
    // A member holds at most MAX_STREAMS_PER_MEMBER streams (a newer one closes their oldest):
    // the streams are spread over member1, member2, ... as many as that takes. One after the
    // other: every sign-in first takes a guess from the address's allowance (30 per 15 minutes)
    // and a right one gives it back, so dozens at once from one address are refused with 429.
    const viewers: string[] = [];
    for (let i = 0; i < Math.ceil(STREAMS / MAX_STREAMS_PER_MEMBER); i++) {
      viewers.push(await signIn(base, `member${i + 1}`));
    }
    const opening = Date.now();
    for (let i = 0; i < STREAMS; i++) {
      streams.push(openStream(base, viewers[i % viewers.length]!, agent));
    }
    await Promise.all(streams.map((s) => s.connected));
    console.log(`${STREAMS} leaderboard streams open in ${Date.now() - opening} ms`);

    // 1. One change.
    let cpu = cpuMs(child.pid!);
    const committed = await putScore(base, admin, 1);
    const deadline = committed + 3000;
    while (Date.now() < deadline && streams.some((s) => s.heard.length < 1)) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const delays = streams
      .map((s) => (s.heard[0] ? s.heard[0][0] - committed : Infinity))
      .sort((a, b) => a - b);
    const within = delays.filter((d) => d <= 1000).length;
    console.log(
      `one change: heard by ${within}/${STREAMS} streams within 1 s of the commit; ` +
        `after ${quantile(delays, 0.5)} ms (median), ${quantile(delays, 0.99)} ms (p99), ` +
        `${delays[delays.length - 1]} ms (last); server CPU ${Math.round(cpuMs(child.pid!) - cpu)} ms`,
    );

    // 2. A burst.
    for (const s of streams) s.heard.length = 0;
    await new Promise((r) => setTimeout(r, 500));
    cpu = cpuMs(child.pid!);
    const started = Date.now();
    let lastCommit = 0;
    for (let i = 0; i < BURST; i++) lastCommit = await putScore(base, admin, 2 + i);
    const burstMs = Date.now() - started;
    await new Promise((r) => setTimeout(r, 1500));
    const counts = streams.map((s) => s.heard.length).sort((a, b) => a - b);
    const latest = Math.max(...streams.flatMap((s) => s.heard.map(([, id]) => id)));
    const current = streams.filter((s) => s.heard.at(-1)?.[1] === latest).length;
    const lastHeard = Math.max(...streams.map((s) => s.heard.at(-1)?.[0] ?? 0));
    console.log(
      `a burst of ${BURST} changes in ${burstMs} ms: each stream heard ${counts[0]} to ` +
        `${counts[counts.length - 1]} events (median ${quantile(counts, 0.5)}), ` +
        `${current}/${STREAMS} ending on the latest; the last arrived ${lastHeard - lastCommit} ms ` +
        `after the last commit; server CPU ${Math.round(cpuMs(child.pid!) - cpu)} ms ` +
        `(${BURST} score entries included)`,
    );
  } finally {
    for (const s of streams) s.request.destroy();
    agent.destroy();
    await server.stop();
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
