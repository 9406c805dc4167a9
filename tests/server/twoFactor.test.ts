// Two-factor sign-in through the procedures (both engines): setting it up, the sign-in's code
// step on the same cookie, recovery codes, replays, lock-outs, turning it off, the staff rule and
// the admin's reset. Time is held still (Date only), so every code is the one the test means.
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import {
  auditLog,
  pendingSignIns,
  recoveryCodes,
  sessions,
  twoFactor,
  users,
} from '../../src/server/platform/db/schema';
import { createSession } from '../../src/server/domain/accounts/sessions';
import { getPlatformSettings, savePlatformSettings } from '../../src/server/domain/settings';
import { openSecret, sealSecret } from '../../src/server/domain/accounts/twoFactor';
import { TWO_FACTOR_MSG, TWO_FACTOR_SETUP_REQUIRED } from '../../src/shared/schemas/twoFactor';
import { accessPolicy, openDuringTwoFactorSetup } from '../../src/server/trpc/access';
import { appRouter } from '../../src/server/trpc/routers/_app';
import { MSG } from '../../src/shared/messages';
import { ACCOUNT_LINK_MESSAGES as LINK_MSG } from '../../src/shared/schemas/accountLinks';
import {
  callerFor,
  createTestDb,
  createUser,
  reopen,
  signedInId,
  type CreatedUser,
  type TestDb,
} from '../helpers/db';
import { failure, refusal } from '../helpers/errors';
import { codeAt, holdClock, moveClock, STEP, turnOn } from '../helpers/twoFactor';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A browser that signs in with the password: its caller and cookie, after the password step. */
async function passwordStep(user: CreatedUser, ip = '127.0.0.1') {
  const browser = callerFor(t, undefined, ip);
  const answer = await browser.caller.auth.login({
    username: user.username,
    password: user.password,
  });
  return { ...browser, answer };
}

async function sessionCount(userId: number) {
  return (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

async function requireStaffTwoFactor(on: boolean) {
  const current = await getPlatformSettings({ db: t.db });
  await savePlatformSettings({ db: t.db, value: { ...current, requireStaffTwoFactor: on } });
}

describe('twoFactor.beginSetup and twoFactor.enable', () => {
  it('shows a QR code and the secret, keeps the secret encrypted, and turns on with a right code only', async () => {
    holdClock();
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    expect(await caller.twoFactor.status()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });

    const setup = await caller.twoFactor.beginSetup();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toBe(
      `otpauth://totp/Contest%20Platform:${member.username}?secret=${setup.secret}&issuer=Contest%20Platform`,
    );
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    // At rest: sealed, not the secret, and readable only with this server's SESSION_SECRET.
    const [row] = await t.db.select().from(twoFactor).where(eq(twoFactor.userId, member.id));
    expect(row!.secret).not.toContain(setup.secret);
    expect(row!.enabledAt).toBeNull();
    expect(openSecret(t.deps.sessionSecret, member.id, row!.secret)).toBe(setup.secret);
    expect(openSecret('y'.repeat(40), member.id, row!.secret)).toBeUndefined();
    // Bound to its account: another member's row with this ciphertext does not open.
    expect(openSecret(t.deps.sessionSecret, member.id + 1, row!.secret)).toBeUndefined();

    // Not on yet: signing in still needs only the password.
    expect((await passwordStep(member)).answer).toMatchObject({ id: member.id });

    const wrong = await failure(caller.twoFactor.enable({ code: '000000' }));
    expect(wrong).toEqual({ code: 'BAD_REQUEST', message: TWO_FACTOR_MSG.codeInvalid });
    expect((await caller.twoFactor.status()).enabled).toBe(false);

    const other = await createSession({ db: t.db, userId: member.id });
    const { recoveryCodes: codes } = await caller.twoFactor.enable({
      code: await codeAt(setup.secret),
    });
    expect(codes).toHaveLength(10);
    for (const c of codes)
      expect(c).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/);
    expect(new Set(codes).size).toBe(10);
    expect(await caller.twoFactor.status()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Stored as digests only.
    const stored = await t.db
      .select({ codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, member.id));
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) {
      expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.map((c) => c.replace(/-/g, ''))).not.toContain(codeHash);
    }
    // Other sessions ended; this one carries on.
    expect((await t.db.select().from(sessions).where(eq(sessions.id, other))).length).toBe(0);
    expect((await caller.auth.me())?.id).toBe(member.id);

    expect((await failure(caller.twoFactor.beginSetup())).code).toBe('CONFLICT');
    expect(
      (await failure(caller.twoFactor.enable({ code: await codeAt(setup.secret, 1) }))).code,
    ).toBe('CONFLICT');
  });

  it('refuses to confirm without a setup in progress, and an empty code in words', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    expect(await failure(caller.twoFactor.enable({ code: '123456' }))).toEqual({
      code: 'BAD_REQUEST',
      message: TWO_FACTOR_MSG.noSetup,
    });
    expect(await failure(caller.twoFactor.enable({ code: '  ' }))).toEqual({
      code: 'BAD_REQUEST',
      message: TWO_FACTOR_MSG.codeRequired,
    });
  });

  it('says so when the secret was sealed under another SESSION_SECRET', async () => {
    const member = await createUser(t.db);
    await t.db
      .insert(twoFactor)
      .values({ userId: member.id, secret: sealSecret('z'.repeat(40), member.id, 'A'.repeat(32)) });
    const { caller } = callerFor(t, member);
    expect(await failure(caller.twoFactor.enable({ code: '123456' }))).toEqual({
      code: 'CONFLICT',
      message: TWO_FACTOR_MSG.secretUnreadable,
    });
  });
});

