// Malformed-input edges over real HTTP: body encodings, bad percent-encoding in paths, absurd
// paging and repeated query values. Each is the client's fault: a 4xx with { message, code }.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../../src/server/http/rest';
import { clientErrorOf } from '../../src/server/http/security';
import { createUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let admin: HttpClient;
let member: HttpClient;

async function signIn(role: 'admin' | 'user') {
  const user = await createUser(s.db, { role });
  const client = new HttpClient(s.url);
  const res = await client.post('/api/login', { username: user.username, password: user.password });
  expect(res.status).toBe(200);
  return client;
}

beforeAll(async () => {
  s = await startTestServer();
  admin = await signIn('admin');
  member = await signIn('user');
});
afterAll(() => s?.stop());

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: Record<string, unknown> | undefined;
}

/** node:http sends the path exactly as given (fetch would be free to normalise it). */
function raw(
  method: string,
  rawPath: string,
  body?: Buffer | string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname, port, method, path: rawPath, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown> | undefined;
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

function expectClientError(res: { status: number; text: string }, status: number) {
  expect(res.status, res.text).toBe(status);
  const json = JSON.parse(res.text) as Record<string, unknown>;
  expect(json).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  expect(res.text).not.toMatch(/Internal server error|stack|\.(ts|js):\d+/);
  return json;
}

describe('Content-Encoding on a JSON body', () => {
  const login = JSON.stringify({ username: 'whoever', password: 'whatever1' });
  const cases: [string, string][] = [];
  for (const encoding of ['gzip', 'deflate', 'br', 'x-custom', 'gzip, identity']) {
    for (const target of ['/api/login', '/trpc/auth.login', '/api/users/1', '/trpc/auth.me']) {
      cases.push([encoding, target]);
    }
  }

  it.each(cases)('answers 415 to Content-Encoding: %s on %s', async (encoding, target) => {
    const payload = target.startsWith('/trpc')
      ? JSON.stringify({ json: JSON.parse(login) })
      : login;
    const method = target === '/api/users/1' ? 'PATCH' : 'POST';
    const res = await raw(method, target, payload, {
      'content-type': 'application/json',
      'content-encoding': encoding,
    });
    const json = expectClientError(res, 415);
    expect(json).toMatchObject({
      message: 'Unsupported body encoding',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('accepts Content-Encoding: identity (and any case of it)', async () => {
    for (const encoding of ['identity', 'IDENTITY']) {
      const res = await raw('POST', '/api/login', login, {
        'content-type': 'application/json',
        'content-encoding': encoding,
      });
      expect(res.status, encoding).toBe(401);
    }
  });

  it('ignores the header on a bodiless GET (nothing to decode)', async () => {
    const res = await raw('GET', '/api/settings', undefined, { 'content-encoding': 'gzip' });
    expect(res.status).toBe(200);
  });
});

describe('bad percent-encoding in a path', () => {
  it.each([
    '/%E0%A4%A',
    '/api/users/%E0%A4%A',
    '/api/user/sessions/%',
    '/uploads/%',
    '/uploads/%E0%A4%A',
    '/trpc/%E0%A4%A',
    '/api/%C0%AF',
    '/api/users/%FF',
  ])('answers 400 Malformed URL to GET %s', async (target) => {
    const res = await raw('GET', target, undefined, { cookie: admin.cookie });
    const json = expectClientError(res, 400);
    expect(json).toMatchObject({ message: 'Malformed URL', code: 'BAD_REQUEST' });
  });

  it('answers 400 to a malformed path on a mutation too', async () => {
    const res = await raw('DELETE', '/api/admin/users/%E0%A4%A', undefined, {
      cookie: admin.cookie,
    });
    expectClientError(res, 400);
  });

  it('still serves a well-encoded path', async () => {
    const res = await raw('GET', '/api/users/%31', undefined, { cookie: admin.cookie });
    // No GET /api/users/:id exists: a JSON 404, not 400.
    expect(res.status).toBe(404);
  });
});

describe('paging bounds', () => {
  it('answers 400 with the paging message to page=2^53-1', async () => {
    const res = await admin.get('/api/users?pageSize=10000&page=9007199254740991');
    const json = expectClientError(res, 400);
    expect(json).toMatchObject({ message: 'Page must be at most 100000', code: 'BAD_REQUEST' });
  });

  it('answers 400 to page=100001 and 200 to page=100000', async () => {
    expectClientError(await admin.get('/api/users?page=100001'), 400);
    const last = await admin.get('/api/users?page=100000&pageSize=10000');
    expect(last.status).toBe(200);
    expect(last.json).toEqual([]);
  });

  it('answers 400 to a page beyond the bound on the audit list as well', async () => {
    const res = await admin.get('/api/admin/audit?page=9007199254740991');
    expect(expectClientError(res, 400).message).toBe('Page must be at most 100000');
  });

  it.each(['1e400', '-1', '0', '1.5', 'abc', 'Infinity', '0x10'])(
    'answers 400 to page=%s',
    async (page) => {
      expectClientError(await admin.get(`/api/users?page=${page}`), 400);
    },
  );
});

describe('repeated and structured query values', () => {
  it.each([
    '/api/users?page=1&page=2',
    '/api/users?pageSize=1&pageSize=2',
    '/api/users?search=a&search=b',
    '/api/users?page[]=1',
    '/api/users?page[a]=1',
    '/api/users?search[$ne]=x',
    '/api/admin/audit?page=1&page=2',
    '/api/admin/audit?action=a&action=b',
  ])('answers 4xx, not 500, to %s', async (target) => {
    const res = await admin.get(target);
    expect(res.status, res.text).toBeLessThan(500);
    if (res.status >= 400) {
      expect(res.json).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
  });

  it('answers 400 with the paging message to a repeated page', async () => {
    const res = await admin.get('/api/users?page=1&page=2');
    expect(expectClientError(res, 400).message).toMatch(/^Page/);
  });

  it('is still 403 for a member, whatever the query', async () => {
    const res = await member.get('/api/users?page=1&page=2');
    expect(res.status).toBe(403);
  });
});

describe('the error handler of last resort', () => {
  it('answers a JSON 404 to an unknown path with a malformed query', async () => {
    const res = await raw('GET', '/api/nothing?%=%&a=%E0%A4%A');
    expect(res.status).toBeLessThan(500);
  });
});

describe('clientErrorOf (the error handler of last resort maps these, wherever thrown)', () => {
  it.each([
    [new URIError('URI malformed'), 400, 'Malformed URL'],
    [
      Object.assign(new Error('x'), { type: 'entity.parse.failed', status: 400 }),
      400,
      'Malformed JSON body',
    ],
    [
      Object.assign(new Error('x'), { type: 'entity.too.large', status: 413 }),
      413,
      'Request body is too large',
    ],
    [
      Object.assign(new Error('x'), { type: 'encoding.unsupported', status: 415 }),
      415,
      'Unsupported body encoding',
    ],
    [
      Object.assign(new Error('x'), { type: 'request.aborted', status: 400 }),
      400,
      'Incomplete request body',
    ],
    [
      Object.assign(new Error("Failed to decode param '%E0'"), { status: 400 }),
      400,
      'Malformed URL',
    ],
    [Object.assign(new Error('Not Found'), { statusCode: 404 }), 404, 'Not found'],
  ])('maps %s to %i', (error, status, message) => {
    expect(clientErrorOf(error)).toMatchObject({ status, message, code: expect.any(String) });
  });

  it('leaves our own faults to be a 500', () => {
    for (const error of [new Error('boom'), new TypeError('x'), 'text', null, { status: 503 }]) {
      expect(clientErrorOf(error)).toBeUndefined();
    }
  });
});

// REST reads are found by their first segment ahead of the rest of the app (rest.ts,
// createRestReads); what that lookup does not find goes on to the whole table, which answers it
// as Express always did.
describe('paths the read lookup does not find', () => {
  it('answers a read in other letter case, or with a trailing slash, as the table does', async () => {
    const own = await member.get('/api/user');
    expect(own.status).toBe(200);
    for (const path of ['/api/User', '/api/USER/', '/api/user/']) {
      const res = await member.get(path);
      expect(res.status, path).toBe(200);
      expect(res.json, path).toStrictEqual(own.json);
    }
  });

  it('answers OPTIONS with every method of the path, reads and writes', async () => {
    // The table's methods for a concrete path, its rows' ':param' parts matching any segment.
    const methods = (path: string) =>
      restRoutes
        .filter((r) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`).test(path))
        .map((r) => r.method.toUpperCase());
    for (const path of ['/contests/1', '/user']) {
      const res = await raw('OPTIONS', `/api${path}`);
      expect(res.status, path).toBe(200);
      const expected = [...new Set(['HEAD', ...methods(path)])].sort();
      expect(String(res.headers.allow).split(/, */).sort(), path).toEqual(expected);
    }
    // Writes are among them: a read lookup alone would have answered GET and HEAD only.
    expect(methods('/contests/1')).toContain('PATCH');
  });

  it('answers an unknown path under a known first segment with the 404 of the table', async () => {
    const res = await admin.get('/api/user/nothing-here');
    expectClientError(res, 404);
  });
});
