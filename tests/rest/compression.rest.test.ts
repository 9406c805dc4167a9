// JSON answers over 1 KB on /api and /trpc are compressed as the client accepts (brotli or
// gzip); small answers, and clients that accept no encoding, get plain JSON.
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/accounts';
import { createUser } from '../helpers/db';
import { startTestServer, type TestServer } from '../helpers/server';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly these headers, the body left as sent (fetch() would decode it). */
function get(base: string, urlPath: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(base + urlPath, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

function decode(res: Raw): unknown {
  const encoding = res.headers['content-encoding'];
  const body =
    encoding === 'br'
      ? zlib.brotliDecompressSync(res.body)
      : encoding === 'gzip'
        ? zlib.gunzipSync(res.body)
        : res.body;
  return JSON.parse(body.toString());
}

const MEMBERS = 60;
let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer();
  const admin = await createUser(s.db, { role: 'admin' });
  for (let i = 0; i < MEMBERS; i++) await createUser(s.db);
  cookie = (await signIn(s.url, admin)).cookie;
});
afterAll(() => s?.stop());

describe('GET /api/users with many users', () => {
  it('is sent with brotli when accepted, much smaller, with the same JSON', async () => {
    const plain = await get(s.url, '/api/users', { cookie });
    const br = await get(s.url, '/api/users', { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    const users = decode(br) as unknown[];
    expect(users).toHaveLength(MEMBERS + 1);
    expect(users).toEqual(decode(plain));
  });

  it('is sent with gzip to a client that accepts only gzip', async () => {
    const res = await get(s.url, '/api/users', { cookie, 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decode(res)).toHaveLength(MEMBERS + 1);
  });

  it('is sent as it is without Accept-Encoding, or with identity only', async () => {
    const cases: Record<string, string>[] = [{ cookie }, { cookie, 'accept-encoding': 'identity' }];
    for (const headers of cases) {
      const res = await get(s.url, '/api/users', headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(decode(res)).toHaveLength(MEMBERS + 1);
    }
  });
});

describe('tRPC', () => {
  it('compresses a large list answer too', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { page: 1, pageSize: 50 } }));
    const res = await get(s.url, `/trpc/adminUsers.list?input=${input}`, {
      cookie,
      'accept-encoding': 'br',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const body = decode(res) as { result: { data: { json: { users: unknown[] } } } };
    expect(body.result.data.json.users).toHaveLength(50);
  });
});

describe('small answers', () => {
  // REST only: tRPC streams its answers without a Content-Length, so the threshold cannot see
  // their size and a small tRPC answer may be compressed too (harmless, a few bytes either way).
  it('are not compressed (under 1 KB)', async () => {
    for (const path of ['/api/health', '/api/user', '/api/settings']) {
      const res = await get(s.url, path, { cookie, 'accept-encoding': 'gzip, br' });
      expect(res.status, path).toBe(200);
      expect(res.body.length, path).toBeLessThan(1024);
      expect(res.headers['content-encoding'], path).toBeUndefined();
    }
  });

  it('a refusal stays plain JSON', async () => {
    const res = await get(s.url, '/api/users', { 'accept-encoding': 'br' });
    expect(res.status).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(decode(res)).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
