// SPEC 7's sign-in paths over real HTTP, and the security rules every path shares.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const register = (name: string) => ({
  username: name,
  email: `${name}@example.com`,
  phone: '',
  password: 'secret1',
  confirmPassword: 'secret1',
});

function noStack(text: string) {
  expect(text).not.toMatch(/stack|at .+\.(ts|js):\d+/);
}

describe('GET /api/user', () => {
  it('answers 401 with a message when signed out', async () => {
    const res = await new HttpClient(s.url).get('/api/user');
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ message: expect.any(String), code: 'UNAUTHORIZED' });
  });
});

describe('POST /api/register', () => {
  it('creates the account, answers the user and sets a secure session cookie', async () => {
    const http = new HttpClient(s.url);
    const res = await http.post('/api/register', {
      ...register('restalice'),
      role: 'admin',
      subscriptionTier: 'elite',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      username: 'restalice',
      role: 'user',
      subscriptionTier: 'free',
    });
    expect(res.json).not.toHaveProperty('password');
    expect(typeof res.json.createdAt).toBe('string');
    const cookie = res.setCookie.find((c) => c.startsWith('contest_session='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=\d+/);
    expect(cookie).not.toMatch(/Secure/); // plain http here; https gets Secure
    expect((await http.get('/api/user')).json).toMatchObject({ username: 'restalice' });
  });

  it('answers 409 for a taken username or e-mail and 400 with the first zod message', async () => {
    const http = new HttpClient(s.url);
    await http.post('/api/register', register('restbob'));
    const dup = await new HttpClient(s.url).post('/api/register', {
      ...register('RESTBOB'),
      email: 'new@example.com',
    });
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe('Username already exists');
    const bad = await new HttpClient(s.url).post('/api/register', {
      ...register('restcarl'),
      confirmPassword: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Passwords do not match');
    const wrongType = await new HttpClient(s.url).post('/api/register', {
      ...register('restdan'),
      username: 123,
    });
    expect(wrongType.status).toBe(400);
    noStack(wrongType.text);
  });
});

describe('POST /api/login and /api/logout', () => {
  it('signs in, answers the user, and logout clears the cookie', async () => {
    const member = await createUser(s.db, { username: 'restlogin' });
    const http = new HttpClient(s.url);
    const res = await http.post('/api/login', {
      username: member.username,
      password: member.password,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: member.id, username: member.username });
    const out = await http.post('/api/logout');
    expect(out.status).toBe(200);
    expect(out.setCookie.some((c) => /contest_session=;.*Max-Age=0/i.test(c))).toBe(true);
    expect((await http.get('/api/user')).status).toBe(401);
  });

  it('answers 401 for wrong credentials, 403 for a banned member, 429 with Retry-After when hammered', async () => {
    const member = await createUser(s.db);
    const banned = await createUser(s.db, { role: 'banned' });
    const http = new HttpClient(s.url);
    const wrong = await http.post('/api/login', {
      username: member.username,
      password: 'wrongpass',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe('Invalid username or password');
    const ban = await http.post('/api/login', {
      username: banned.username,
      password: banned.password,
    });
    expect(ban.status).toBe(403);
    expect(ban.json.message).toBe('Your account has been suspended');
    for (let i = 0; i < 4; i++)
      await http.post('/api/login', { username: member.username, password: 'wrongpass' });
    const limited = await http.post('/api/login', {
      username: member.username,
      password: member.password,
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.json.message).toMatch(/Too many/);
  });
});

describe('request guards', () => {
  it('refuses cross-site writes on /api and /trpc with 403', async () => {
    const http = new HttpClient(s.url);
    const body = { username: 'whoever', password: 'whatever1' };
    expect(
      (await http.request('POST', '/api/login', body, { origin: 'http://evil.example' })).status,
    ).toBe(403);
    expect(
      (await http.request('POST', '/api/login', body, { 'sec-fetch-site': 'cross-site' })).status,
    ).toBe(403);
    expect(
      (
        await http.request(
          'POST',
          '/trpc/auth.login',
          { json: body },
          { origin: 'http://evil.example' },
        )
      ).status,
    ).toBe(403);
    const sameOrigin = await http.request('POST', '/api/login', body, { origin: s.url });
    expect(sameOrigin.status).toBe(401);
  });

  it('answers 415 to non-JSON bodies, 400 to malformed JSON, 413 to oversized bodies', async () => {
    const http = new HttpClient(s.url);
    const form = await http.request('POST', '/api/login', 'username=a&password=b', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const plain = await http.request('POST', '/trpc/auth.logout', 'x', {
      'content-type': 'text/plain',
    });
    expect(plain.status).toBe(415);
    const malformed = await http.request('POST', '/api/login', '{"username": ', {
      'content-type': 'application/json',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toBe('Malformed JSON body');
    const huge = await http.post('/api/register', {
      ...register('huge'),
      phone: 'x'.repeat(200_000),
    });
    expect(huge.status).toBe(413);
    noStack(malformed.text + huge.text);
    const hugeTrpc = await http.post('/trpc/auth.login', {
      json: { username: 'x'.repeat(200_000), password: 'x' },
    });
    expect(hugeTrpc.status).toBe(413);
    expect(hugeTrpc.json).toMatchObject({
      error: { json: { message: 'Request body is too large' } },
    });
    const brokenTrpc = await http.request('POST', '/trpc/auth.login', '{"json": ', {
      'content-type': 'application/json',
    });
    expect(brokenTrpc.status).toBe(400);
    expect(brokenTrpc.json).toMatchObject({ error: { json: { message: 'Malformed JSON body' } } });
  });

  it('answers 404 JSON for an unknown API path and never changes state on GET', async () => {
    const http = new HttpClient(s.url);
    const missing = await http.get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBeDefined();
    const member = await createUser(s.db);
    await http.post('/api/login', { username: member.username, password: member.password });
    const viaGet = await http.get('/trpc/auth.logout');
    expect(viaGet.status).toBeGreaterThanOrEqual(400);
    expect((await http.get('/api/user')).status).toBe(200);
  });

  it('sends security headers, including the CSP, and health', async () => {
    const res = await new HttpClient(s.url).get('/api/health');
    expect(res.json).toEqual({ status: 'ok' });
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('tRPC over HTTP', () => {
  it('serves the same procedures with superjson', async () => {
    const member = await createUser(s.db);
    const http = new HttpClient(s.url);
    const res = await http.post('/trpc/auth.login', {
      json: { username: member.username, password: member.password },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ result: { data: { json: { id: member.id } } } });
    const me = await http.get('/trpc/auth.me');
    expect(me.json).toMatchObject({ result: { data: { json: { username: member.username } } } });
    const bad = await http.post('/trpc/auth.register', { json: { username: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      error: { json: { message: 'Username must be at least 3 characters' } },
    });
    noStack(bad.text);
  });
});
