// The lean paths (src/server/http/leanPaths.ts) answer GET /api/health and tRPC queries before
// Express. They must answer exactly as the Express path and tRPC's adapter do: the same status,
// body, and headers, for every query procedure in the router (read from it, so a new one is
// covered), as anonymous, member and admin, with good, missing and hostile input, single and
// batched, compressed or not. Two apps share one database: one with the lean paths, one without.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/http/app';
import { COMPRESS_FROM_BYTES } from '../../src/server/http/json';
import { appRouter } from '../../src/server/trpc/routers/_app';
import { educationContent } from '../../src/server/platform/db/schema';
import { addParticipant } from '../../src/server/domain/participation';
import { announceLeaderboardChanges } from '../../src/server/platform/events';
import { signIn } from '../helpers/accounts';
import { insertContest } from '../helpers/contests';
import { createTestDb, createUser, type TestDb } from '../helpers/db';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET with exactly these headers; the body decoded as the client asked. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body =
            encoding === 'br'
              ? zlib.brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? zlib.gunzipSync(raw)
                : raw;
          resolve({ status: res.statusCode!, headers: res.headers, body: body.toString() });
        });
      })
      .on('error', reject);
  });
}

// Differ by nature between two answers: when, which request, how the bytes were framed.
const PER_ANSWER = new Set([
  'date',
  'x-request-id',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

function comparable({ status, headers, body }: Answer) {
  // tRPC's adapter streams its answer without a length, so compression() compresses even a
  // 20-byte one; the lean path keeps to the 1 KB threshold. Below it, how the bytes travel may
  // differ (the decoded body may not).
  const small = Buffer.byteLength(body) < COMPRESS_FROM_BYTES;
  const kept = Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_ANSWER.has(name) && !(small && name === 'content-encoding'))
      .map(([name, value]) => [name, name === 'vary' ? String(value).toLowerCase() : value]),
  );
  let json: unknown = body;
  try {
    json = JSON.parse(body);
  } catch {
    /* compared as text */
  }
  return { status, headers: kept, json };
}

const QUERIES = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
)
  .filter(([, procedure]) => procedure._def.type === 'query')
  .map(([path]) => path)
  .sort();

let t: TestDb;
const servers: http.Server[] = [];
let lean: string;
let plain: string;
const cookies: Record<'anonymous' | 'member' | 'admin', string> = {
  anonymous: '',
  member: '',
  admin: '',
};
let contestId: number;

async function listen(app: ReturnType<typeof createApp>): Promise<string> {
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  t = await createTestDb();
  lean = await listen(createApp(t.deps));
  plain = await listen(createApp(t.deps, { leanPaths: false }));
  const member = await createUser(t.db);
  const admin = await createUser(t.db, { role: 'admin' });
  for (let i = 0; i < 30; i++) await createUser(t.db);
  contestId = (await insertContest(t.db, { createdBy: member.id, status: 'active' })).id;
  for (let i = 0; i < 12; i++) await insertContest(t.db, { createdBy: admin.id, status: 'active' });
  await addParticipant({ db: t.db, contestId, userId: member.id });
  await t.db
    .insert(educationContent)
    .values({ slug: 'lean-sample', title: 'Lean sample', content: 'Body of the sample.' });
  cookies.member = (await signIn(lean, member)).cookie;
  cookies.admin = (await signIn(lean, admin)).cookie;
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await t.close();
});

/** The same request to both apps, one after the other; their answers must be the same. */
async function expectSame(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const fast = await get(lean, path, headers);
  const slow = await get(plain, path, headers);
  expect(comparable(fast), path).toEqual(comparable(slow));
  return fast;
}

interface Sse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The next event's text (tRPC's frames end in a blank line). */
  next: () => Promise<string>;
  close: () => void;
}