describe('auth.login and auth.loginTwoFactor', () => {
  it('asks for a code with no session yet, and completes on the same cookie', async () => {
    holdClock();
    const member = await createUser(t.db);
    const { secret } = await turnOn(callerFor(t, member).caller);
    const before = await sessionCount(member.id);

    const browser = await passwordStep(member);
    expect(browser.answer).toEqual({ twoFactorRequired: true });
    // The cookie names a pending sign-in, not a session: nobody is signed in on it.
    expect(browser.cookie.id).toMatch(/^2fa\./);
    expect(await browser.caller.auth.me()).toBeNull();
    expect(await signedInId(t, browser.cookie)).toBeUndefined();
    expect((await failure(browser.caller.account.listSessions())).code).toBe('UNAUTHORIZED');
    expect(await sessionCount(member.id)).toBe(before);

    const user = await browser.caller.auth.loginTwoFactor({ code: await codeAt(secret) });
    expect(user).toMatchObject({ id: member.id, username: member.username });
    expect(browser.cookie.id).not.toMatch(/^2fa\./);
    expect((await browser.caller.auth.me())?.id).toBe(member.id);
    expect(await sessionCount(member.id)).toBe(before + 1);
    // The pending sign-in is used up.
    expect(
      await t.db.select().from(pendingSignIns).where(eq(pendingSignIns.userId, member.id)),
    ).toEqual([]);
  });

  it('says firstSignIn after the code step of an account that never signed in', async () => {
    holdClock();
    const member = await createUser(t.db, { neverSignedIn: true });
    const { secret } = await turnOn(callerFor(t, member).caller);
    // Turning it on needed a session; the account is made one that never signed in again.
    await t.db.update(users).set({ lastLoginAt: null }).where(eq(users.id, member.id));
    const browser = await passwordStep(member);
    const user = await browser.caller.auth.loginTwoFactor({ code: await codeAt(secret) });
    expect(user).toMatchObject({ id: member.id, firstSignIn: true });
  });

  it('accepts a code given with spaces, and the username when it names the same account', async () => {
    holdClock();
    const member = await createUser(t.db);
    const { secret } = await turnOn(callerFor(t, member).caller);
    const browser = await passwordStep(member);
    const code = await codeAt(secret);
    const user = await browser.caller.auth.loginTwoFactor({
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
      username: member.username.toUpperCase(),
    });
    expect(user.id).toBe(member.id);
  });

  it('never accepts a code twice, nor an older one after a newer', async () => {
    holdClock();
    const member = await createUser(t.db);
    const { secret } = await turnOn(callerFor(t, member).caller);
    const code = await codeAt(secret);
    await (await passwordStep(member)).caller.auth.loginTwoFactor({ code });

    const again = await passwordStep(member);
    expect(await failure(again.caller.auth.loginTwoFactor({ code }))).toEqual({
      code: 'UNAUTHORIZED',
      message: TWO_FACTOR_MSG.codeUsed,
    });
    // The step before the one used (the one turnOn used, or older) is refused too.
    expect(
      (await failure(again.caller.auth.loginTwoFactor({ code: await codeAt(secret, -1) }))).message,
    ).toBe(TWO_FACTOR_MSG.codeUsed);
    expect(await again.caller.auth.me()).toBeNull();
    // The next step's code still works on the same pending sign-in.
    expect((await again.caller.auth.loginTwoFactor({ code: await codeAt(secret, 1) })).id).toBe(
      member.id,
    );
  });

  it('takes each recovery code once', async () => {
    holdClock();
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    const { recoveryCodes: codes } = await turnOn(caller);
    const first = await passwordStep(member);
    // Typed in capitals, without dashes.
    const typed = codes[3]!.replace(/-/g, '').toUpperCase();
    expect((await first.caller.auth.loginTwoFactor({ code: typed })).id).toBe(member.id);
    expect((await caller.twoFactor.status()).recoveryCodesLeft).toBe(9);

    const second = await passwordStep(member);
    expect(await failure(second.caller.auth.loginTwoFactor({ code: codes[3]! }))).toEqual({
      code: 'UNAUTHORIZED',
      message: TWO_FACTOR_MSG.codeInvalid,
    });
    expect((await second.caller.auth.loginTwoFactor({ code: codes[4]! })).id).toBe(member.id);
  });

  it('expires after five minutes, with a clear message', async () => {
    holdClock();
    const member = await createUser(t.db);
    const { secret } = await turnOn(callerFor(t, member).caller);
    const browser = await passwordStep(member);
    moveClock(5 * 60_000 + 1);
    expect(
      await failure(browser.caller.auth.loginTwoFactor({ code: await codeAt(secret) })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: TWO_FACTOR_MSG.signInExpired,
    });
    expect(await browser.caller.auth.me()).toBeNull();
    // Gone for good: the same cookie cannot use it once time is back within the window.
    moveClock(-(5 * 60_000 + 1));
    expect(
      (await failure(browser.caller.auth.loginTwoFactor({ code: await codeAt(secret) }))).message,
    ).toBe(TWO_FACTOR_MSG.signInExpired);
  });

  it('is bound to the cookie of the password step and to its account', async () => {
    holdClock();
    const member = await createUser(t.db);
    const { secret } = await turnOn(callerFor(t, member).caller);
    const code = await codeAt(secret);
    // Another browser, which gave no password, has nothing to complete.
    expect(await failure(callerFor(t).caller.auth.loginTwoFactor({ code }))).toEqual({
      code: 'BAD_REQUEST',
      message: TWO_FACTOR_MSG.signInExpired,
    });
    // A signed-in session is not a pending sign-in either.
    expect((await failure(callerFor(t, member).caller.auth.loginTwoFactor({ code }))).message).toBe(
      TWO_FACTOR_MSG.signInExpired,
    );
    const browser = await passwordStep(member);
    expect(
      await failure(browser.caller.auth.loginTwoFactor({ code, username: 'someone_else' })),
    ).toEqual({ code: 'BAD_REQUEST', message: TWO_FACTOR_MSG.signInOtherAccount });
    // The same cookie sent again (a new request) completes it.
    expect(await reopen(t, browser.cookie).auth.me()).toBeNull();
    expect((await browser.caller.auth.loginTwoFactor({ code })).id).toBe(member.id);
  });

  it('keeps a member banned between the two steps out', async () => {
    holdClock();
    const member = await createUser(t.db);
    const { secret } = await turnOn(callerFor(t, member).caller);
    const browser = await passwordStep(member);
    await t.db.update(users).set({ role: 'banned' }).where(eq(users.id, member.id));
    expect(
      await failure(browser.caller.auth.loginTwoFactor({ code: await codeAt(secret) })),
    ).toEqual({
      code: 'FORBIDDEN',
      message: MSG.suspended,
    });
  });

  it('locks the account out after five wrong codes, as wrong passwords do', async () => {
    holdClock();
    const member = await createUser(t.db);
    const { secret } = await turnOn(callerFor(t, member).caller);
    // From five addresses: the account's limit, not one address's, stops the sixth guess.
    for (let i = 0; i < 5; i++) {
      const browser = await passwordStep(member, `10.0.0.${i + 1}`);
      expect((await failure(browser.caller.auth.loginTwoFactor({ code: '000000' }))).code).toBe(
        'UNAUTHORIZED',
      );
    }
    const next = await passwordStep(member, '10.0.0.9');
    const limited = await refusal(next.caller.auth.loginTwoFactor({ code: await codeAt(secret) }));
    // The account is what waits: the answer says so and an unlock link is offered (issue 27).
    expect(limited).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: LINK_MSG.accountLocked,
      reason: 'account_locked',
    });
    expect(await next.caller.auth.me()).toBeNull();
    // The wait passes (30 s after the fifth failure), and the right code gets in.
    moveClock(31_000);
    expect((await next.caller.auth.loginTwoFactor({ code: await codeAt(secret) })).id).toBe(
      member.id,
    );
  });

  it('logout on the code step drops the pending sign-in', async () => {
    holdClock();
    const member = await createUser(t.db);
    const { secret } = await turnOn(callerFor(t, member).caller);
    const browser = await passwordStep(member);
    const pendingId = browser.cookie.id!;
    await browser.caller.auth.logout();
    expect(
      await t.db.select().from(pendingSignIns).where(eq(pendingSignIns.id, pendingId)),
    ).toEqual([]);
    expect(
      (
        await failure(
          reopen(t, { ...browser.cookie, id: pendingId }).auth.loginTwoFactor({
            code: await codeAt(secret),
          }),
        )
      ).message,
    ).toBe(TWO_FACTOR_MSG.signInExpired);
  });
});

