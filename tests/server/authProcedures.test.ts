import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import {
  hashPassword,
  PRODUCTION_PARAMS,
  verifyPassword,
} from '../../src/server/services/passwords';
import { getPlatformSettings, savePlatformSettings } from '../../src/server/services/settings';
import { bumpSessionVersion } from '../../src/server/services/users';
import { validationIssues } from '../../src/server/trpc';
import { callerFor, createTestDb, createUser, reopen } from '../helpers/db';

const t = await createTestDb();
afterAll(() => t.close());

async function codeOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    // A validation failure reports what the client shows: the first issue's message.
    const issues = validationIssues(error);
    return {
      code: (error as TRPCError).code,
      message: issues?.[0]?.message ?? (error as TRPCError).message,
    };
  }
  throw new Error('expected the call to fail');
}

function setSettings(change: Partial<ReturnType<typeof getPlatformSettings>>) {
  savePlatformSettings({ db: t.db, value: { ...getPlatformSettings({ db: t.db }), ...change } });
}

const registration = (name: string) => ({
  username: name,
  email: `${name}@example.com`,
  password: 'secret1',
  confirmPassword: 'secret1',
});

describe('auth.register', () => {
  it('creates a member with the default tier, signs them in and never returns the hash', async () => {
    const { caller, session } = callerFor(t);
    const user = await caller.auth.register({ ...registration('alice'), phone: '+1 555 0100' });
    expect(user).toMatchObject({
      username: 'alice',
      role: 'user',
      subscriptionTier: 'free',
      phone: '+1 555 0100',
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('sessionVersion');
    expect(session.userId).toBe(user.id);
    expect(session.saved).toBe(1);
  });

  it('ignores role and tier sent by the client', async () => {
    const { caller } = callerFor(t);
    const input = { ...registration('mallory'), role: 'admin', subscriptionTier: 'elite' };
    const user = await caller.auth.register(input as Parameters<typeof caller.auth.register>[0]);
    expect(user.role).toBe('user');
    expect(user.subscriptionTier).toBe('free');
  });

  it('gives new accounts the platform default tier', async () => {
    setSettings({ defaultUserTier: 'pro' });
    const user = await callerFor(t).caller.auth.register(registration('protier'));
    expect(user.subscriptionTier).toBe('pro');
    setSettings({ defaultUserTier: 'free' });
  });

  it('refuses a duplicate username (any case) or e-mail with 409 messages', async () => {
    const { caller } = callerFor(t);
    expect(
      await codeOf(caller.auth.register({ ...registration('ALICE'), email: 'other@example.com' })),
    ).toEqual({
      code: 'CONFLICT',
      message: 'Username already exists',
    });
    expect(
      await codeOf(caller.auth.register({ ...registration('alice2'), email: 'Alice@Example.com' })),
    ).toEqual({
      code: 'CONFLICT',
      message: 'Email already in use',
    });
  });

  it('validates with the messages of SPEC 5', async () => {
    const { caller } = callerFor(t);
    const cases: [Partial<ReturnType<typeof registration>>, string][] = [
      [{ confirmPassword: 'different' }, 'Passwords do not match'],
      [{ password: '123', confirmPassword: '123' }, 'Password must be at least 6 characters'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
    ];
    for (const [change, message] of cases) {
      expect(await codeOf(caller.auth.register({ ...registration('valid1'), ...change }))).toEqual({
        code: 'BAD_REQUEST',
        message,
      });
    }
  });

  it('is refused while registration is disabled', async () => {
    setSettings({ enableRegistration: false });
    expect(await codeOf(callerFor(t).caller.auth.register(registration('closed')))).toEqual({
      code: 'FORBIDDEN',
      message: 'Registration is currently disabled',
    });
    setSettings({ enableRegistration: true });
  });
});

describe('auth.login', () => {
  it('signs in with the right password (username in any case)', async () => {
    const member = await createUser(t.db, { username: 'bob_login' });
    const { caller, session } = callerFor(t, undefined, '10.0.0.1');
    const user = await caller.auth.login({ username: 'BOB_LOGIN', password: member.password });
    expect(user.id).toBe(member.id);
    expect(session.userId).toBe(member.id);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    await createUser(t.db, { username: 'carol_login' });
    const { caller } = callerFor(t, undefined, '10.0.0.2');
    const wrong = await codeOf(
      caller.auth.login({ username: 'carol_login', password: 'wrongpass' }),
    );
    const unknown = await codeOf(
      caller.auth.login({ username: 'nobody_here', password: 'wrongpass' }),
    );
    expect(wrong).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid username or password' });
    expect(unknown).toEqual(wrong);
  });

  it('refuses a banned member with 403', async () => {
    const banned = await createUser(t.db, { role: 'banned' });
    const { caller, session } = callerFor(t, undefined, '10.0.0.3');
    expect(
      await codeOf(caller.auth.login({ username: banned.username, password: banned.password })),
    ).toEqual({
      code: 'FORBIDDEN',
      message: 'Your account has been suspended',
    });
    expect(session.userId).toBeUndefined();
  });

  it('blocks an ip+username after 5 failures, even with the right password, with a retry time', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, undefined, '10.0.0.4');
    for (let i = 0; i < 5; i++) {
      expect(
        (await codeOf(caller.auth.login({ username: member.username, password: 'wrongpass' })))
          .code,
      ).toBe('UNAUTHORIZED');
    }
    try {
      await caller.auth.login({ username: member.username, password: member.password });
      throw new Error('expected a refusal');
    } catch (error) {
      expect((error as TRPCError).code).toBe('TOO_MANY_REQUESTS');
      expect((error as TRPCError).cause).toMatchObject({ retryAfter: expect.any(Number) });
    }
    // Another address is not blocked by this one's failures.
    const other = callerFor(t, undefined, '10.0.0.5').caller;
    await expect(
      other.auth.login({ username: member.username, password: member.password }),
    ).resolves.toBeTruthy();
  });

  it('counts parallel (batched) attempts too', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, undefined, '10.0.0.6');
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        caller.auth.login({ username: member.username, password: 'wrongpass' }),
      ),
    );
    const codes = results.map((r) =>
      r.status === 'rejected' ? (r.reason as TRPCError).code : 'OK',
    );
    expect(codes.filter((c) => c === 'UNAUTHORIZED').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS').length).toBeGreaterThanOrEqual(5);
  });

  it('validates its input', async () => {
    const { caller } = callerFor(t, undefined, '10.0.0.7');
    expect(await codeOf(caller.auth.login({ username: 'ab', password: 'secret1' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Username must be at least 3 characters',
    });
    expect(await codeOf(caller.auth.login({ username: 'abc', password: '12' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Password must be at least 6 characters',
    });
  });
});

describe('auth.logout', () => {
  it('destroys the session', async () => {
    const member = await createUser(t.db);
    const { caller, session } = callerFor(t, member);
    expect(await caller.auth.logout()).toEqual({ success: true });
    expect(session.destroyed).toBe(true);
    expect(session.userId).toBeUndefined();
  });
});

describe('auth.me', () => {
  it('is null anonymously and the user when signed in', async () => {
    const member = await createUser(t.db);
    expect(await callerFor(t).caller.auth.me()).toBeNull();
    expect(await callerFor(t, member).caller.auth.me()).toMatchObject({
      id: member.id,
      username: member.username,
    });
  });

  it('stops recognising a session once the session version moves on', async () => {
    const member = await createUser(t.db);
    const { session } = callerFor(t, member);
    bumpSessionVersion({ db: t.db, id: member.id });
    const stale = reopen(t, session);
    expect(await stale.auth.me()).toBeNull();
  });

  it('stops recognising a banned member at once', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    t.db.update(users).set({ role: 'banned' }).where(eq(users.id, member.id)).run();
    expect(await caller.auth.me()).not.toBeNull(); // the context was built before the ban
    expect(await callerFor(t, member).caller.auth.me()).toBeNull();
  });
});

describe('maintenance mode', () => {
  it('answers 503 to members and keeps auth, public settings and admins working', async () => {
    const member = await createUser(t.db);
    const admin = await createUser(t.db, { role: 'admin' });
    setSettings({ maintenanceMode: true });
    try {
      const asMember = callerFor(t, member).caller;
      expect((await codeOf(asMember.account.getPayment())).code).toBe('SERVICE_UNAVAILABLE');
      expect(await asMember.auth.me()).toMatchObject({ id: member.id });
      expect(await asMember.settings.public()).toMatchObject({ maintenanceMode: true });
      await expect(callerFor(t, admin).caller.adminUsers.list()).resolves.toBeTruthy();
    } finally {
      setSettings({ maintenanceMode: false });
    }
  });
});

describe('passwords', () => {
  it('hashes with scrypt, verifies, and rejects wrong or malformed hashes', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
    expect(await verifyPassword('correct horse', 'not-a-hash')).toBe(false);
    expect(PRODUCTION_PARAMS).toEqual({ N: 2 ** 15, r: 8, p: 3 });
  });
});
