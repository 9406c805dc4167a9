// Request logs and security events, read from the app logger's own output: a line per request
// with its id, status and duration; X-Request-Id kept or made; refusals (CSRF, 429, 401/403) and
// admin changes at warn with the request id; never a cookie or a password in any line.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../helpers/db';
import { createContext } from '../../src/server/trpc/context';
import { startRequestLog } from '../../src/server/http/requestLog';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  event?: string;
  [key: string]: unknown;
}

const DEBUG = 20;
const INFO = 30;
const WARN = 40;

const lines: LogLine[] = [];
const raw: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      raw.push(line);
      lines.push(JSON.parse(line) as LogLine);
    }
    done();
  },
});

let s: TestServer;
let admin: CreatedUser;
let member: CreatedUser;
// Signed in before the lockout test uses up this address's guesses.
let asAdmin: HttpClient;
let asMember: HttpClient;
beforeAll(async () => {
  s = await startTestServer({
    logger: pino({ level: 'debug', base: undefined }, sink),
    // Two wrong passwords per address, so the third guess is refused with 429.
    limits: { guessesPerIp: 2 },
  });
  admin = await createUser(s.db, { role: 'admin', password: 'admin-secret-pass-1' });
  member = await createUser(s.db, { password: 'member-secret-pass-1' });
  asAdmin = await signIn(admin);
  asMember = await signIn(member);
});
afterAll(() => s?.stop());