describe('twoFactor.disable and twoFactor.regenerateRecoveryCodes', () => {
  it('needs the password and a code to turn it off, and ends the other sessions', async () => {
    holdClock();
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    const { secret } = await turnOn(caller);
    const other = await createSession({ db: t.db, userId: member.id });

    expect(
      await failure(
        caller.twoFactor.disable({ password: 'wrong-password', code: await codeAt(secret) }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: TWO_FACTOR_MSG.passwordIncorrect });
    expect(
      await failure(caller.twoFactor.disable({ password: member.password, code: '000000' })),
    ).toEqual({ code: 'BAD_REQUEST', message: TWO_FACTOR_MSG.codeInvalid });
    expect(
      (await failure(caller.twoFactor.disable({ password: member.password } as never))).code,
    ).toBe('BAD_REQUEST');
    expect((await caller.twoFactor.status()).enabled).toBe(true);

    await caller.twoFactor.disable({ password: member.password, code: await codeAt(secret) });
    expect(await caller.twoFactor.status()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, member.id))).toEqual([]);
    expect(
      await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id)),
    ).toEqual([]);
    expect((await t.db.select().from(sessions).where(eq(sessions.id, other))).length).toBe(0);
    expect((await caller.auth.me())?.id).toBe(member.id);
    // The password alone signs in again.
    expect((await passwordStep(member)).answer).toMatchObject({ id: member.id });
    expect(
      (await failure(caller.twoFactor.disable({ password: member.password, code: '123456' })))
        .message,
    ).toBe(TWO_FACTOR_MSG.notEnabled);
  });

  it('turns it off with a recovery code instead of the app', async () => {
    holdClock();
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    const { recoveryCodes: codes } = await turnOn(caller);
    await caller.twoFactor.disable({ password: member.password, code: codes[0]! });
    expect((await caller.twoFactor.status()).enabled).toBe(false);
  });

  it('gives ten new recovery codes for a code, and the old ones stop working', async () => {
    holdClock();
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    const { secret, recoveryCodes: old } = await turnOn(caller);
    expect((await failure(caller.twoFactor.regenerateRecoveryCodes({ code: '000000' }))).code).toBe(
      'BAD_REQUEST',
    );
    const { recoveryCodes: fresh } = await caller.twoFactor.regenerateRecoveryCodes({
      code: await codeAt(secret),
    });
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => old.includes(c))).toEqual([]);
    const browser = await passwordStep(member);
    expect((await failure(browser.caller.auth.loginTwoFactor({ code: old[0]! }))).message).toBe(
      TWO_FACTOR_MSG.codeInvalid,
    );
    expect((await browser.caller.auth.loginTwoFactor({ code: fresh[0]! })).id).toBe(member.id);
  });
});

