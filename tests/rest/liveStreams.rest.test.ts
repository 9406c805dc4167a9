// The live streams' writer (src/server/http/liveStreams.ts) writes each event in one write where
// tRPC's adapter writes each line. It must answer exactly as the adapter does: the same status,
// headers and events, and a refusal left to the adapter. Two apps share one database: one with
// the writer, one without.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/http/app';
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
  const kept = Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_ANSWER.has(name))
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
  plain = await listen(createApp(t.deps, { liveStreams: false }));
  const member = await createUser(t.db);
  const admin = await createUser(t.db, { role: 'admin' });
  contestId = (await insertContest(t.db, { createdBy: member.id, status: 'active' })).id;
  await addParticipant({ db: t.db, contestId, userId: member.id });
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

describe('the live streams answer as the adapter does', () => {
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

  it('input it cannot read is left to the adapter', async () => {
    const hostile = { json: { contestId }, meta: { values: ['class', 'Nope'] } };
    for (const raw of ['{not json', JSON.stringify(hostile)]) {
      const path = `/trpc/leaderboard.onChange?input=${encodeURIComponent(raw)}`;
      const both = await Promise.all([
        openSse(lean, path, { cookie: cookies.member }),
        openSse(plain, path, { cookie: cookies.member }),
      ]);
      try {
        const keep = (sse: Sse) =>
          comparable({ status: sse.status, headers: sse.headers, body: '' });
        expect(keep(both[0]), raw).toEqual(keep(both[1]));
      } finally {
        for (const sse of both) sse.close();
      }
    }
  });
});
