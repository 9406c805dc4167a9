// The hardening findings, each reproduced over real HTTP against the real app: sessions that end
// at logout, password rules, abuse limits (sign-in, sign-up, password change), the superjson
// meta that overflowed the stack, batch caps, and audit rows that record where a change came from.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/platform/db/schema';
import { DEFAULT_LIMITS, accountDelaySeconds } from '../../src/server/platform/limits';
import { MSG } from '../../src/shared/messages';
import { lastAuditRow } from '../helpers/accounts';
import { createUser, testPasswords } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  // The product's limits, sign-ups included; addresses come from X-Forwarded-For.
  s = await startTestServer({ limits: DEFAULT_LIMITS, trustProxy: true });
});
afterAll(() => s?.stop());

let ipCounter = 0;
/** A client at an address of its own, so no test inherits another's counters. */
function clientAt(ip = `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`) {
  const c = new HttpClient(s.url);
  const request = c.request.bind(c);
  c.request = (method, path, body, headers = {}) =>
    request(method, path, body, { 'x-forwarded-for': ip, ...headers });
  return c;
}

async function signedIn(user: { username: string; password: string }, ip?: string) {
  const c = clientAt(ip);
  const res = await c.post('/api/login', { username: user.username, password: user.password });
  expect(res.status).toBe(200);
  return c;
}

const registration = (name: string, password = 'kestrel-orbit-93') => ({
  username: name,
  email: `${name}@example.com`,
  password,
  confirmPassword: password,
});

describe('sessions', () => {
  it('logout ends the session for every copy of the cookie', async () => {
    const member = await createUser(s.db);
    const c = await signedIn(member);
    const copy = c.cookie;
    expect((await c.post('/api/logout')).status).toBe(200);
    const stolen = clientAt();
    stolen.cookie = copy;
    expect((await stolen.get('/api/user')).status).toBe(401);
    expect((await stolen.patch('/api/user/profile', { fullName: 'Mallory' })).status).toBe(401);
  });

  it('lists the member’s sessions with device and last seen, and signs one out', async () => {
    const member = await createUser(s.db);
    const laptop = await signedIn(member);
    const phone = clientAt();
    await phone.request(
      'POST',
      '/api/login',
      { username: member.username, password: member.password },
      { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' },
    );
    const list = await laptop.get('/api/user/sessions');
    expect(list.status).toBe(200);
    const rows = list.json as unknown as { id: string; current: boolean; userAgent: string }[];
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    const other = rows.find((r) => !r.current)!;
    expect(other.userAgent).toContain('iPhone');
    // The listed id is not the cookie's secret.
    const stored = await s.db.select({ id: sessions.id }).from(sessions);
    expect(stored.map((r) => r.id)).not.toContain(other.id);

    expect((await laptop.delete(`/api/user/sessions/${other.id}`)).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await laptop.get('/api/user')).status).toBe(200);
  });

  it('answers 404 for another member’s session, which keeps working', async () => {
    const a = await createUser(s.db);
    const b = await createUser(s.db);
    const ca = await signedIn(a);
    const cb = await signedIn(b);
    const theirs = ((await cb.get('/api/user/sessions')).json as unknown as { id: string }[])[0]!
      .id;
    expect((await ca.delete(`/api/user/sessions/${theirs}`)).status).toBe(404);
    expect((await cb.get('/api/user')).status).toBe(200);
  });

  it('a signed-in read does not write: last seen moves at most once a minute', async () => {
    const member = await createUser(s.db);
    const c = await signedIn(member);
    const seen = async () =>
      (
        await s.db
          .select({ at: sessions.lastSeenAt })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(eq(users.id, member.id))
          .limit(1)
      )[0]!.at;
    const first = await seen();
    for (let i = 0; i < 5; i++) await c.get('/api/user');
    expect(await seen()).toEqual(first);
  });

  it('a garbage cookie is simply signed out (and never cached)', async () => {
    const c = clientAt();
    c.cookie = `contest_session=${'A'.repeat(300)}`;
    expect((await c.get('/api/user')).status).toBe(401);
  });
});

