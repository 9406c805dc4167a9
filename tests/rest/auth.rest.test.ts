// The sign-in paths of SPEC 7 over real HTTP against the real Express app, and the request
// guards of DESIGN 'Security decisions' (CSRF, JSON-only bodies, size limit, headers).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/platform/db/schema';
import { createUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

/** Every answer is checked: no body may carry a stack trace, whatever went wrong. */
class CheckedClient extends HttpClient {
  override async request(
    method: string,
    urlPath: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await super.request(method, urlPath, body, headers);
    // A "stack" property, not the word: the HTML shell names a JavaScript chunk 'stack-….js'
    // (Chakra's Stack, shared by the lazily loaded screens).
    expect(res.text, `${method} ${urlPath} leaks a stack trace`).not.toMatch(/"stack"\s*:/i);
    expect(res.text).not.toMatch(/^\s*at\s/m);
    expect(res.text).not.toMatch(/\bat [^\s"]+ \(|\.(ts|js|mjs|cjs):\d+:\d+/);
    return res;
  }
}

let s: TestServer;
let client: () => CheckedClient;
beforeAll(async () => {
  s = await startTestServer();
  client = () => new CheckedClient(s.url);
});
afterAll(() => s?.stop());

const registration = (name: string) => ({
  username: name,
  email: `${name}@example.com`,
  phone: '',
  password: 'kestrel-orbit-93',
  confirmPassword: 'kestrel-orbit-93',
});

async function signedIn() {
  const member = await createUser(s.db);
  const http = client();
  const res = await http.post('/api/login', {
    username: member.username,
    password: member.password,
  });
  expect(res.status).toBe(200);
  return { http, member };
}

describe('GET /api/user', () => {
  it('answers 401 with a message when nobody is signed in', async () => {
    const res = await client().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json).toMatchObject({ message: expect.any(String), code: 'UNAUTHORIZED' });
  });

  it('answers 200 with the user after a login', async () => {
    const { http, member } = await signedIn();
    const res = await http.get('/api/user');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: member.id, username: member.username, role: 'user' });
    expect(res.json).not.toHaveProperty('password');
    expect(res.json).not.toHaveProperty('sessionVersion');
  });

  it('treats a forged or garbled cookie as no session', async () => {
    const http = client();
    http.cookie = 'contest_session=Fe26.2**garbage**';
    expect((await http.get('/api/user')).status).toBe(401);
  });
});

describe('POST /api/register', () => {
  it('answers 201 with the user (no password) and sets the session cookie', async () => {
    const http = client();
    const res = await http.post('/api/register', registration('rest_alice'));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      username: 'rest_alice',
      email: 'rest_alice@example.com',
      phone: null,
      role: 'user',
      subscriptionTier: 'free',
    });
    expect(typeof res.json.id).toBe('number');
    expect(typeof res.json.createdAt).toBe('string'); // plain JSON: dates as ISO strings
    expect(res.json).not.toHaveProperty('password');
    expect(res.text).not.toMatch(/scrypt/);

    const cookie = res.setCookie.find((c) => c.startsWith('contest_session='));
    expect(cookie, 'a contest_session cookie').toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/);
    expect(cookie).toMatch(/;\s*Max-Age=[1-9]\d*/);
    // The cookie signs the new member in.
    expect((await http.get('/api/user')).json).toMatchObject({ username: 'rest_alice' });
  });

  it('ignores a role or tier in the body', async () => {
    const res = await client().post('/api/register', {
      ...registration('rest_mallory'),
      role: 'admin',
      subscriptionTier: 'elite',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ role: 'user', subscriptionTier: 'free' });
    const [row] = await s.db
      .select({ role: users.role, tier: users.subscriptionTier })
      .from(users)
      .where(eq(users.username, 'rest_mallory'));
    expect(row).toEqual({ role: 'user', tier: 'free' });
  });

  it('answers 409 with the message for a taken username or e-mail', async () => {
    expect((await client().post('/api/register', registration('rest_bob'))).status).toBe(201);
    const dupName = await client().post('/api/register', {
      ...registration('REST_BOB'),
      email: 'someone.else@example.com',
    });
    expect(dupName.status).toBe(409);
    expect(dupName.json).toMatchObject({ message: 'Username already exists', code: 'CONFLICT' });
    expect(dupName.setCookie).toEqual([]);
    const dupMail = await client().post('/api/register', {
      ...registration('rest_bob2'),
      email: 'REST_BOB@example.com',
    });
    expect(dupMail.status).toBe(409);
    expect(dupMail.json).toMatchObject({ message: 'Email already in use', code: 'CONFLICT' });
  });

  it.each([
    [{ confirmPassword: 'different' }, 'Passwords do not match'],
    [{ password: '123', confirmPassword: '123' }, 'Password must be at least 6 characters'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
  ])('answers 400 with the first zod message for %j', async (change, message) => {
    const res = await client().post('/api/register', { ...registration('rest_carl'), ...change });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message, code: 'BAD_REQUEST' });
    expect(res.json.issues).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
  });

  it('answers 400, not 500, to a field of the wrong type', async () => {
    const res = await client().post('/api/register', {
      ...registration('rest_dan'),
      username: 123,
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toEqual(expect.any(String));
  });
});