describe("the platform setting 'Require two-factor sign-in for moderators and admins'", () => {
  afterEach(() => requireStaffTwoFactor(false));

  it('is off by default, and then changes nothing', async () => {
    expect((await getPlatformSettings({ db: t.db })).requireStaffTwoFactor).toBe(false);
    const admin = await createUser(t.db, { role: 'admin' });
    const { caller } = callerFor(t, admin);
    expect(await caller.auth.me()).not.toHaveProperty('twoFactorSetupRequired');
    await caller.adminUsers.list();
  });

  it('leads staff without it to set it up before anything else; members are not asked', async () => {
    holdClock();
    await requireStaffTwoFactor(true);
    const admin = await createUser(t.db, { role: 'admin' });
    const moderator = await createUser(t.db, { role: 'moderator' });
    const member = await createUser(t.db);
    for (const staff of [admin, moderator]) {
      const { caller } = callerFor(t, staff);
      expect(await caller.auth.me()).toMatchObject({ id: staff.id, twoFactorSetupRequired: true });
      expect(await refusal(caller.contests.adminList({ tab: 'all' }))).toEqual({
        code: 'FORBIDDEN',
        message: TWO_FACTOR_MSG.setupRequired,
        reason: TWO_FACTOR_SETUP_REQUIRED,
      });
      expect(await caller.twoFactor.status()).toMatchObject({
        enabled: false,
        requiredForRole: true,
      });
    }
    const memberCaller = callerFor(t, member).caller;
    expect(await memberCaller.auth.me()).not.toHaveProperty('twoFactorSetupRequired');
    expect((await memberCaller.twoFactor.status()).requiredForRole).toBe(false);
    await memberCaller.contests.list({ tab: 'all' });

    // Set up: the gate opens.
    const { caller } = callerFor(t, admin);
    await turnOn(caller);
    expect(await caller.auth.me()).not.toHaveProperty('twoFactorSetupRequired');
    await caller.adminUsers.list();
  });

  it('refuses every procedure but the open ones and the setup ones, and changes nothing', async () => {
    await requireStaffTwoFactor(true);
    const moderator = await createUser(t.db, { role: 'moderator' });
    const { caller, signedIn } = callerFor(t, moderator);
    await signedIn;
    expect([...openDuringTwoFactorSetup].sort()).toEqual([
      'account.changePassword',
      'twoFactor.beginSetup',
      'twoFactor.enable',
      'twoFactor.status',
    ]);
    const procedures = Object.keys(appRouter._def.procedures).filter(
      (p) => accessPolicy[p] !== 'anonymous' && !openDuringTwoFactorSetup.includes(p),
    );
    expect(procedures.length).toBeGreaterThan(40);
    for (const path of procedures) {
      let target: unknown = caller;
      for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
      const answer = await refusal((target as (input?: unknown) => Promise<unknown>)(undefined));
      // A moderator's admin-only call is refused for the role (403) before anything else, too.
      expect(answer.code, path).toBe('FORBIDDEN');
      if (accessPolicy[path] !== 'admin')
        expect(answer.reason, path).toBe(TWO_FACTOR_SETUP_REQUIRED);
    }
  });

  it('lets a temporary password come first', async () => {
    await requireStaffTwoFactor(true);
    const admin = await createUser(t.db, { role: 'admin' });
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, admin.id));
    const { caller } = callerFor(t, admin);
    expect((await refusal(caller.twoFactor.beginSetup())).reason).toBe('password_change_required');
    await caller.account.changePassword({
      currentPassword: admin.password,
      newPassword: 'sparrow-lantern-58',
    });
    expect((await caller.twoFactor.beginSetup()).secret).toMatch(/^[A-Z2-7]+$/);
  });
});