describe('password rules', () => {
  it.each([
    ['123456', MSG.passwordCommon],
    ['password', MSG.passwordCommon],
    ['      ', MSG.passwordBlank],
  ])('registration refuses %j', async (password, message) => {
    const res = await clientAt().post('/api/register', registration(`pw_${ipCounter}`, password));
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
  });

  it('registration refuses the username or e-mail as the password', async () => {
    const same = await clientAt().post('/api/register', registration('pw_samename', 'pw_samename'));
    expect(same.json.message).toBe(MSG.passwordIsUsername);
    const mail = await clientAt().post('/api/register', {
      ...registration('pw_mail', 'pw_mail_x@example.com'),
      email: 'pw_mail_x@example.com',
    });
    expect(mail.json.message).toBe(MSG.passwordIsEmail);
  });

  it('a password change refuses the same password and a common one', async () => {
    const member = await createUser(s.db, { password: 'kestrel-orbit-93' });
    const c = await signedIn(member);
    const same = await c.patch('/api/user/password', {
      currentPassword: member.password,
      newPassword: member.password,
    });
    expect(same.status).toBe(400);
    expect(same.json.message).toBe(MSG.passwordUnchanged);
    const common = await c.patch('/api/user/password', {
      currentPassword: member.password,
      newPassword: 'qwerty123',
    });
    expect(common.json.message).toBe(MSG.passwordCommon);
  });

  it('a hash made at a weaker cost is redone at the next sign-in', async () => {
    const member = await createUser(s.db);
    // Store a valid hash at N=2^9, weaker than the test cost of N=2^10.
    const { createPasswordHasher } = await import('../../src/server/domain/accounts/passwords');
    const weakHash = await createPasswordHasher({ N: 512, r: 8, p: 1 }).hash(member.password);
    await s.db.update(users).set({ password: weakHash }).where(eq(users.id, member.id));
    await signedIn(member);
    const stored = (
      await s.db.select({ password: users.password }).from(users).where(eq(users.id, member.id))
    )[0]!.password;
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await testPasswords.verify(member.password, stored)).toBe(true);
  });

  it('never puts back the old password when it changes while a sign-in redoes its hash', async () => {
    const member = await createUser(s.db);
    const { createPasswordHasher } = await import('../../src/server/domain/accounts/passwords');
    const weakHash = await createPasswordHasher({ N: 512, r: 8, p: 1 }).hash(member.password);
    await s.db.update(users).set({ password: weakHash }).where(eq(users.id, member.id));
    // While the sign-in computes the new hash, the member's password is changed elsewhere.
    const changed = await testPasswords.hash('a-new-password-77');
    const hash = s.deps.passwords.hash;
    s.deps.passwords.hash = async (password) => {
      await s.db.update(users).set({ password: changed }).where(eq(users.id, member.id));
      return hash(password);
    };
    try {
      await signedIn(member);
    } finally {
      s.deps.passwords.hash = hash;
    }
    const stored = (
      await s.db.select({ password: users.password }).from(users).where(eq(users.id, member.id))
    )[0]!.password;
    expect(stored).toBe(changed);
  });
});

