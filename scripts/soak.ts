// `npm run test:soak`: a bounded soak of the production server. It builds if needed, starts
// `node dist/server/index.js` on a fresh temporary database and upload directory (127.0.0.1, a
// free port, the demo seed on), and runs a mixed load against it with a fixed number of virtual
// members: sign-ins and sign-outs, contest lists and details over REST and tRPC, leaderboards,
// joins and leaves, avatar and payment-proof uploads, proofs sent and reviewed, score batches,
// and live leaderboard streams opening and closing. Each interval (a minute by default) it prints
// requests/s, p50/p99 and the server's RSS (the median of its own /metrics readings every few
// seconds). It fails, exit 1 with the reason, on any 5xx or unanswered request, on a 4xx the load
// did not provoke on purpose, on a p99 that doubles between the second and the last interval, on
// an RSS that grows by more than 20 % after warm-up (the first interval), or on a server that
// does not exit cleanly at the end.
//
//   SOAK_MINUTES=10           how long the load runs (default 10; fractions allowed)
//   SOAK_SECONDS=N            the same in seconds (wins over SOAK_MINUTES; for quick checks)
//   SOAK_INTERVAL_SECONDS=60  the reporting interval
//   SOAK_USERS=12             virtual members running the mixed load
//   SOAK_STREAMS=4            live leaderboard streams kept opening and closing
//   SOAK_SERVER=source        run src/server/index.ts through tsx instead of the build (the test
//                             suite's quick check, which must not race the build test over dist/)
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { freePort } from '../tests/helpers/serverProcess';
import {
  intervalHeader,
  intervalLine,
  kindLines,
  mb,
  median,
  summarizeInterval,
  summarizeKinds,
  verdict,
  type IntervalFigures,
  type Memory,
  type Sample,
} from './soak-report';

function numberFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number (got '${raw}')`);
    process.exit(2);
  }
  return value;
}

const SECONDS = process.env.SOAK_SECONDS
  ? numberFrom('SOAK_SECONDS', 600)
  : numberFrom('SOAK_MINUTES', 10) * 60;
const INTERVAL_SECONDS = Math.min(numberFrom('SOAK_INTERVAL_SECONDS', 60), SECONDS);
const INTERVALS = Math.max(1, Math.round(SECONDS / INTERVAL_SECONDS));
const MEMBERS = Math.round(numberFrom('SOAK_USERS', 12));
const STREAMS = Math.round(numberFrom('SOAK_STREAMS', 4));
const FROM_SOURCE = process.env.SOAK_SERVER === 'source';
/** A member waits this long between two actions (uniformly at random): a bounded, steady load. */
const THINK_MS = [40, 160] as const;
/** At most this many uploads per member in any minute: the product allows 10. */
const UPLOADS_PER_MINUTE = 6;
/** A member signs out and in again at most this often (each sign-in is a 200 ms scrypt). */
const SIGN_IN_GAP_MS = 15_000;
const REQUEST_TIMEOUT_MS = 30_000;

const ADMIN = {
  username: 'soak_admin',
  password: `soak-admin-${crypto.randomBytes(6).toString('hex')}`,
};
const WALLET = `0x${'1'.repeat(40)}`;
const SENDER = `0x${'2'.repeat(40)}`;

// ---------------------------------------------------------------------------------------------
// What the load records

let recording = false;
let current: Sample[] = [];
let streamsOpened = 0;
let streamEvents = 0;
const loadProblems: string[] = [];

function record(sample: Sample): void {
  if (recording) current.push(sample);
}

/** The only 4xx the load provokes on purpose: a join to the contest that is full. */
function expectedRefusal(kind: string, status: number, reason?: string): boolean {
  return kind === 'join (full contest)' && status === 409 && reason === 'full';
}

// ---------------------------------------------------------------------------------------------
// A member's browser: a cookie jar and timed calls

interface Answer {
  status: number;
  json: unknown;
}

class Browser {
  private jar = new Map<string, string>();
  constructor(private readonly base: string) {}

  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]!;
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c)) this.jar.delete(name);
      else this.jar.set(name, pair.slice(eq + 1));
    }
  }

  async call(
    kind: string,
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const init: RequestInit = {
      method,
      headers: { ...headers, ...(this.jar.size ? { cookie: this.cookie } : {}) },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const started = performance.now();
    try {
      const res = await fetch(this.base + url, init);
      this.keep(res);
      const text = await res.text();
      const ms = performance.now() - started;
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const reason = res.status >= 400 ? refusalReason(json) : undefined;
      record({
        kind,
        status: res.status,
        ms,
        reason,
        expected: expectedRefusal(kind, res.status, reason),
      });
      return { status: res.status, json };
    } catch (error) {
      record({ kind, status: 0, ms: performance.now() - started, reason: String(error) });
      return { status: 0, json: undefined };
    }
  }

  /** A tRPC query over GET (superjson input), answering the procedure's data. */
  async query(kind: string, procedure: string, input?: unknown): Promise<Answer> {
    const query =
      input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    const answer = await this.call(kind, 'GET', `/trpc/${procedure}${query}`);
    return { status: answer.status, json: trpcData(answer.json) };
  }

  async mutation(kind: string, procedure: string, input: unknown): Promise<Answer> {
    const answer = await this.call(kind, 'POST', `/trpc/${procedure}`, { json: input });
    return { status: answer.status, json: trpcData(answer.json) };
  }
}

function refusalReason(json: unknown): string | undefined {
  const body = json as
    { reason?: string; code?: string; error?: { json?: { data?: { code?: string } } } } | undefined;
  return body?.reason ?? body?.code ?? body?.error?.json?.data?.code;
}

function trpcData(json: unknown): unknown {
  return (json as { result?: { data?: { json?: unknown } } } | undefined)?.result?.data?.json;
}

// ---------------------------------------------------------------------------------------------
// Files the members upload: small real PNGs, a different one each time

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A `size`×`size` RGB PNG of random noise (so no two uploads are the same file). */
export function randomPng(size = 48): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y += 1) {
    rows[y * (1 + size * 3)] = 0; // no filter
    crypto.randomFillSync(rows, y * (1 + size * 3) + 1, size * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngForm(purpose: string): FormData {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(randomPng())], { type: 'image/png' }), 'soak.png');
  return form;
}

// ---------------------------------------------------------------------------------------------
// The server

interface Server {
  base: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(dir: string, metricsToken: string): Promise<Server> {
  const port = await freePort();
  const args = FROM_SOURCE ? ['--import', 'tsx', 'src/server/index.ts'] : ['dist/server/index.js'];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      DATABASE_PATH: path.join(dir, 'app.db'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'true',
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      METRICS_TOKEN: metricsToken,
      METRICS_HOST: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The last lines the server wrote, shown when something goes wrong.
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited at start:\n${output}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`The server was not ready within 120 s:\n${output}`);
    }
    await sleep(200);
  }
  return { base, child, output: () => output, exited };
}

/**
 * The server's memory: RSS, V8's used heap and Node's external memory (buffers) from its own
 * /metrics, and on Linux the anonymous part of the RSS (malloc's heap, not mapped files) from
 * /proc: a used heap that stays flat while the anonymous RSS grows points at native memory.
 */
async function serverMemory(base: string, token: string, pid?: number): Promise<Memory> {
  const res = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  const text = await res.text();
  const gauge = (name: string) => {
    const line = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
    return line ? Number(line[1]) : 0;
  };
  let rssAnon = 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    rssAnon = Number(/^RssAnon:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    /* not Linux: the column shows 0 */
  }
  return {
    rss: gauge('process_resident_memory_bytes'),
    heapUsed: gauge('nodejs_heap_size_used_bytes'),
    external: gauge('nodejs_external_memory_bytes'),
    rssAnon,
  };
}

// ---------------------------------------------------------------------------------------------
// Setup (not measured): members, contests, a wallet address

interface World {
  base: string;
  admin: Browser;
  /** Upcoming, free, room for everyone: members join and leave it. */
  openId: number;
  /** Upcoming, free, one place, taken: every join is refused (the expected 409). */
  fullId: number;
  /** Upcoming, paid: members send entry-fee proofs, the admin rejects them. */
  paidId: number;
  /** The demo's two running contests: score batches and live streams. */
  boards: { id: number; slug: string; usernames: string[] }[];
  slugs: string[];
}

interface Credentials {
  username: string;
  password: string;
}

function must(answer: Answer, what: string, status = 200): unknown {
  if (answer.status !== status) {
    throw new Error(`Setup: ${what} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  }
  return answer.json;
}