/** The lines of one request: written when its answer is finished, so waited for briefly. */
async function linesOf(reqId: string, count = 1): Promise<LogLine[]> {
  for (let i = 0; i < 100; i++) {
    const found = lines.filter((l) => l.reqId === reqId);
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  return lines.filter((l) => l.reqId === reqId);
}

const completion = (found: LogLine[]) => found.find((l) => l.msg === 'request completed');

async function signIn(user: CreatedUser): Promise<HttpClient> {
  const http = new HttpClient(s.url);
  const res = await http.post('/api/login', { username: user.username, password: user.password });
  expect(res.status).toBe(200);
  return http;
}

describe('request lines', () => {
  it('logs one line per request with id, method, url, status and duration', async () => {
    const res = await new HttpClient(s.url).get('/api/user');
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const found = await linesOf(id);
    const line = completion(found)!;
    expect(line).toMatchObject({ level: INFO, method: 'GET', url: '/api/user', status: 401 });
    expect(line.ms).toEqual(expect.any(Number));
    expect(found.filter((l) => l.msg === 'request completed')).toHaveLength(1);
    // Nothing of the request object itself: no headers at all.
    expect(line).not.toHaveProperty('req');
    expect(line).not.toHaveProperty('res');
  });

  it('keeps a short, safe incoming X-Request-Id and replaces any other', async () => {
    const http = new HttpClient(s.url);
    const kept = await http.request('GET', '/api/settings', undefined, {
      'x-request-id': 'proxy-4711.a_b:c',
    });
    expect(kept.headers.get('x-request-id')).toBe('proxy-4711.a_b:c');
    expect(completion(await linesOf('proxy-4711.a_b:c'))).toMatchObject({ status: 200 });

    for (const bad of ['<script>alert(1)</script>', 'x'.repeat(65), 'a b', 'ümlaut']) {
      const res = await http.request('GET', '/api/settings', undefined, {
        'x-request-id': encodeURIComponent(bad) === bad ? bad : encodeURIComponent(bad),
      });
      const id = res.headers.get('x-request-id')!;
      expect(id, bad).toMatch(/^[0-9a-f-]{36}$/);
      expect(completion(await linesOf(id))).toMatchObject({ status: 200 });
    }
  });

  it('logs the health check at debug only', async () => {
    const res = await new HttpClient(s.url).get('/api/health');
    const line = completion(await linesOf(res.headers.get('x-request-id')!))!;
    expect(line).toMatchObject({ level: DEBUG, url: '/api/health', status: 200 });
  });

  it('logs tRPC calls with their procedures and keeps secret-looking query values out', async () => {
    const http = new HttpClient(s.url);
    const trpc = await http.get('/trpc/settings.public');
    expect(completion(await linesOf(trpc.headers.get('x-request-id')!))).toMatchObject({
      url: '/trpc/settings.public',
      status: 200,
    });
    const res = await http.get('/api/settings?token=abc123secret&page=2&api_key=k3y');
    const line = completion(await linesOf(res.headers.get('x-request-id')!))!;
    expect(line.url).toBe('/api/settings?token=[redacted]&page=2&api_key=[redacted]');
  });
});

describe('security events at warn', () => {
  it('logs a refused cross-site request with its request id', async () => {
    const res = await new HttpClient(s.url).request(
      'POST',
      '/api/login',
      { username: member.username, password: member.password },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    const id = res.headers.get('x-request-id')!;
    const found = await linesOf(id, 2);
    expect(found.find((l) => l.event === 'csrf-refused')).toMatchObject({
      level: WARN,
      reqId: id,
      reason: 'origin',
      origin: 'https://evil.example',
      method: 'POST',
      url: '/api/login',
    });
    expect(completion(found)).toMatchObject({ status: 403 });
  });

  it('logs a sign-in lockout (429), over REST and over tRPC, with the request id', async () => {
    const http = new HttpClient(s.url);
    const wrong = { username: member.username, password: 'not-the-password' };
    const statuses: number[] = [];
    let last = await http.post('/api/login', wrong);
    for (let i = 0; i < 2; i++) {
      statuses.push(last.status);
      last = await http.post('/api/login', wrong);
    }
    expect(statuses).toEqual([401, 401]);
    expect(last.status).toBe(429);
    const restId = last.headers.get('x-request-id')!;
    expect((await linesOf(restId, 2)).find((l) => l.event === 'rate-limited')).toMatchObject({
      level: WARN,
      reqId: restId,
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      retryAfter: expect.any(Number),
      url: '/api/login',
    });

    const trpc = await http.request('POST', '/trpc/auth.login', { json: wrong });
    expect(trpc.status).toBe(429);
    const trpcId = trpc.headers.get('x-request-id')!;
    expect((await linesOf(trpcId, 2)).find((l) => l.event === 'rate-limited')).toMatchObject({
      level: WARN,
      reqId: trpcId,
      procedure: 'auth.login',
      code: 'TOO_MANY_REQUESTS',
    });
    // The failed guesses before it were refusals too (401), at warn.
    expect(
      lines.filter((l) => l.event === 'unauthenticated' && l.url === '/api/login'),
    ).toHaveLength(2);
  });

  it('logs a refused admin call (403) and every admin change, never its values', async () => {
    const refused = await asMember.get('/api/users');
    expect(refused.status).toBe(403);
    const refusedId = refused.headers.get('x-request-id')!;
    expect((await linesOf(refusedId, 2)).find((l) => l.event === 'forbidden')).toMatchObject({
      level: WARN,
      status: 403,
    });

    const target = await createUser(s.db);
    const promote = await asAdmin.patch(`/api/users/${target.id}`, { role: 'moderator' });
    expect(promote.status).toBe(200);
    const promoteId = promote.headers.get('x-request-id')!;
    expect((await linesOf(promoteId, 2)).find((l) => l.event === 'admin-action')).toMatchObject({
      level: WARN,
      reqId: promoteId,
      procedure: 'adminUsers.update',
      actorId: admin.id,
      targetId: target.id,
      fields: ['role'],
      role: 'moderator',
    });

    const reset = await asAdmin.post(`/api/admin/users/${target.id}/password`, {
      password: 'temporary-secret-77',
    });
    expect(reset.status).toBe(200);
    const resetId = reset.headers.get('x-request-id')!;
    expect((await linesOf(resetId, 2)).find((l) => l.event === 'admin-action')).toMatchObject({
      procedure: 'adminUsers.setPassword',
      targetId: target.id,
      fields: ['password'],
    });
    // A list is not a change: no admin-action line for it.
    const list = await asAdmin.get('/api/users');
    const listLines = await linesOf(list.headers.get('x-request-id')!);
    expect(listLines.some((l) => l.event === 'admin-action')).toBe(false);
  });

  it('never writes a cookie, a session seal or a password', async () => {
    const http = asAdmin;
    await http.get('/api/user');
    await http.request('POST', '/trpc/auth.login', {
      json: { username: 'someone', password: 'typed-password-999' },
    });
    const sealed = http.cookieNamed('contest_session').split('=')[1]!;
    const output = raw.join('\n');
    expect(raw.length).toBeGreaterThan(20);
    expect(output).not.toContain(sealed);
    expect(output).not.toMatch(/contest_session|set-cookie|"cookie"/i);
    for (const secret of [
      'admin-secret-pass-1',
      'member-secret-pass-1',
      'not-the-password',
      'temporary-secret-77',
      'typed-password-999',
    ]) {
      expect(output).not.toContain(secret);
    }
  });
});

describe('the logger procedures get', () => {
  it("is the request's own (with its id), made only when a procedure logs", async () => {
    const req = new IncomingMessage(new Socket());
    req.headers = {};
    const res = new ServerResponse(req);
    const parent = s.deps.logger;
    let children = 0;
    const counting = Object.create(parent) as pino.Logger;
    counting.child = (bindings: pino.Bindings) => {
      children += 1;
      return parent.child(bindings);
    };
    startRequestLog(counting, req, res, 'req-ctx-logger-1');
    const ctx = await createContext(
      s.deps,
      Object.assign(req, { ip: '127.0.0.1', secure: false }),
      res,
    );
    expect(children).toBe(0);
    ctx.logger.info({ event: 'from-a-procedure' }, 'procedure line');
    expect(children).toBe(1);
    expect(await linesOf('req-ctx-logger-1')).toEqual([
      expect.objectContaining({ event: 'from-a-procedure', reqId: 'req-ctx-logger-1' }),
    ]);
  });
});