/** An event stream as EventSource opens it; its events one by one. */
function openSse(base: string, path: string, headers: Record<string, string>): Promise<Sse> {
  return new Promise((resolve, reject) => {
    const req = http.get(base + path, { headers: { accept: 'text/event-stream', ...headers } });
    req.on('error', () => undefined);
    req.on('response', (res) => {
      let buffer = '';
      const waiting: ((frame: string) => void)[] = [];
      const frames: string[] = [];
      const drain = () => {
        while (frames.length && waiting.length) waiting.shift()!(frames.shift()!);
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const text = buffer.slice(0, end).replace(/^\n+/, '');
          buffer = buffer.slice(end + 2);
          if (text) frames.push(text);
        }
        drain();
      });
      resolve({
        status: res.statusCode!,
        headers: res.headers,
        next: () =>
          new Promise<string>((done) => {
            waiting.push(done);
            drain();
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify({ json: value }));

describe('the lean paths answer as Express and the adapter do', () => {
  it('finds the queries in the router', () => {
    expect(QUERIES).toContain('auth.me');
    expect(QUERIES).toContain('contests.list');
  });

  it('GET /api/health', async () => {
    const res = await expectSame('/api/health');
    expect(res.status).toBe(200);
  });

  it('every query, as every principal, with no, good and hostile input', async () => {
    const inputs = [
      '',
      `?input=${input({ id: contestId })}`,
      `?input=${input({ page: 1, pageSize: 5 })}`,
      `?input=${input({ id: 'x', page: -1 })}`,
      `?input=${input('a string')}`,
    ];
    const statuses = new Set<number>();
    for (const [principal, cookie] of Object.entries(cookies)) {
      for (const path of QUERIES) {
        for (const query of inputs) {
          const res = await expectSame(`/trpc/${path}${query}`, cookie ? { cookie } : {});
          statuses.add(res.status);
          // Answered by the lean path (one buffered write with its length), not passed on to
          // the adapter (which streams it in chunks).
          expect(res.headers['content-length'], path).toBeDefined();
          expect(res.status, `${principal} ${path}${query}`).toBeLessThan(500);
        }
      }
    }
    // The inputs reached past validation and the access rules, and were refused by both.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 401, 403]));
  });

  it('batches: all answered, mixed statuses (207), one refused', async () => {
    const member = { cookie: cookies.member };
    const ok = await expectSame(
      `/trpc/auth.me,settings.public?batch=1&input=${encodeURIComponent('{}')}`,
      member,
    );
    expect(ok.status).toBe(200);
    const mixed = await expectSame(
      `/trpc/auth.me,adminUsers.list,contests.get?batch=1&input=${encodeURIComponent(
        JSON.stringify({ 1: { json: { page: 1 } }, 2: { json: { id: contestId } } }),
      )}`,
      member,
    );
    expect(mixed.status).toBe(207);
    const refused = await expectSame(`/trpc/adminUsers.list?batch=1&input=%7B%7D`, member);
    expect(refused.status).toBe(403);
  });

  it('what it leaves to the adapter is answered by the adapter', async () => {
    const member = { cookie: cookies.member };
    const cases = [
      '/trpc/no.such.procedure',
      '/trpc/auth.me,no.such?batch=1&input=%7B%7D',
      '/trpc/auth.login',
      `/trpc/auth.me?input=${encodeURIComponent('{not json')}`,
      `/trpc/auth.me,auth.me?batch=1&input=${encodeURIComponent('[1,2]')}`,
      `/trpc/${Array(11).fill('auth.me').join(',')}?batch=1&input=%7B%7D`,
      '/trpc/auth.%E0%A4%A',
      '/trpc/leaderboard.onChange',
    ];
    for (const path of cases) {
      // The same answer from both (auth.me takes no input, so even '{not json' gets its 200;
      // a batch naming an unknown procedure answers the known one: 207); never a 5xx.
      const res = await expectSame(path, member);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('compresses large answers as the client accepts, small ones never', async () => {
    const admin = { cookie: cookies.admin };
    const list = `/trpc/adminUsers.list?input=${input({ page: 1, pageSize: 25 })}`;
    for (const encoding of ['br', 'gzip', 'gzip;q=1, br;q=0.5', 'identity', '']) {
      const res = await expectSame(list, { ...admin, 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(
        encoding === 'br' ? 'br' : encoding.startsWith('gzip') ? 'gzip' : undefined,
      );
    }
    const small = await expectSame('/trpc/settings.public', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('live streams: the same headers and events as the adapter, refusals left to it', async () => {
    const path = `/trpc/leaderboard.onChange?input=${input({ contestId })}`;
    const fast = await openSse(lean, path, { cookie: cookies.member });
    const slow = await openSse(plain, path, { cookie: cookies.member });
    try {
      const keep = (sse: Sse) => comparable({ status: sse.status, headers: sse.headers, body: '' });
      expect(keep(fast)).toEqual(keep(slow));
      expect(fast.status).toBe(200);
      // The 'connected' event first, then each change with its id.
      expect(await fast.next()).toBe(await slow.next());
      const [a, b] = [fast.next(), slow.next()];
      await announceLeaderboardChanges({ db: t.db, contestIds: [contestId] });
      const [event, same] = await Promise.all([a, b]);
      expect(event).toBe(same);
      expect(event).toMatch(/^data: .*\nid: \d+$/);
    } finally {
      fast.close();
      slow.close();
    }
    // Not signed in: the adapter's own answer, from both.
    const refused = await Promise.all([openSse(lean, path, {}), openSse(plain, path, {})]);
    try {
      expect(refused[0].status).toBe(refused[1].status);
      expect(await refused[0].next()).toBe(await refused[1].next());
      expect(await refused[0].next()).toBe(await refused[1].next());
    } finally {
      for (const sse of refused) sse.close();
    }
  });

  it('reads the address and scheme as Express does behind a trusted proxy', async () => {
    const proxied = createTestDb();
    const p = await proxied;
    try {
      const fast = await listen(createApp(p.deps, { trustProxy: true }));
      const slow = await listen(createApp(p.deps, { trustProxy: true, leanPaths: false }));
      const cases: Record<string, string>[] = [
        { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
        { 'x-forwarded-proto': 'http' },
      ];
      for (const headers of cases) {
        const a = await get(fast, '/trpc/settings.public', headers);
        const b = await get(slow, '/trpc/settings.public', headers);
        expect(comparable(a)).toEqual(comparable(b));
        expect(a.headers['strict-transport-security'] !== undefined).toBe(
          headers['x-forwarded-proto'] === 'https',
        );
      }
    } finally {
      await p.close();
    }
  });
});