const DAY = 24 * 3600 * 1000;

function contestBody(title: string, extra: Record<string, unknown>) {
  const start = Date.now() + 7 * DAY;
  return {
    title,
    category: 'other',
    type: 'other',
    shortDescription: 'A contest the soak test runs its load against.',
    mode: 'individual',
    maxParticipants: 10_000,
    format: 'open',
    registrationDeadline: new Date(start - DAY).toISOString(),
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 7 * DAY).toISOString(),
    participationType: 'free',
    requiredTier: 'free',
    prize: 'Bragging rights',
    description:
      'The soak test joins, leaves and pays for this contest for as long as it runs, nothing more.',
    enableLeaderboard: true,
    enableComments: true,
    status: 'active',
    ...extra,
  };
}

async function signIn(browser: Browser, who: Credentials): Promise<boolean> {
  const answer = await browser.call('sign-in', 'POST', '/api/login', who);
  return answer.status === 200;
}

async function setUp(base: string): Promise<{ world: World; members: Credentials[] }> {
  const admin = new Browser(base);
  must(await admin.call('setup', 'POST', '/api/login', ADMIN), 'the admin sign-in');
  // Proofs need a wallet address on their network.
  const config = must(
    await admin.call('setup', 'GET', '/api/admin/settings/payments'),
    'reading the payment settings',
  ) as { networks: Record<string, Record<string, unknown>> };
  config.networks.ETH = { ...config.networks.ETH, address: WALLET };
  must(
    await admin.call('setup', 'PATCH', '/api/admin/settings/payments', config),
    'the wallet address',
  );
  const create = async (title: string, extra: Record<string, unknown>) =>
    (
      must(
        await admin.call('setup', 'POST', '/api/contests', contestBody(title, extra)),
        `creating ${title}`,
        201,
      ) as { id: number }
    ).id;
  const openId = await create('Soak Open Cup', {});
  const fullId = await create('Soak Full Cup', { maxParticipants: 1 });
  const paidId = await create('Soak Paid Cup', { participationType: 'paid', entryFee: '10' });

  const members: Credentials[] = [];
  const tag = crypto.randomBytes(3).toString('hex');
  // The load's members, the streams' members, and one who holds the full contest's place.
  for (let i = 0; i < MEMBERS + STREAMS + 1; i += 1) {
    members.push({
      username: `soak_${tag}_${i}`,
      password: `soak-${crypto.randomBytes(8).toString('hex')}`,
    });
  }
  // A few at a time: each is a password hash on the server.
  for (let i = 0; i < members.length; i += 4) {
    await Promise.all(
      members.slice(i, i + 4).map(async (m) =>
        must(
          await admin.call('setup', 'POST', '/api/admin/users', {
            ...m,
            email: `${m.username}@soak.example.org`,
            role: 'user',
            subscriptionTier: 'free',
          }),
          `creating ${m.username}`,
          201,
        ),
      ),
    );
  }
  // The full contest's one place goes to a member who takes no part in the load (one who tried
  // to join it again would be told 'already joined', not 'full').
  const holder = new Browser(base);
  must(await holder.call('setup', 'POST', '/api/login', members.at(-1)), 'a member sign-in');
  must(
    await holder.call('setup', 'POST', `/api/contests/${fullId}/join`, {}),
    'taking the full contest’s place',
    201,
  );

  const boards: World['boards'] = [];
  for (const slug of ['the-dake-contest', 'candle-games']) {
    const contest = must(
      await admin.call('setup', 'GET', `/api/contests/${slug}`),
      `the demo contest ${slug}`,
    ) as { id: number };
    const board = must(
      await admin.call('setup', 'GET', `/api/contests/${contest.id}/leaderboard?limit=100`),
      `the leaderboard of ${slug}`,
    ) as { entries: { username: string }[] };
    boards.push({ id: contest.id, slug, usernames: board.entries.map((e) => e.username) });
  }
  const listed = must(
    await admin.call('setup', 'GET', '/api/contests?tab=all&page=1&pageSize=50'),
    'the contest list',
  ) as { slug: string }[];
  return {
    world: {
      base,
      admin,
      openId,
      fullId,
      paidId,
      boards,
      slugs: listed.map((c) => c.slug),
    },
    members,
  };
}