describe('POST /api/login', () => {
  it('answers 200 with the user and a session cookie', async () => {
    const member = await createUser(s.db, { username: 'rest_login' });
    const http = client();
    const res = await http.post('/api/login', {
      username: 'REST_LOGIN',
      password: member.password,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: member.id, username: 'rest_login' });
    expect(res.json).not.toHaveProperty('password');
    expect(res.setCookie.some((c) => c.startsWith('contest_session='))).toBe(true);
    expect((await http.get('/api/user')).status).toBe(200);
  });

  it('answers 401 for a wrong password or an unknown user', async () => {
    const member = await createUser(s.db);
    const wrong = await client().post('/api/login', {
      username: member.username,
      password: 'wrongpass',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({
      message: 'Invalid username or password',
      code: 'UNAUTHORIZED',
    });
    expect(wrong.setCookie).toEqual([]);
    const unknown = await client().post('/api/login', {
      username: 'nobody_at_all',
      password: 'wrongpass',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.json.message).toBe('Invalid username or password');
  });

  it('answers 403 to a banned member', async () => {
    const banned = await createUser(s.db, { role: 'banned' });
    const res = await client().post('/api/login', {
      username: banned.username,
      password: banned.password,
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      message: 'Your account has been suspended',
      code: 'FORBIDDEN',
    });
  });

  it('answers 429 with Retry-After after 5 failures, even to the right password', async () => {
    const member = await createUser(s.db);
    const http = client();
    for (let i = 0; i < 5; i++) {
      const res = await http.post('/api/login', { username: member.username, password: 'badpass' });
      expect(res.status).toBe(401);
    }
    const limited = await http.post('/api/login', {
      username: member.username,
      password: member.password,
    });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ message: expect.stringMatching(/Too many/) });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // tRPC shares the limiter and says the same.
    const viaTrpc = await http.post('/trpc/auth.login', {
      json: { username: member.username, password: member.password },
    });
    expect(viaTrpc.status).toBe(429);
    expect(Number(viaTrpc.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /api/logout', () => {
  it('answers 200, clears the cookie, and the user is gone', async () => {
    const { http } = await signedIn();
    const res = await http.post('/api/logout');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    const cleared = res.setCookie.find((c) => c.startsWith('contest_session='));
    expect(cleared).toMatch(/^contest_session=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(http.cookieNamed('contest_session')).toBe('');
    const after = await http.get('/api/user');
    expect(after.status).toBe(401);
  });
});

describe('GET /api/health', () => {
  it('answers {status: "ok"}', async () => {
    const res = await client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
  });
});

describe('CSRF guard', () => {
  const body = { username: 'whoever', password: 'whatever1' };

  it.each(['/api/login', '/api/register', '/api/logout'])(
    'refuses a foreign Origin on POST %s with 403',
    async (urlPath) => {
      const res = await client().request('POST', urlPath, body, { origin: 'http://evil.example' });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ message: expect.any(String), code: 'FORBIDDEN' });
    },
  );

  it('refuses a foreign Origin on POST /trpc/auth.login with 403', async () => {
    const res = await client().request(
      'POST',
      '/trpc/auth.login',
      { json: body },
      { origin: 'http://evil.example' },
    );
    expect(res.status).toBe(403);
  });

  it('refuses Sec-Fetch-Site: cross-site with 403, on /api and /trpc', async () => {
    const headers = { 'sec-fetch-site': 'cross-site' };
    expect((await client().request('POST', '/api/login', body, headers)).status).toBe(403);
    expect(
      (await client().request('POST', '/trpc/auth.login', { json: body }, headers)).status,
    ).toBe(403);
  });

  it('refuses an opaque Origin ("null") and a look-alike host', async () => {
    expect((await client().request('POST', '/api/login', body, { origin: 'null' })).status).toBe(
      403,
    );
    const lookAlike = `${s.url}.evil.example`;
    expect((await client().request('POST', '/api/login', body, { origin: lookAlike })).status).toBe(
      403,
    );
  });

  it('lets a same-origin request through (and one without Origin, like curl)', async () => {
    const member = await createUser(s.db);
    const creds = { username: member.username, password: member.password };
    const sameOrigin = await client().request('POST', '/api/login', creds, {
      origin: s.url,
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.status).toBe(200);
    expect((await client().post('/api/login', creds)).status).toBe(200);
  });

  it('does not refuse a cross-site GET (reads change nothing)', async () => {
    const res = await client().request('GET', '/api/health', undefined, {
      origin: 'http://evil.example',
    });
    expect(res.status).toBe(200);
  });

  it('does not sign in through a refused request', async () => {
    const member = await createUser(s.db);
    const http = client();
    const res = await http.request(
      'POST',
      '/api/login',
      { username: member.username, password: member.password },
      { origin: 'http://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(res.setCookie).toEqual([]);
  });
});

describe('request bodies', () => {
  it('answers 415 to a text/plain body on /api/login', async () => {
    const res = await client().request(
      'POST',
      '/api/login',
      JSON.stringify({ username: 'whoever', password: 'whatever1' }),
      { 'content-type': 'text/plain' },
    );
    expect(res.status).toBe(415);
    expect(res.json.message).toEqual(expect.any(String));
  });

  it('answers 415 to a form body on /api/login and /trpc/auth.login', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(
      (await client().request('POST', '/api/login', 'username=a&password=b', form)).status,
    ).toBe(415);
    expect(
      (await client().request('POST', '/trpc/auth.login', 'username=a&password=b', form)).status,
    ).toBe(415);
  });

  it('answers 400 {message} to malformed JSON', async () => {
    const res = await client().request('POST', '/api/login', '{"username": ', {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: 'Malformed JSON body' });
  });

  it('answers 413 to a body over 100 kB', async () => {
    const res = await client().post('/api/register', {
      ...registration('rest_huge'),
      phone: 'x'.repeat(120 * 1024),
    });
    expect(res.status).toBe(413);
    expect(res.json.message).toEqual(expect.any(String));
    const viaTrpc = await client().post('/trpc/auth.login', {
      json: { username: 'x'.repeat(120 * 1024), password: 'whatever1' },
    });
    expect(viaTrpc.status).toBe(413);
  });

  it('answers 400, not 500, to a wrongly typed login field', async () => {
    const res = await client().post('/api/login', { username: 123, password: 'whatever1' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: expect.any(String), code: 'BAD_REQUEST' });
  });

  it('answers 400 to a JSON body that is not an object', async () => {
    for (const raw of ['null', '[]', '"text"', '42']) {
      const res = await client().request('POST', '/api/login', raw, {
        'content-type': 'application/json',
      });
      expect(res.status, raw).toBe(400);
    }
  });

  it('answers 404 JSON to an unknown /api path', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await client().request(method, '/api/no-such-path');
      expect(res.status, method).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.json.message).toEqual(expect.any(String));
    }
  });
});

describe('security headers', () => {
  it('sends a CSP, nosniff and no X-Powered-By on /api/health', async () => {
    const res = await client().get('/api/health');
    const csp = res.headers.get('content-security-policy');
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('sends the same on error answers', async () => {
    const res = await client().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  describe('on the HTML shell', () => {
    // The source index.html is the shell the build copies (its <script> is rewritten, nothing
    // inline is added), so the headers are checked on every run, built client or not.
    let web: TestServer | undefined;
    let shellDir: string;
    beforeAll(async () => {
      shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-'));
      fs.copyFileSync(path.resolve('index.html'), path.join(shellDir, 'index.html'));
      web = await startTestServer({ clientDir: shellDir });
    });
    afterAll(async () => {
      await web?.stop();
      fs.rmSync(shellDir, { recursive: true, force: true });
    });

    it('sends a CSP and nosniff with / and with a client route', async () => {
      for (const page of ['/', '/auth', '/no/such/page']) {
        const res = await new CheckedClient(web!.url).get(page);
        expect(res.status, page).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/text\/html/);
        expect(res.text).toMatch(/<div id="root">/);
        const csp = res.headers.get('content-security-policy');
        expect(csp).toMatch(/default-src 'self'/);
        // No inline script is needed, so none is allowed.
        expect(csp).toMatch(/script-src 'self'(;|$)/);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
    });
  });
});

describe('tRPC over HTTP', () => {
  it('serves auth.login with superjson bodies and signs the caller in', async () => {
    const member = await createUser(s.db);
    const http = client();
    const res = await http.post('/trpc/auth.login', {
      json: { username: member.username, password: member.password },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      result: { data: { json: { id: member.id, username: member.username } } },
    });
    expect(JSON.stringify(res.json)).not.toMatch(/password|scrypt/);
    expect(res.setCookie.some((c) => c.startsWith('contest_session='))).toBe(true);
    // The cookie works for both the tRPC and the REST side.
    const me = await http.get('/trpc/auth.me');
    expect(me.json).toMatchObject({ result: { data: { json: { id: member.id } } } });
    expect((await http.get('/api/user')).json).toMatchObject({ id: member.id });
  });

  it('answers a failed login with the message and the HTTP status of its code', async () => {
    const res = await client().post('/trpc/auth.login', {
      json: { username: 'nobody_here', password: 'wrongpass' },
    });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({
      error: { json: { message: 'Invalid username or password', data: { code: 'UNAUTHORIZED' } } },
    });
  });

  it('counts every sign-in of a batch: batching cannot bypass the rate limit', async () => {
    const member = await createUser(s.db);
    const http = client();
    const attempts = 8;
    const batch = Object.fromEntries(
      Array.from({ length: attempts }, (_, i) => [
        String(i),
        { json: { username: member.username, password: 'wrongpass' } },
      ]),
    );
    const paths = Array.from({ length: attempts }, () => 'auth.login').join(',');
    const res = await http.post(`/trpc/${paths}?batch=1`, batch);
    const codes = (res.json as unknown as { error?: { json: { data: { code: string } } } }[]).map(
      (r) => r.error?.json.data.code,
    );
    expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(attempts - 5);
    const after = await http.post('/api/login', {
      username: member.username,
      password: member.password,
    });
    expect(after.status).toBe(429);
  });

  it('does not run a mutation sent as GET: the session survives GET /trpc/auth.logout', async () => {
    const { http, member } = await signedIn();
    const viaGet = await http.get('/trpc/auth.logout');
    expect([400, 404, 405]).toContain(viaGet.status);
    expect(viaGet.setCookie).toEqual([]);
    const me = await http.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: member.id });
  });
});