describe('twoFactor.reset', () => {
  it("an admin turns a member's two-factor sign-in off, ends their sessions, and it is audited", async () => {
    holdClock();
    const admin = await createUser(t.db, { role: 'admin' });
    const member = await createUser(t.db);
    await turnOn(callerFor(t, member).caller);
    await createSession({ db: t.db, userId: member.id });
    const listed = await callerFor(t, admin).caller.adminUsers.list({ search: member.username });
    expect(listed.users[0]).toMatchObject({ id: member.id, twoFactorEnabled: true });

    // Others may not.
    for (const who of [member, await createUser(t.db, { role: 'moderator' })]) {
      expect(
        (await failure(callerFor(t, who).caller.twoFactor.reset({ id: member.id }))).code,
      ).toBe('FORBIDDEN');
    }
    expect((await callerFor(t, member).caller.twoFactor.status()).enabled).toBe(true);

    const held = await sessionCount(member.id);
    expect(held).toBeGreaterThan(1);
    await callerFor(t, admin).caller.twoFactor.reset({ id: member.id });
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, member.id))).toEqual([]);
    expect(await sessionCount(member.id)).toBe(0);
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'user.2fa.reset',
      targetType: 'user',
      targetId: String(member.id),
    });
    expect(JSON.parse(entry!.after!)).toMatchObject({
      twoFactor: false,
      sessionsEnded: held,
    });
    expect((await passwordStep(member)).answer).toMatchObject({ id: member.id });
    const again = await callerFor(t, admin).caller.adminUsers.list({ search: member.username });
    expect(again.users[0]!.twoFactorEnabled).toBe(false);

    expect(await failure(callerFor(t, admin).caller.twoFactor.reset({ id: member.id }))).toEqual({
      code: 'CONFLICT',
      message: `${member.username} does not use two-factor sign-in`,
    });
    expect((await failure(callerFor(t, admin).caller.twoFactor.reset({ id: 999_999 }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('ends a sign-in waiting for its code', async () => {
    holdClock();
    const admin = await createUser(t.db, { role: 'admin' });
    const member = await createUser(t.db);
    const { secret } = await turnOn(callerFor(t, member).caller);
    const browser = await passwordStep(member);
    await callerFor(t, admin).caller.twoFactor.reset({ id: member.id });
    expect(
      (await failure(browser.caller.auth.loginTwoFactor({ code: await codeAt(secret) }))).message,
    ).toBe(TWO_FACTOR_MSG.signInExpired);
  });
});

describe('codes near the step boundary', () => {
  it('accepts the previous and next step only', async () => {
    holdClock();
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    const { secret } = await caller.twoFactor.beginSetup();
    expect(
      (await failure(caller.twoFactor.enable({ code: await codeAt(secret, 2) }))).message,
    ).toBe(TWO_FACTOR_MSG.codeInvalid);
    expect(
      (await failure(caller.twoFactor.enable({ code: await codeAt(secret, -2) }))).message,
    ).toBe(TWO_FACTOR_MSG.codeInvalid);
    moveClock(STEP * 1000);
    await caller.twoFactor.enable({ code: await codeAt(secret, 1) });
    expect((await caller.twoFactor.status()).enabled).toBe(true);
  });
});