// ---------------------------------------------------------------------------------------------
// The load

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A deadline for a race: it does not keep the process alive once the race is won. */
const deadline = (ms: number) =>
  new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const think = () => sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));

type Action =
  'list' | 'detail' | 'leaderboard' | 'me' | 'join' | 'join-full' | 'avatar' | 'proof' | 'sign-in';

/** How often each action comes up once a member has done each one once. */
const WEIGHTS: [Action, number][] = [
  ['list', 30],
  ['detail', 25],
  ['leaderboard', 15],
  ['me', 8],
  ['join', 12],
  ['join-full', 2],
  ['avatar', 3],
  ['proof', 3],
  ['sign-in', 2],
];
const WEIGHT_TOTAL = WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
/** Every member does each action once first, so even a short run sees every kind. */
const OPENING: Action[] = ['list', 'detail', 'join', 'avatar', 'leaderboard', 'join-full', 'proof'];

function weighted(): Action {
  let roll = Math.random() * WEIGHT_TOTAL;
  for (const [action, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return 'list';
}

/** Members arrive over the first seconds rather than all in the same millisecond. */
function arrival(index: number, of: number): Promise<unknown> {
  return sleep((index / Math.max(1, of)) * Math.min(5_000, (INTERVAL_SECONDS * 1000) / 4));
}

async function memberLoop(
  world: World,
  who: Credentials,
  until: number,
  index: number,
): Promise<void> {
  await arrival(index, MEMBERS);
  const me = new Browser(world.base);
  if (!(await signIn(me, who))) {
    loadProblems.push(`${who.username} could not sign in`);
    return;
  }
  let signedInAt = Date.now();
  const uploads: number[] = [];
  const mayUpload = () => {
    while (uploads.length && uploads[0]! < Date.now() - 60_000) uploads.shift();
    if (uploads.length >= UPLOADS_PER_MINUTE) return false;
    uploads.push(Date.now());
    return true;
  };
  let joined = false;
  let step = 0;
  while (Date.now() < until) {
    let action = step < OPENING.length ? OPENING[step]! : weighted();
    step += 1;
    const rest = step % 2 === 0;
    if ((action === 'avatar' || action === 'proof') && !mayUpload()) action = 'detail';
    if (action === 'sign-in' && Date.now() - signedInAt < SIGN_IN_GAP_MS) action = 'me';
    switch (action) {
      case 'list':
        if (rest) await me.call('list (REST)', 'GET', `/api/contests?tab=all&page=1&pageSize=12`);
        else await me.query('list (tRPC)', 'contests.list', { tab: 'all', page: 1, pageSize: 12 });
        break;
      case 'detail': {
        const slug = pick(world.slugs);
        if (rest) await me.call('detail (REST)', 'GET', `/api/contests/${slug}`);
        else await me.query('detail (tRPC)', 'contests.get', { idOrSlug: slug });
        break;
      }
      case 'leaderboard': {
        const board = pick(world.boards);
        if (rest)
          await me.call('leaderboard (REST)', 'GET', `/api/contests/${board.id}/leaderboard`);
        else await me.query('leaderboard (tRPC)', 'leaderboard.get', { contestId: board.id });
        break;
      }
      case 'me':
        if (rest) await me.call('me (REST)', 'GET', '/api/user');
        else await me.query('me (tRPC)', 'auth.me');
        break;
      case 'join': {
        const answer = joined
          ? await me.call('leave', 'DELETE', `/api/contests/${world.openId}/join`)
          : rest
            ? await me.call('join', 'POST', `/api/contests/${world.openId}/join`, {})
            : await me.mutation('join', 'participation.join', { contestId: world.openId });
        if (answer.status === 200 || answer.status === 201) joined = !joined;
        break;
      }
      case 'join-full':
        await me.call('join (full contest)', 'POST', `/api/contests/${world.fullId}/join`, {});
        break;
      case 'avatar': {
        const upload = await me.call('upload (avatar)', 'POST', '/api/upload', pngForm('avatar'));
        const fileUrl = (upload.json as { fileUrl?: string } | undefined)?.fileUrl;
        if (fileUrl) {
          await me.call('profile', 'PATCH', '/api/user/profile', { profileImage: fileUrl });
        }
        break;
      }
      case 'proof': {
        // As the payment page: the member's proofs first; a new one only when none is pending.
        const mine = await me.call('my proofs', 'GET', '/api/payments/proofs');
        const pending = ((mine.json as { status: string }[] | undefined) ?? []).some(
          (p) => p.status === 'pending',
        );
        if (pending) break;
        const upload = await me.call('upload (proof)', 'POST', '/api/upload', pngForm('proof'));
        const fileUrl = (upload.json as { fileUrl?: string } | undefined)?.fileUrl;
        if (!fileUrl) break;
        await me.call('payment proof', 'POST', '/api/payments/proofs', {
          contestId: world.paidId,
          network: 'ETH',
          txHash: `0x${crypto.randomBytes(32).toString('hex')}`,
          senderAddress: SENDER,
          notes: 'Sent by the soak test',
          proofFile: fileUrl,
        });
        break;
      }
      case 'sign-in':
        await me.call('sign-out', 'POST', '/api/logout');
        if (!(await signIn(me, who))) {
          loadProblems.push(`${who.username} could not sign in again`);
          return;
        }
        signedInAt = Date.now();
        break;
    }
    await think();
  }
}

/** The admin's desk: score batches on the running contests, the proof queue, the stats. */
async function adminLoop(world: World, until: number): Promise<void> {
  const admin = world.admin;
  for (let round = 0; Date.now() < until; round += 1) {
    const board = world.boards[round % world.boards.length]!;
    await admin.call('score batch', 'PUT', `/api/contests/${board.id}/scores`, {
      scores: board.usernames.map((username) => ({
        username,
        score: Math.floor(Math.random() * 10_000),
      })),
    });
    if (round % 4 === 0) {
      const queue = await admin.call('review queue', 'GET', '/api/payments/proofs?status=pending');
      for (const proof of ((queue.json as { id: number }[] | undefined) ?? []).slice(0, 5)) {
        await admin.call('review', 'PATCH', `/api/payments/proofs/${proof.id}`, {
          status: 'rejected',
          reason: 'Soak test: no such transaction',
        });
      }
    }
    if (round % 10 === 0) await admin.call('admin stats', 'GET', '/api/admin/stats');
    await sleep(250);
  }
}

/**
 * One live leaderboard after another: open the stream, wait for 'connected' (its time is the
 * 'stream' sample), hold it a few seconds counting change events, close it.
 */
async function streamLoop(
  world: World,
  who: Credentials,
  until: number,
  index: number,
): Promise<void> {
  await arrival(index, STREAMS);
  const me = new Browser(world.base);
  if (!(await signIn(me, who))) {
    loadProblems.push(`${who.username} could not sign in`);
    return;
  }
  for (let round = 0; Date.now() < until; round += 1) {
    const board = world.boards[round % world.boards.length]!;
    const hold = Math.min(2_000 + Math.random() * 6_000, Math.max(0, until - Date.now()));
    await oneStream(world.base, me.cookie, board.id, hold);
    await sleep(100);
  }
}

async function oneStream(base: string, cookie: string, contestId: number, holdMs: number) {
  const input = encodeURIComponent(JSON.stringify({ json: { contestId } }));
  const controller = new AbortController();
  const started = performance.now();
  let connected = false;
  let closing = false;
  const timer = setTimeout(() => {
    closing = true;
    controller.abort();
  }, holdMs + 10_000);
  try {
    const res = await fetch(`${base}/trpc/leaderboard.onChange?input=${input}`, {
      headers: { accept: 'text/event-stream', cookie },
      signal: controller.signal,
    });
    if (res.status !== 200) {
      record({ kind: 'stream', status: res.status, ms: performance.now() - started });
      await res.body?.cancel();
      return;
    }
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        if (!closing) loadProblems.push('the server closed a live stream by itself');
        return;
      }
      text += decoder.decode(value, { stream: true });
      if (text.includes('serialized-error')) {
        record({ kind: 'stream', status: 0, ms: performance.now() - started, reason: text });
        return;
      }
      if (!connected && text.includes('event: connected')) {
        connected = true;
        if (recording) streamsOpened += 1;
        record({ kind: 'stream', status: 200, ms: performance.now() - started });
        // From now on the stream lives for its hold time, then closes as a browser tab would.
        clearTimeout(timer);
        setTimeout(() => {
          closing = true;
          controller.abort();
        }, holdMs);
      }
      // Each change is a tracked event: its data line, then its id.
      const events = text.match(/\nid: /g)?.length ?? 0;
      if (events && recording) streamEvents += events;
      const lastBreak = text.lastIndexOf('\n\n');
      if (lastBreak >= 0) text = text.slice(lastBreak + 2);
    }
  } catch (error) {
    if (closing) {
      if (!connected) {
        record({
          kind: 'stream',
          status: 0,
          ms: performance.now() - started,
          reason: 'no connected event',
        });
      }
      return;
    }
    record({ kind: 'stream', status: 0, ms: performance.now() - started, reason: String(error) });
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log(
    `Soak: ${INTERVALS} × ${INTERVAL_SECONDS} s, ${MEMBERS} members + ${STREAMS} live streams + the admin, ` +
      `on ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), Node ${process.version}`,
  );
  if (!FROM_SOURCE) {
    execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-soak-'));
  const token = crypto.randomBytes(24).toString('hex');
  const server = await startServer(dir, token);
  let stopping = false;
  let serverGone = '';
  void server.exited.then((code) => {
    if (!stopping) serverGone = `the server exited during the run (code ${code})`;
  });
  console.log(
    `Server: ${FROM_SOURCE ? 'src/server/index.ts (tsx)' : 'dist/server/index.js'} at ${server.base}, data in ${dir}`,
  );
  const { world, members } = await setUp(server.base);
  console.log(
    `Set up: ${members.length} members, 3 soak contests, demo boards ${world.boards.map((b) => `${b.slug} (${b.usernames.length})`).join(', ')}`,
  );

  const started = Date.now();
  const until = started + INTERVALS * INTERVAL_SECONDS * 1000;
  recording = true;
  const loops = [
    ...members.slice(0, MEMBERS).map((m, i) => memberLoop(world, m, until, i)),
    ...members.slice(MEMBERS, MEMBERS + STREAMS).map((m, i) => streamLoop(world, m, until, i)),
    adminLoop(world, until),
  ];
  // The server's memory, read from its /metrics every few seconds: one reading would catch it
  // just before or just after a garbage collection; each interval reports the median.
  let readings: Memory[] = [];
  const readMemory = async () => {
    try {
      readings.push(await serverMemory(server.base, token, server.child.pid));
    } catch (error) {
      if (!stopping) loadProblems.push(`reading /metrics failed: ${String(error)}`);
    }
  };
  const memoryTimer = setInterval(
    () => void readMemory(),
    Math.min(5_000, (INTERVAL_SECONDS * 1000) / 6),
  );
  const all: Sample[] = [];
  const intervals: IntervalFigures[] = [];
  const unit = INTERVAL_SECONDS === 60 ? 'min' : `×${INTERVAL_SECONDS}s`;
  console.log(`\n${intervalHeader(unit)}`);
  let from = started;
  for (let i = 1; i <= INTERVALS && !serverGone; i += 1) {
    const last = i === INTERVALS;
    if (last) {
      // The last interval ends when every member has finished what it was doing.
      await Promise.race([Promise.all(loops), deadline(until - Date.now() + 60_000)]);
    } else {
      await sleep(Math.max(0, started + i * INTERVAL_SECONDS * 1000 - Date.now()));
    }
    const samples = current;
    current = [];
    const opened = streamsOpened;
    const events = streamEvents;
    streamsOpened = 0;
    streamEvents = 0;
    await readMemory();
    const memory: Memory = {
      rss: median(readings.map((r) => r.rss)),
      heapUsed: median(readings.map((r) => r.heapUsed)),
      external: median(readings.map((r) => r.external)),
      rssAnon: median(readings.map((r) => r.rssAnon)),
    };
    readings = [];
    const now = Date.now();
    const figures = summarizeInterval(i, (now - from) / 1000, samples, memory, {
      opened,
      events,
    });
    figures.load = os.loadavg()[0];
    from = now;
    all.push(...samples);
    intervals.push(figures);
    console.log(intervalLine(figures));
  }
  recording = false;
  clearInterval(memoryTimer);

  console.log('\nBy kind (4xx by status and reason):');
  for (const line of kindLines(summarizeKinds(all))) console.log(`  ${line}`);

  stopping = true;
  server.child.kill('SIGTERM');
  const code = await Promise.race([server.exited, deadline(20_000)]);
  let serverExit = serverGone;
  if (!serverExit && code !== 0) {
    serverExit = `the server did not exit cleanly on SIGTERM (${code === 'timeout' ? 'still running after 20 s' : `code ${code}`})`;
    if (code === 'timeout') server.child.kill('SIGKILL');
  }
  const result = verdict(intervals, { serverExit, loadProblems: [...new Set(loadProblems)] });
  if (intervals.length >= 3) {
    const warm = intervals[0]!.rss;
    const last = intervals[intervals.length - 1]!;
    console.log(
      `\nRSS after warm-up ${mb(warm)} MB, at the end ${mb(last.rss)} MB (${(((last.rss - warm) / warm) * 100).toFixed(1)} %); ` +
        `p99 interval 2 ${intervals[1]!.p99.toFixed(1)} ms, last ${last.p99.toFixed(1)} ms`,
    );
  }
  for (const note of result.skipped) console.log(`Not checked: ${note}`);
  if (result.ok) {
    console.log(`\nSoak passed: ${all.length} requests, no 5xx, no unexpected 4xx.`);
    fs.rmSync(dir, { recursive: true, force: true });
  } else {
    console.error('\nSoak FAILED:');
    for (const failure of result.failures) console.error(`  - ${failure}`);
    console.error(`\nThe server's last output:\n${server.output().slice(-4000)}`);
    console.error(`Its data is kept in ${dir}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
