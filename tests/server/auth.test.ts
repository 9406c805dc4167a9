// The sign-in procedures (SPEC 5, 7, 8; DESIGN 'Security decisions'), called through createCaller
// against a real, migrated SQLite file: one describe per procedure, then the cross-cutting rules
// (session revocation, rate limiting, registration switch, maintenance gate) and the hasher.
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createContextInner } from '../../src/server/trpc/context';
import { users } from '../../src/server/platform/db/schema';
import { appRouter, createCaller } from '../../src/server/trpc/routers/_app';
import { issueDeviceToken, verifyDeviceToken } from '../../src/server/domain/accounts/devices';
import {
  memoryDeviceCookie,
  withDeviceToken,
  type DeviceCookie,
} from '../../src/server/trpc/session';
import { MSG } from '../../src/shared/messages';
import { AppError } from '../../src/server/platform/errors';
import {
  createPasswordHasher,
  PRODUCTION_PARAMS,
} from '../../src/server/domain/accounts/passwords';
import { deleteUserSessions } from '../../src/server/domain/accounts/sessions';
import { getPlatformSettings, savePlatformSettings } from '../../src/server/domain/settings';
import type { TPlatformSettings } from '../../src/shared/schemas/settings';
import {
  callerFor,
  createTestDb,
  createUser,
  memoryCookie,
  reopen,
  signedInId,
  testPasswords,
  type TestDb,
} from '../helpers/db';
import { failure } from '../helpers/errors';

const t = await createTestDb();
afterAll(() => t.close());

const DEFAULTS = await getPlatformSettings({ db: t.db });
async function setSettings(change: Partial<TPlatformSettings>, db: TestDb = t) {
  await savePlatformSettings({
    db: db.db,
    value: { ...(await getPlatformSettings({ db: db.db })), ...change },
  });
}
// Every test starts from the platform defaults, whatever an earlier one switched.
beforeEach(async () => {
  await savePlatformSettings({ db: t.db, value: DEFAULTS });
});