describe('sign-in limits', () => {
  it('lets 5 guesses at one account through across 10 addresses, then makes them wait', async () => {
    const member = await createUser(s.db);
    const statuses: number[] = [];
    for (let ip = 0; ip < 10; ip++) {
      for (let i = 0; i < 5; i++) {
        const res = await clientAt(`10.30.${ip}.1`).post('/api/login', {
          username: member.username,
          password: `wrong-guess-${ip}-${i}`,
        });
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.filter((x) => x === 401)).toHaveLength(5);
    expect(statuses.filter((x) => x === 429)).toHaveLength(45);
    // The waits grow: 30 s after the 5th failure, then 60 s, 120 s, ... at most 15 minutes.
    expect([5, 6, 7, 10, 20].map((n) => accountDelaySeconds(n, 5))).toEqual([
      30, 60, 120, 900, 900,
    ]);
  });

  it('never counts successful sign-ins: 40 in a row from one address all work', async () => {
    const member = await createUser(s.db);
    for (let i = 0; i < 40; i++) await signedIn(member, '10.31.0.1');
  });

  it('throttles current-password guesses on a password change the same way', async () => {
    const member = await createUser(s.db);
    const c = await signedIn(member);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await c.patch('/api/user/password', {
        currentPassword: `not-it-${i}`,
        newPassword: 'kestrel-orbit-94',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });
});

describe('device cookies (OWASP): strangers cannot lock the owner out', () => {
  /** Five strangers' failures lock the account for unknown devices. */
  async function lockOut(username: string) {
    for (let i = 0; i < 5; i++) {
      const res = await clientAt().post('/api/login', { username, password: `guess-${i}` });
      expect(res.status).toBe(401);
    }
  }
  const login = (c: HttpClient, user: { username: string; password: string }) =>
    c.post('/api/login', { username: user.username, password: user.password });

  it('a browser that signed in before still signs in, over REST and tRPC; others get 429', async () => {
    const member = await createUser(s.db);
    const home = await signedIn(member);
    const first = home.cookieNamed('contest_device');
    expect(first).toMatch(/^contest_device=\d+\.[\w-]{22}\.[\w-]{43}$/);
    await home.post('/api/logout');
    // Logging out keeps the device cookie: it is not a session.
    expect(home.cookieNamed('contest_session')).toBe('');
    expect(home.cookieNamed('contest_device')).toBe(first);
    await lockOut(member.username);
    const stranger = await login(clientAt(), member);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
    const owner = await login(home, member);
    expect(owner.status).toBe(200);
    const set = owner.setCookie.find((c) => c.startsWith('contest_device='))!;
    expect(set).toMatch(/; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/);
    // A new token each sign-in.
    expect(home.cookieNamed('contest_device')).not.toBe(first);
    const viaTrpc = await home.post('/trpc/auth.login', {
      json: { username: member.username, password: member.password },
    });
    expect(viaTrpc.status).toBe(200);
    // The device, not the address, is what is known: a new browser at the owner's address waits.
    const sameAddress = await login(clientAt(), member);
    expect(sameAddress.status).toBe(429);
  });

  it('marks the device cookie Secure behind https', async () => {
    const member = await createUser(s.db);
    const res = await clientAt().request(
      'POST',
      '/api/login',
      { username: member.username, password: member.password },
      { 'x-forwarded-proto': 'https' },
    );
    expect(res.status).toBe(200);
    expect(res.setCookie.find((c) => c.startsWith('contest_device='))).toMatch(/; Secure$/);
  });

  it('a forged cookie, or one of another account, does not help', async () => {
    const member = await createUser(s.db);
    const other = await createUser(s.db);
    const home = await signedIn(member);
    const otherHome = await signedIn(other);
    await lockOut(member.username);
    const genuine = home.cookieNamed('contest_device').split('=')[1]!;
    const [id, nonce] = genuine.split('.');
    const otherToken = otherHome.cookieNamed('contest_device').split('=')[1]!;
    for (const token of [
      `${id}.${nonce}.${'A'.repeat(43)}`,
      `${id}.${otherToken.split('.')[1]}.${otherToken.split('.')[2]}`,
      otherToken,
      'garbage~more-garbage',
    ]) {
      const c = clientAt();
      c.cookie = `contest_device=${token}`;
      expect((await login(c, member)).status, token).toBe(429);
    }
    // A cookie holding both accounts' tokens works for each.
    const both = clientAt();
    both.cookie = `contest_device=${otherToken}~${genuine}`;
    expect((await login(both, member)).status).toBe(200);
  });

  it('a copied device cookie that keeps failing is locked out itself', async () => {
    const member = await createUser(s.db);
    const home = await signedIn(member);
    const laptop = await signedIn(member);
    await lockOut(member.username);
    const thief = clientAt();
    thief.cookie = home.cookieNamed('contest_device');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await thief.post('/api/login', {
            username: member.username,
            password: `thief-guess-${i}`,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await login(thief, member)).status).toBe(429);
    expect((await login(home, member)).status).toBe(429);
    expect((await login(laptop, member)).status).toBe(200);
  });
});

describe('sign-up limits', () => {
  it(`allows ${DEFAULT_LIMITS.signupsPerIpPerHour} sign-ups per address per hour`, async () => {
    const c = clientAt('10.40.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_LIMITS.signupsPerIpPerHour + 2; i++) {
      statuses.push((await c.post('/api/register', registration(`signup_${i}`))).status);
      c.cookie = '';
    }
    expect(statuses.filter((x) => x === 201)).toHaveLength(DEFAULT_LIMITS.signupsPerIpPerHour);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('counts a probe before answering it: over the limit a taken name or e-mail gets 429, not 409', async () => {
    const taken = await createUser(s.db);
    const c = clientAt();
    const probes = [
      { ...registration(taken.username), email: 'fresh-probe@example.com' },
      { ...registration('probe_fresh_name'), email: taken.email },
    ];
    for (let i = 0; i < DEFAULT_LIMITS.signupsPerIpPerHour; i++) {
      const res = await c.post('/api/register', probes[i % 2]);
      expect(res.status).toBe(409);
    }
    for (const body of [...probes, registration('probe_free'), { username: 1 }]) {
      const res = await c.post('/api/register', body);
      expect(res.status).toBe(429);
      expect(res.json.message).toBe(MSG.tooManySignups);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const viaTrpc = await c.post('/trpc/auth.register', { json: probes[0] });
    expect(viaTrpc.status).toBe(429);
    expect(Number(viaTrpc.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts a batch as its parts', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `batch_${i}`);
    const body = Object.fromEntries(names.map((n, i) => [i, { json: registration(n) }]));
    const res = await fetch(`${s.url}/trpc/${names.map(() => 'auth.register').join(',')}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.41.0.1' },
      body: JSON.stringify(body),
    });
    const results = (await res.json()) as { error?: { data: { httpStatus: number } } }[];
    const created = results.filter((r) => !r.error).length;
    expect(created).toBe(DEFAULT_LIMITS.signupsPerIpPerHour);
    const more = await clientAt('10.41.0.1').post('/api/register', registration('batch_more'));
    expect(more.status).toBe(429);
  });
});

describe('tRPC request guards', () => {
  it.each([[['class', 'Nope']], [['custom', 'x']], [['symbol', 'x']], [{ '': ['class', 'Nope'] }]])(
    'answers 400 to the superjson meta %j, before deserialising it',
    async (values) => {
      const res = await fetch(`${s.url}/trpc/auth.register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.42.0.1' },
        body: JSON.stringify({ json: registration('sj_victim'), meta: { values } }),
      });
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(text).toContain('Malformed request input');
      expect(text).not.toMatch(/call stack|RangeError/);
    },
  );

  it('still accepts what the real client sends (undefined and dates)', async () => {
    const res = await fetch(`${s.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.42.0.2' },
      body: JSON.stringify({
        json: { username: 'nobody_sj', password: 'whatever-1', extra: null },
        meta: { values: { extra: ['undefined'] }, v: 1 },
      }),
    });
    expect(res.status).toBe(401);
  });

  it('refuses a batch of more than 10 calls', async () => {
    const paths = Array.from({ length: 11 }, () => 'settings.public').join(',');
    const res = await fetch(`${s.url}/trpc/${paths}?batch=1&input={}`);
    expect(res.status).toBe(400);
  });
});

describe('audit rows', () => {
  it('record the actor’s IP and user agent', async () => {
    const admin = await createUser(s.db, { role: 'admin' });
    const c = await signedIn(admin, '10.50.0.7');
    const target = await createUser(s.db);
    const res = await c.request(
      'PATCH',
      `/api/users/${target.id}`,
      { subscriptionTier: 'pro' },
      { 'user-agent': 'AuditTest/1.0' },
    );
    expect(res.status).toBe(200);
    expect(await lastAuditRow(s.db)).toMatchObject({ ip: '10.50.0.7', userAgent: 'AuditTest/1.0' });
  });
});