let ipCounter = 0;
/** A fresh client address per test, so no test inherits another's failed sign-ins. */
function freshIp(): string {
  ipCounter += 1;
  return `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

const registration = (name: string) => ({
  username: name,
  email: `${name}@example.com`,
  password: 'kestrel-orbit-93',
  confirmPassword: 'kestrel-orbit-93',
});

type RegisterInput = Parameters<ReturnType<typeof callerFor>['caller']['auth']['register']>[0];

async function userRow(id: number) {
  return (
    await t.db
      .select({ role: users.role, tier: users.subscriptionTier })
      .from(users)
      .where(eq(users.id, id))
  )[0];
}

describe('auth.register', () => {
  it('creates a member with the platform default tier and signs them in', async () => {
    const { caller, session } = callerFor(t);
    const user = await caller.auth.register({ ...registration('reg_alice'), phone: '+1 555 0100' });
    expect(user).toMatchObject({
      username: 'reg_alice',
      email: 'reg_alice@example.com',
      phone: '+1 555 0100',
      role: 'user',
      subscriptionTier: DEFAULTS.defaultUserTier,
    });
    expect(user.createdAt).toBeInstanceOf(Date);
    // Never the hash, never the session version.
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('sessionVersion');
    expect(JSON.stringify(user)).not.toMatch(/scrypt/);
    // The cookie now names a session of the new user, and was set once.
    expect(await signedInId(t, session)).toBe(user.id);
    expect(session.sets).toBe(1);
    expect(await reopen(t, session).auth.me()).toMatchObject({ id: user.id });
  });

  it('stores an empty phone as null', async () => {
    const user = await callerFor(t).caller.auth.register({ ...registration('reg_nophone') });
    expect(user.phone).toBeNull();
  });

  it('gives new accounts the tier the platform settings name', async () => {
    await setSettings({ defaultUserTier: 'pro' });
    const user = await callerFor(t).caller.auth.register(registration('reg_protier'));
    expect(user.subscriptionTier).toBe('pro');
    expect((await userRow(user.id))!.tier).toBe('pro');
  });

  it('ignores role and subscriptionTier sent by the client', async () => {
    const input = { ...registration('reg_mallory'), role: 'admin', subscriptionTier: 'elite' };
    const user = await callerFor(t).caller.auth.register(input as RegisterInput);
    expect(user.role).toBe('user');
    expect(user.subscriptionTier).toBe(DEFAULTS.defaultUserTier);
    expect(await userRow(user.id)).toMatchObject({ role: 'user', tier: DEFAULTS.defaultUserTier });
  });

  it('refuses a taken username, in any case, with CONFLICT', async () => {
    await createUser(t.db, { username: 'reg_taken' });
    const { caller, session } = callerFor(t);
    expect(
      await failure(
        caller.auth.register({ ...registration('REG_Taken'), email: 'fresh1@example.com' }),
      ),
    ).toEqual({ code: 'CONFLICT', message: 'Username already exists' });
    expect(await signedInId(t, session)).toBeUndefined();
    expect(session.sets).toBe(0);
  });

  it('refuses a taken e-mail, in any case, with CONFLICT', async () => {
    await createUser(t.db, { username: 'reg_mailowner', email: 'owner@example.com' });
    const { caller } = callerFor(t);
    expect(
      await failure(
        caller.auth.register({ ...registration('reg_other'), email: 'Owner@Example.COM' }),
      ),
    ).toEqual({ code: 'CONFLICT', message: 'Email already in use' });
  });

  it.each([
    [{ confirmPassword: 'different' }, 'Passwords do not match'],
    [{ password: '123', confirmPassword: '123' }, 'Password must be at least 6 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
  ])('validates %j with the message of SPEC 5', async (change, message) => {
    const { caller, session } = callerFor(t);
    expect(
      await failure(caller.auth.register({ ...registration('reg_valid'), ...change })),
    ).toEqual({ code: 'BAD_REQUEST', message });
    expect(session.sets).toBe(0);
  });

  it('refuses a missing or wrongly typed input with BAD_REQUEST', async () => {
    const { caller } = callerFor(t);
    expect((await failure(caller.auth.register(undefined as never))).code).toBe('BAD_REQUEST');
    const wrongType = { ...registration('reg_typed'), username: 123 };
    expect((await failure(caller.auth.register(wrongType as never))).code).toBe('BAD_REQUEST');
  });

  it('is FORBIDDEN while registration is disabled, and works again once enabled', async () => {
    await savePlatformSettings({
      db: t.db,
      value: { ...(await getPlatformSettings({ db: t.db })), enableRegistration: false },
    });
    const { caller, session } = callerFor(t);
    expect(await failure(caller.auth.register(registration('reg_closed')))).toEqual({
      code: 'FORBIDDEN',
      message: 'Registration is currently disabled',
    });
    expect(await signedInId(t, session)).toBeUndefined();
    expect(
      (await t.db.select().from(users).where(eq(users.username, 'reg_closed')))[0],
    ).toBeUndefined();
    await setSettings({ enableRegistration: true });
    await expect(caller.auth.register(registration('reg_closed'))).resolves.toMatchObject({
      username: 'reg_closed',
    });
  });
});

describe('auth.login', () => {
  it('signs in with the right password, the username in any case', async () => {
    const member = await createUser(t.db, { username: 'login_bob' });
    const { caller, session } = callerFor(t, undefined, freshIp());
    const user = await caller.auth.login({ username: 'LOGIN_Bob', password: member.password });
    expect(user).toMatchObject({ id: member.id, username: 'login_bob', role: 'user' });
    expect(user).not.toHaveProperty('password');
    expect(await signedInId(t, session)).toBe(member.id);
    expect(session.sets).toBe(1);
  });

  it('says firstSignIn on the first sign-in of an account only', async () => {
    const member = await createUser(t.db, { neverSignedIn: true });
    const first = await callerFor(t, undefined, freshIp()).caller.auth.login({
      username: member.username,
      password: member.password,
    });
    expect(first).toMatchObject({ id: member.id, firstSignIn: true });
    const again = await callerFor(t, undefined, freshIp()).caller.auth.login({
      username: member.username,
      password: member.password,
    });
    expect(again).toMatchObject({ id: member.id });
    expect(again).not.toHaveProperty('firstSignIn');
  });

  it('refuses a wrong password with UNAUTHORIZED', async () => {
    const member = await createUser(t.db);
    const { caller, session } = callerFor(t, undefined, freshIp());
    expect(
      await failure(caller.auth.login({ username: member.username, password: 'wrongpass' })),
    ).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid username or password' });
    expect(await signedInId(t, session)).toBeUndefined();
    expect(session.sets).toBe(0);
  });

  it('refuses an unknown user exactly like a wrong password', async () => {
    const { caller } = callerFor(t, undefined, freshIp());
    expect(
      await failure(caller.auth.login({ username: 'nobody_here', password: 'whatever1' })),
    ).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid username or password' });
  });

  it('refuses a banned member, even with the right password, with FORBIDDEN', async () => {
    const banned = await createUser(t.db, { role: 'banned' });
    const { caller, session } = callerFor(t, undefined, freshIp());
    expect(
      await failure(caller.auth.login({ username: banned.username, password: banned.password })),
    ).toEqual({ code: 'FORBIDDEN', message: 'Your account has been suspended' });
    expect(await signedInId(t, session)).toBeUndefined();
  });

  it('validates its input with the messages of SPEC 5', async () => {
    const { caller } = callerFor(t, undefined, freshIp());
    expect(
      await failure(caller.auth.login({ username: 'ab', password: 'kestrel-orbit-93' })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'Username must be at least 3 characters',
    });
    expect(await failure(caller.auth.login({ username: 'abc', password: '12' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Password must be at least 6 characters',
    });
  });
});

describe('auth.logout', () => {
  it('destroys the session and answers success', async () => {
    const member = await createUser(t.db);
    const { caller, session } = callerFor(t, member);
    expect(await caller.auth.logout()).toEqual({ success: true });
    expect(session.cleared).toBe(true);
    expect(await signedInId(t, session)).toBeUndefined();
    expect(await reopen(t, session).auth.me()).toBeNull();
  });

  it('is harmless when nobody is signed in', async () => {
    const { caller, session } = callerFor(t);
    expect(await caller.auth.logout()).toEqual({ success: true });
    expect(await signedInId(t, session)).toBeUndefined();
  });
});

describe('auth.me', () => {
  it('is null for an anonymous caller', async () => {
    expect(await callerFor(t).caller.auth.me()).toBeNull();
  });

  it('is the signed-in user, without the hash or the session version', async () => {
    const member = await createUser(t.db, { tier: 'standard' });
    const me = await callerFor(t, member).caller.auth.me();
    expect(me).toMatchObject({
      id: member.id,
      username: member.username,
      email: member.email,
      role: 'user',
      subscriptionTier: 'standard',
    });
    expect(me).not.toHaveProperty('password');
    expect(me).not.toHaveProperty('sessionVersion');
  });

  it('is null for a session whose user no longer exists', async () => {
    const member = await createUser(t.db);
    const { session, signedIn } = callerFor(t, member);
    await signedIn;
    await t.db.delete(users).where(eq(users.id, member.id));
    expect(await reopen(t, session).auth.me()).toBeNull();
  });
});

describe('session revocation', () => {
  it('ends every existing session once its rows are deleted', async () => {
    const member = await createUser(t.db);
    const { session, signedIn } = callerFor(t, member);
    await signedIn;
    expect(await reopen(t, session).auth.me()).toMatchObject({ id: member.id });
    await deleteUserSessions({ db: t.db, userId: member.id });
    expect(await reopen(t, session).auth.me()).toBeNull();
    // ... and a member procedure refuses the ended session.
    expect((await failure(reopen(t, session).account.getPayment())).code).toBe('UNAUTHORIZED');
    // A new sign-in works with a new session.
    const { caller, session: fresh } = callerFor(t, undefined, freshIp());
    await caller.auth.login({ username: member.username, password: member.password });
    expect(fresh.id).not.toBe(session.id);
    expect(await reopen(t, fresh).auth.me()).toMatchObject({ id: member.id });
  });

  it('logout deletes the session row, so a copy of the cookie stops working too', async () => {
    const member = await createUser(t.db);
    const { caller, session, signedIn } = callerFor(t, member);
    await signedIn;
    const copy = { ...session };
    await caller.auth.logout();
    expect(await reopen(t, copy).auth.me()).toBeNull();
    expect((await failure(reopen(t, copy).account.updateProfile({ fullName: 'x' }))).code).toBe(
      'UNAUTHORIZED',
    );
  });

  it('stops honouring a session once its user is banned', async () => {
    const member = await createUser(t.db);
    const { session, signedIn } = callerFor(t, member);
    await signedIn;
    await t.db.update(users).set({ role: 'banned' }).where(eq(users.id, member.id));
    expect(await reopen(t, session).auth.me()).toBeNull();
    expect((await failure(reopen(t, session).account.getPayment())).code).toBe('UNAUTHORIZED');
  });
});

describe('sign-in rate limiting', () => {
  function retryAfterOf(error: unknown): number | undefined {
    const cause = error instanceof TRPCError ? error.cause : undefined;
    return cause instanceof AppError ? cause.retryAfter : undefined;
  }

  it('makes an account wait after 5 failures, even the right password, from any address', async () => {
    const member = await createUser(t.db);
    const ip = freshIp();
    const { caller } = callerFor(t, undefined, ip);
    for (let i = 0; i < 5; i++) {
      const f = await failure(
        caller.auth.login({ username: member.username, password: 'nope123' }),
      );
      expect(f.code).toBe('UNAUTHORIZED');
    }
    const sixth = caller.auth.login({ username: member.username, password: member.password });
    const error = await sixth.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('TOO_MANY_REQUESTS');
    // The account waits, not the address: its owner hears of the unlock link (issue 27).
    expect((error as TRPCError).message).toBe(
      'Too many failed sign-in attempts. Please try again later. If this account is yours and its e-mail is verified, we have sent it a link that lets this browser in.',
    );
    const retryAfter = retryAfterOf(error);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The username in another case is the same account.
    expect(
      (
        await failure(
          caller.auth.login({ username: member.username.toUpperCase(), password: member.password }),
        )
      ).code,
    ).toBe('TOO_MANY_REQUESTS');
    // Another address waits too: the failures count per account, across every address.
    expect(
      (
        await failure(
          callerFor(t, undefined, freshIp()).caller.auth.login({
            username: member.username,
            password: member.password,
          }),
        )
      ).code,
    ).toBe('TOO_MANY_REQUESTS');
  });

  it('counts parallel attempts: of 10 at once, 5 are checked and 5 refused', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, undefined, freshIp());
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        caller.auth.login({ username: member.username, password: 'wrongpass' }),
      ),
    );
    const codes = results.map((r) =>
      r.status === 'rejected' ? (r.reason as TRPCError).code : 'OK',
    );
    expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(5);
    expect(
      (await failure(caller.auth.login({ username: member.username, password: member.password })))
        .code,
    ).toBe('TOO_MANY_REQUESTS');
  });

  it('forgets the failures of an account after a successful sign-in', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, undefined, freshIp());
    for (let i = 0; i < 4; i++) {
      await failure(caller.auth.login({ username: member.username, password: 'wrongpass' }));
    }
    await caller.auth.login({ username: member.username, password: member.password });
    for (let i = 0; i < 4; i++) {
      expect(
        (await failure(caller.auth.login({ username: member.username, password: 'wrongpass' })))
          .code,
      ).toBe('UNAUTHORIZED');
    }
  });

  it('blocks an address that fails against many usernames (30 per window)', async () => {
    const ip = freshIp();
    const { caller } = callerFor(t, undefined, ip);
    for (let i = 0; i < 30; i++) {
      await failure(caller.auth.login({ username: `spray_${i}`, password: 'wrongpass' }));
    }
    const member = await createUser(t.db);
    expect(
      (await failure(caller.auth.login({ username: member.username, password: member.password })))
        .code,
    ).toBe('TOO_MANY_REQUESTS');
  });

  it('does not count successful sign-ins against the address', async () => {
    // Many people behind one address (an office, a proxy) sign in all day.
    const ip = freshIp();
    const member = await createUser(t.db);
    for (let i = 0; i < 40; i++) {
      await expect(
        callerFor(t, undefined, ip).caller.auth.login({
          username: member.username,
          password: member.password,
        }),
      ).resolves.toMatchObject({ id: member.id });
    }
  });
});

describe('sign-in lock-out and device cookies (OWASP)', () => {
  /** One browser: its own device cookie, kept across its requests, at an address. */
  function browser(ip = freshIp(), device: DeviceCookie = memoryDeviceCookie()) {
    const request = () =>
      createCaller(() => createContextInner({ deps: t.deps, cookie: memoryCookie(), device, ip }));
    return {
      device,
      login: (username: string, password: string) => request().auth.login({ username, password }),
    };
  }

  /** Strangers at five addresses lock the account for unknown devices. */
  async function lockOut(username: string) {
    for (let i = 0; i < 5; i++) {
      expect((await failure(browser().login(username, 'stranger-guess'))).code).toBe(
        'UNAUTHORIZED',
      );
    }
    expect((await failure(browser().login(username, 'stranger-guess'))).code).toBe(
      'TOO_MANY_REQUESTS',
    );
  }

  it('gives a browser a signed device cookie naming the account when it signs in', async () => {
    const member = await createUser(t.db);
    const home = browser();
    expect(home.device.tokens).toEqual([]);
    await home.login(member.username, member.password);
    expect(home.device.tokens).toHaveLength(1);
    expect(verifyDeviceToken(t.deps.sessionSecret, home.device.tokens[0]!)).toMatchObject({
      userId: member.id,
    });
    // A failed sign-in gives none.
    const other = browser();
    await failure(other.login(member.username, 'wrong-password'));
    expect(other.device.tokens).toEqual([]);
  });

  it('lets a browser that signed in before through while strangers keep the account locked', async () => {
    const member = await createUser(t.db);
    const home = browser();
    await home.login(member.username, member.password);
    await lockOut(member.username);
    // Strangers and any new browser wait, the right password included ...
    expect((await failure(browser().login(member.username, member.password))).code).toBe(
      'TOO_MANY_REQUESTS',
    );
    // ... but the owner's browser signs in, again and again.
    await expect(home.login(member.username, member.password)).resolves.toMatchObject({
      id: member.id,
    });
    await expect(home.login(member.username, member.password)).resolves.toMatchObject({
      id: member.id,
    });
    // The owner's success does not unlock the account for strangers.
    expect((await failure(browser().login(member.username, member.password))).code).toBe(
      'TOO_MANY_REQUESTS',
    );
  });

  it('does not let a forged, garbled or another account’s device cookie through', async () => {
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    const home = browser();
    await home.login(member.username, member.password);
    const otherHome = browser();
    await otherHome.login(other.username, other.password);
    await lockOut(member.username);
    const genuine = home.device.tokens[0]!;
    const [id, nonce, sig] = genuine.split('.');
    const [, otherNonce, otherSig] = otherHome.device.tokens[0]!.split('.');
    const forgeries = [
      // The signature of another token, or a flipped character: not ours.
      `${id}.${otherNonce}.${otherSig}`,
      `${id}.${nonce}.${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`,
      // Signed with another secret.
      issueDeviceToken('y'.repeat(40), member.id),
      'garbage',
      // A genuine token, but for another account.
      otherHome.device.tokens[0]!,
    ];
    for (const token of forgeries) {
      const forged = browser(freshIp(), memoryDeviceCookie([token]));
      expect((await failure(forged.login(member.username, member.password))).code, token).toBe(
        'TOO_MANY_REQUESTS',
      );
    }
    // The other account's own browser still signs in to its own account.
    await expect(otherHome.login(other.username, other.password)).resolves.toMatchObject({
      id: other.id,
    });
  });

  it('locks out a device cookie that keeps failing, and only that one', async () => {
    const member = await createUser(t.db);
    const stolen = browser();
    await stolen.login(member.username, member.password);
    const laptop = browser();
    await laptop.login(member.username, member.password);
    await lockOut(member.username);
    // A copied device cookie gets its own few guesses past the lock-out, no more.
    const thief = browser(freshIp(), memoryDeviceCookie(stolen.device.tokens));
    for (let i = 0; i < 5; i++) {
      expect((await failure(thief.login(member.username, `thief-${i}`))).code).toBe('UNAUTHORIZED');
    }
    // From then on the cookie counts as an unknown device: locked out, the right password too.
    expect((await failure(thief.login(member.username, member.password))).code).toBe(
      'TOO_MANY_REQUESTS',
    );
    expect((await failure(stolen.login(member.username, member.password))).code).toBe(
      'TOO_MANY_REQUESTS',
    );
    // The owner's other browser is not affected.
    await expect(laptop.login(member.username, member.password)).resolves.toMatchObject({
      id: member.id,
    });
  });

  it('keeps the per-address limit for known devices too', async () => {
    const member = await createUser(t.db);
    const ip = freshIp();
    const home = browser(ip);
    await home.login(member.username, member.password);
    const { caller } = callerFor(t, undefined, ip);
    for (let i = 0; i < 30; i++) {
      await failure(caller.auth.login({ username: `spray_dev_${i}`, password: 'wrongpass' }));
    }
    expect((await failure(home.login(member.username, member.password))).code).toBe(
      'TOO_MANY_REQUESTS',
    );
  });

  it('keeps the newest token of each account, at most five, in one cookie', () => {
    const secret = t.deps.sessionSecret;
    let tokens: string[] = [];
    for (const id of [1, 2, 3, 4, 5, 6, 2])
      tokens = withDeviceToken(tokens, issueDeviceToken(secret, id));
    expect(tokens.map((token) => verifyDeviceToken(secret, token)?.userId)).toEqual([
      2, 6, 5, 4, 3,
    ]);
  });
});

describe('sign-up limit', () => {
  it('counts the attempt first: over the limit every probe answers 429, taken names included', async () => {
    const limited = await createTestDb({ limits: { signupsPerIpPerHour: 3 } });
    try {
      const taken = await createUser(limited.db, { username: 'probe_taken' });
      const probe = (input: RegisterInput) =>
        failure(callerFor(limited, undefined, '10.9.9.9').caller.auth.register(input));
      // Each probe counts, answered or not.
      expect((await probe({ ...registration('probe_taken'), email: 'x1@example.com' })).code).toBe(
        'CONFLICT',
      );
      expect((await probe({ ...registration('probe_new'), email: taken.email })).code).toBe(
        'CONFLICT',
      );
      expect((await probe({ ...registration('probe_bad'), confirmPassword: 'nope' })).code).toBe(
        'BAD_REQUEST',
      );
      for (const input of [
        { ...registration('probe_taken'), email: 'x2@example.com' },
        { ...registration('probe_fresh'), email: taken.email },
        registration('probe_free_name'),
        {} as RegisterInput,
      ]) {
        const error = await callerFor(limited, undefined, '10.9.9.9')
          .caller.auth.register(input)
          .then(
            () => undefined,
            (e: unknown) => e as TRPCError,
          );
        expect(error?.code).toBe('TOO_MANY_REQUESTS');
        expect(error?.message).toBe(MSG.tooManySignups);
        expect((error?.cause as AppError).retryAfter).toBeGreaterThan(0);
      }
      // Another address is not affected.
      await expect(
        callerFor(limited, undefined, '10.9.9.10').caller.auth.register(registration('probe_ok')),
      ).resolves.toMatchObject({ username: 'probe_ok' });
    } finally {
      await limited.close();
    }
  });
});

describe('maintenance mode', () => {
  // Each principal gets its own database: admins calling everything with no input must not
  // disturb the rest of this file.
  // Signing in (and out) stays open, so admins can: with a password or through a provider,
  // and the password reset, so an admin who forgot their password gets back in then too.
  const OPEN = new Set([
    'auth.me',
    'auth.login',
    // An unlock link: an admin locked out during maintenance needs it too.
    'auth.trustDevice',
    'auth.logout',
    'settings.public',
    'oidc.providers',
    'oidc.flow',
    'oidc.confirmLink',
    'oidc.cancel',
    'password.forgot',
    'password.reset',
    // The second step of auth.login, for accounts with two-factor sign-in.
    'auth.loginTwoFactor',
  ]);
  const procedures = Object.keys(appRouter._def.procedures).sort();

  async function codeOf(caller: unknown, path: string): Promise<string> {
    let target = caller;
    for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
    try {
      await (target as (input?: unknown) => Promise<unknown>)(undefined);
      return 'OK';
    } catch (error) {
      if (error instanceof TRPCError) return error.code;
      throw error;
    }
  }

  it.each(['anonymous', 'user', 'moderator'] as const)(
    'answers SERVICE_UNAVAILABLE to %s on every procedure but the open ones',
    async (principal) => {
      const own = await createTestDb();
      try {
        const account =
          principal === 'anonymous' ? undefined : await createUser(own.db, { role: principal });
        await setSettings({ maintenanceMode: true }, own);
        const unavailable: string[] = [];
        for (const path of procedures) {
          const code = await codeOf(callerFor(own, account).caller, path);
          if (code === 'SERVICE_UNAVAILABLE') unavailable.push(path);
        }
        expect(unavailable).toEqual(procedures.filter((p) => !OPEN.has(p)));
        // The open ones do what they always do.
        const { caller } = callerFor(own, account);
        expect(await caller.settings.public()).toMatchObject({ maintenanceMode: true });
        if (account) expect(await caller.auth.me()).toMatchObject({ id: account.id });
      } finally {
        await own.close();
      }
    },
  );

  it('lets members sign in and out, and refuses registration, during maintenance', async () => {
    const own = await createTestDb();
    try {
      const member = await createUser(own.db);
      await setSettings({ maintenanceMode: true }, own);
      const { caller, session } = callerFor(own, undefined, freshIp());
      await expect(
        caller.auth.login({ username: member.username, password: member.password }),
      ).resolves.toMatchObject({ id: member.id });
      expect(await signedInId(own, session)).toBe(member.id);
      await expect(reopen(own, session).auth.logout()).resolves.toEqual({ success: true });
      expect(await failure(callerFor(own).caller.auth.register(registration('maint_new')))).toEqual(
        {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The platform is under maintenance. Please try again later.',
        },
      );
    } finally {
      await own.close();
    }
  });

  it('lets admins call every procedure', async () => {
    const own = await createTestDb();
    try {
      const admin = await createUser(own.db, { role: 'admin' });
      await setSettings({ maintenanceMode: true }, own);
      const unavailable: string[] = [];
      for (const path of procedures) {
        if ((await codeOf(callerFor(own, admin).caller, path)) === 'SERVICE_UNAVAILABLE') {
          unavailable.push(path);
        }
      }
      expect(unavailable).toEqual([]);
      await expect(callerFor(own, admin).caller.adminSettings.get()).resolves.toMatchObject({
        maintenanceMode: true,
      });
    } finally {
      await own.close();
    }
  });
});

describe('domain/accounts/passwords', () => {
  const hashPassword = (p: string) => testPasswords.hash(p);
  const verifyPassword = (p: string, h: string) => testPasswords.verify(p, h);

  it('verifies a password against its own hash', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('rejects a wrong password', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it.each(['', 'not-a-hash', 'scrypt$', 'scrypt$1024$8$1$c2FsdA==', 'bcrypt$1$2$3$4$5'])(
    'rejects the malformed stored hash %j',
    async (stored) => {
      expect(await verifyPassword('correct horse', stored)).toBe(false);
    },
  );

  it('reads the parameters stored with a hash, so they can be raised later', async () => {
    const hash = await hashPassword('correct horse');
    const [, n, r, p, salt, key] = hash.split('$');
    // Rebuilt from its parts it still matches; the same salt and key under another N does not.
    expect(await verifyPassword('correct horse', ['scrypt', n, r, p, salt, key].join('$'))).toBe(
      true,
    );
    expect(
      await verifyPassword('correct horse', ['scrypt', Number(n) * 2, r, p, salt, key].join('$')),
    ).toBe(false);
  });

  it('uses the OWASP production setting N=2^15, r=8, p=3 unless a cost is injected', () => {
    expect(PRODUCTION_PARAMS).toEqual({ N: 2 ** 15, r: 8, p: 3 });
    expect(createPasswordHasher().params).toEqual(PRODUCTION_PARAMS);
  });

  it('knows a hash made at a weaker cost needs redoing', async () => {
    const strong = createPasswordHasher({ N: 2 ** 11, r: 8, p: 1 });
    expect(strong.needsRehash(await testPasswords.hash('correct horse'))).toBe(true);
    expect(strong.needsRehash(await strong.hash('correct horse'))).toBe(false);
    expect(testPasswords.needsRehash(await strong.hash('correct horse'))).toBe(false);
  });
});
