// Admin user management (SPEC 2.15, 4, 5; PRODUCT.md 'Tiers, roles, access', 'Beyond that').
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payoutMethods, uploads, users } from '../../src/server/platform/db/schema';
import { updateUser, deleteUser } from '../../src/server/domain/accounts/adminUsers';
import { AppError } from '../../src/server/platform/errors';
import { lastAuditRow, snapshot, userCount } from '../helpers/accounts';
import {
  callerFor,
  createTestDb,
  createUser,
  reopen,
  type CreatedUser,
  type TestDb,
} from '../helpers/db';
import { failure, refusal } from '../helpers/errors';
import { MSG } from '../../src/shared/messages';
import { PASSWORD_CHANGE_REQUIRED } from '../../src/shared/schemas/auth';

const t = await createTestDb();
let admin: CreatedUser;
beforeAll(async () => {
  admin = await createUser(t.db, { role: 'admin', username: 'root_admin' });
});
afterAll(() => t.close());
const asAdmin = () => callerFor(t, admin).caller;
const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const parsedAudit = async () => {
  const r = (await lastAuditRow(t.db))!;
  return {
    ...r,
    before: r.before === null ? null : (JSON.parse(r.before) as unknown),
    after: r.after === null ? null : (JSON.parse(r.after) as unknown),
  };
};

describe('adminUsers.list', () => {
  // Its own database, so the counts are exact.
  let l: TestDb;
  let listAdmin: CreatedUser;
  beforeAll(async () => {
    l = await createTestDb();
    listAdmin = await createUser(l.db, { role: 'admin', username: 'list_admin' });
    await createUser(l.db, { username: 'Alice', email: 'alice@example.com' });
    await createUser(l.db, { username: 'bob', email: 'BOB.smith@Example.org' });
    await createUser(l.db, { username: 'carol', email: 'carol@alice-family.net' });
    await createUser(l.db, { username: 'dan_100', email: 'dan@example.com' });
    await createUser(l.db, { username: 'dan1000', email: 'dan2@example.com' });
  });
  afterAll(() => l.close());
  const list = (
    input?: Parameters<ReturnType<typeof callerFor>['caller']['adminUsers']['list']>[0],
  ) => callerFor(l, listAdmin).caller.adminUsers.list(input);

  it('pages through every user in id order with the total', async () => {
    const all = await list();
    expect(all).toMatchObject({ total: 6, page: 1, pageSize: 25 });
    expect(all.users.map((u) => u.username)).toEqual([
      'list_admin',
      'Alice',
      'bob',
      'carol',
      'dan_100',
      'dan1000',
    ]);
    const page2 = await list({ page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect(page2.users.map((u) => u.username)).toEqual(['bob', 'carol']);
    const beyond = await list({ page: 9, pageSize: 2 });
    expect(beyond.users).toEqual([]);
    expect(beyond.total).toBe(6);
  });

  it('never returns a password or session version', async () => {
    const { users: rows } = await list();
    for (const u of rows) {
      expect(u).not.toHaveProperty('password');
      expect(u).not.toHaveProperty('sessionVersion');
    }
    // The one field that names a password is the temporary-password flag, a boolean.
    expect(rows.every((u) => typeof u.mustChangePassword === 'boolean')).toBe(true);
    expect(JSON.stringify(rows).replaceAll('"mustChangePassword"', '')).not.toMatch(
      /scrypt|\$argon|password/i,
    );
  });

  it('searches username or e-mail without regard to case', async () => {
    const alice = await list({ search: 'ALICE' });
    expect(alice.users.map((u) => u.username).sort()).toEqual(['Alice', 'carol']);
    expect(alice.total).toBe(2);
    expect((await list({ search: 'smith@EXAMPLE' })).users.map((u) => u.username)).toEqual(['bob']);
    expect((await list({ search: '  bob  ' })).users.map((u) => u.username)).toEqual(['bob']);
    expect((await list({ search: 'nobody-like-this' })).users).toEqual([]);
  });

  it('treats % and _ in the search literally', async () => {
    expect((await list({ search: '%' })).total).toBe(0);
    expect((await list({ search: 'dan_' })).users.map((u) => u.username)).toEqual(['dan_100']);
    expect((await list({ search: 'a_i' })).total).toBe(0);
    expect((await list({ search: '\\' })).total).toBe(0);
  });

  it('refuses a tier outside the four at the database itself (CHECK constraint)', async () => {
    const legacy = await createUser(t.db, { username: 'legacy_premium' });
    // Legacy 'premium' rows are mapped to elite by migration 0001 (tests/server/migrations).
    const refused = await t.db
      .update(users)
      .set({ subscriptionTier: 'premium' as 'elite' })
      .where(eq(users.id, legacy.id))
      .then(
        () => null,
        (error: Error) => `${error.message} ${String(error.cause ?? '')}`,
      );
    // SQLite's words, or PostgreSQL's (behind drizzle's 'Failed query').
    expect(refused).toMatch(/CHECK constraint failed|violates check constraint/);
  });

  it('validates paging', async () => {
    expect((await failure(list({ page: 0, pageSize: 10 }))).code).toBe('BAD_REQUEST');
    expect((await failure(list({ page: 1, pageSize: 0 }))).code).toBe('BAD_REQUEST');
  });
});

describe('adminUsers.create', () => {
  it('creates a member with the platform’s default tier and audits it', async () => {
    const auditsBefore = (await t.db.select().from(auditLog)).length;
    const user = await asAdmin().adminUsers.create({
      username: 'created_one',
      email: 'Created.One@Example.com',
      password: 'longenough',
    });
    expect(user).toMatchObject({
      username: 'created_one',
      email: 'created.one@example.com',
      role: 'user',
      subscriptionTier: 'free',
    });
    expect(user).not.toHaveProperty('password');
    // The member can sign in with the password the admin chose.
    await expect(
      callerFor(t).caller.auth.login({ username: 'created_one', password: 'longenough' }),
    ).resolves.toMatchObject({ id: user.id });
    expect((await t.db.select().from(auditLog)).length).toBe(auditsBefore + 1);
    const audit = await parsedAudit();
    expect(audit).toMatchObject({
      actorId: admin.id,
      actorName: admin.username,
      action: 'user.create',
      targetType: 'user',
      targetId: String(user.id),
      after: { username: 'created_one', role: 'user', subscriptionTier: 'free' },
    });
    expect(JSON.stringify(audit)).not.toContain('longenough');
  });

  it('takes the default tier from the platform setting, or the one given', async () => {
    await asAdmin().adminSettings.update({ defaultUserTier: 'standard' });
    try {
      const withDefault = await asAdmin().adminUsers.create({
        username: 'default_tier',
        email: 'default_tier@example.com',
        password: 'longenough',
      });
      expect(withDefault.subscriptionTier).toBe('standard');
      const chosen = await asAdmin().adminUsers.create({
        username: 'chosen_tier',
        email: 'chosen_tier@example.com',
        password: 'longenough',
        role: 'moderator',
        subscriptionTier: 'elite',
      });
      expect(chosen).toMatchObject({ role: 'moderator', subscriptionTier: 'elite' });
    } finally {
      await asAdmin().adminSettings.update({ defaultUserTier: 'free' });
    }
  });

  it('gives an admin no tier, whatever was sent', async () => {
    const created = await asAdmin().adminUsers.create({
      username: 'second_admin',
      email: 'second_admin@example.com',
      password: 'longenough',
      role: 'admin',
      subscriptionTier: 'pro',
    });
    expect(created).toMatchObject({ role: 'admin', subscriptionTier: null });
    expect((await row(created.id))?.subscriptionTier).toBeNull();
  });

  it('validates with the messages of SPEC 5 and changes nothing', async () => {
    const before = await snapshot(t.db);
    const base = { username: 'valid_name', email: 'valid@example.com', password: 'longenough' };
    expect(await failure(asAdmin().adminUsers.create({ ...base, password: 'short12' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Password must be at least 8 characters',
    });
    expect((await failure(asAdmin().adminUsers.create({ ...base, username: 'ab' }))).message).toBe(
      'Username must be at least 3 characters',
    );
    expect((await failure(asAdmin().adminUsers.create({ ...base, email: 'nope' }))).message).toBe(
      'Please enter a valid email address',
    );
    // 'banned' is not a role one creates an account with.
    expect(
      (await failure(asAdmin().adminUsers.create({ ...base, role: 'banned' as 'user' }))).code,
    ).toBe('BAD_REQUEST');
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('two simultaneous creations of one name: one succeeds, the other gets CONFLICT', async () => {
    const count = await userCount(t.db);
    const make = (email: string) =>
      asAdmin().adminUsers.create({ username: 'racing_name', email, password: 'longenough' });
    const results = await Promise.allSettled([
      make('race1@example.com'),
      make('race2@example.com'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(await failure(Promise.reject(rejected?.reason))).toEqual({
      code: 'CONFLICT',
      message: 'Username already exists',
    });
    expect(await userCount(t.db)).toBe(count + 1);
  });

  it('refuses a duplicate username or e-mail (any case) with CONFLICT', async () => {
    const existing = await createUser(t.db);
    const before = await snapshot(t.db);
    expect(
      await failure(
        asAdmin().adminUsers.create({
          username: existing.username.toUpperCase(),
          email: 'fresh@example.com',
          password: 'longenough',
        }),
      ),
    ).toEqual({ code: 'CONFLICT', message: 'Username already exists' });
    expect(
      await failure(
        asAdmin().adminUsers.create({
          username: 'fresh_name',
          email: existing.email.toUpperCase(),
          password: 'longenough',
        }),
      ),
    ).toEqual({ code: 'CONFLICT', message: 'Email already in use' });
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('adminUsers.update', () => {
  it('SPEC 4: role admin means no tier; back to user gets a tier again; audited', async () => {
    const member = await createUser(t.db, { tier: 'pro' });
    const promoted = await asAdmin().adminUsers.update({
      id: member.id,
      role: 'admin',
      subscriptionTier: null,
    });
    expect(promoted).toMatchObject({ role: 'admin', subscriptionTier: null });
    expect(await parsedAudit()).toMatchObject({
      action: 'user.role',
      actorName: admin.username,
      targetId: String(member.id),
      before: { role: 'user', subscriptionTier: 'pro' },
      after: { role: 'admin', subscriptionTier: null },
    });
    // Back to a member without a tier sent: the platform's default tier.
    const demoted = await asAdmin().adminUsers.update({ id: member.id, role: 'user' });
    expect(demoted).toMatchObject({ role: 'user', subscriptionTier: 'free' });
    expect(await parsedAudit()).toMatchObject({
      before: { role: 'admin', subscriptionTier: null },
      after: { role: 'user', subscriptionTier: 'free' },
    });
    const withTier = await asAdmin().adminUsers.update({
      id: member.id,
      role: 'moderator',
      subscriptionTier: 'elite',
    });
    expect(withTier).toMatchObject({ role: 'moderator', subscriptionTier: 'elite' });
    // Even when a tier is sent along, an admin keeps none.
    const again = await asAdmin().adminUsers.update({
      id: member.id,
      role: 'admin',
      subscriptionTier: 'pro',
    });
    expect(again).toMatchObject({ role: 'admin', subscriptionTier: null });
    expect((await row(member.id))?.subscriptionTier).toBeNull();
  });

  it('changes the tier alone, audited as a tier change', async () => {
    const member = await createUser(t.db, { tier: 'free' });
    const updated = await asAdmin().adminUsers.update({ id: member.id, subscriptionTier: 'pro' });
    expect(updated).toMatchObject({ role: 'user', subscriptionTier: 'pro' });
    expect((await row(member.id))?.subscriptionTier).toBe('pro');
    expect(await parsedAudit()).toMatchObject({
      action: 'user.tier',
      before: { role: 'user', subscriptionTier: 'free' },
      after: { role: 'user', subscriptionTier: 'pro' },
    });
  });

  it('changes nothing and writes no audit row when nothing changes', async () => {
    const member = await createUser(t.db, { tier: 'standard' });
    const before = await snapshot(t.db);
    await expect(
      asAdmin().adminUsers.update({ id: member.id, role: 'user', subscriptionTier: 'standard' }),
    ).resolves.toMatchObject({ subscriptionTier: 'standard' });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('a demotion ends the member’s sessions; a promotion or a tier change does not', async () => {
    const member = await createUser(t.db);
    const { session, signedIn } = callerFor(t, member);
    await signedIn;
    await asAdmin().adminUsers.update({ id: member.id, subscriptionTier: 'elite' });
    expect(await reopen(t, session).auth.me()).toMatchObject({ subscriptionTier: 'elite' });
    // The role is read from the row on every request: the promoted session carries on.
    await asAdmin().adminUsers.update({ id: member.id, role: 'moderator' });
    expect(await reopen(t, session).auth.me()).toMatchObject({ role: 'moderator' });
    await asAdmin().adminUsers.update({ id: member.id, role: 'user' });
    expect(await reopen(t, session).auth.me()).toBeNull();
    // Signing in again gives a working session with the new role.
    const again = callerFor(t);
    await again.caller.auth.login({ username: member.username, password: member.password });
    expect(await reopen(t, again.session).auth.me()).toMatchObject({ role: 'user' });
  });

  it('banning ends the session at once and sign-in answers 403', async () => {
    const member = await createUser(t.db);
    const { session, signedIn } = callerFor(t, member);
    await signedIn;
    const banned = await asAdmin().adminUsers.update({ id: member.id, role: 'banned' });
    expect(banned.role).toBe('banned');
    expect(await reopen(t, session).auth.me()).toBeNull();
    expect((await failure(reopen(t, session).account.getPayment())).code).toBe('UNAUTHORIZED');
    expect(
      await failure(
        callerFor(t).caller.auth.login({ username: member.username, password: member.password }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: 'Your account has been suspended' });
    expect(await parsedAudit()).toMatchObject({
      action: 'user.ban',
      before: { role: 'user' },
      after: { role: 'banned' },
    });
    // Lifting the ban lets them sign in again.
    await asAdmin().adminUsers.update({ id: member.id, role: 'user' });
    await expect(
      callerFor(t).caller.auth.login({ username: member.username, password: member.password }),
    ).resolves.toMatchObject({ role: 'user' });
  });

  it('refuses an admin changing their own role, and changes nothing', async () => {
    const before = await snapshot(t.db);
    for (const role of ['user', 'moderator', 'banned'] as const) {
      expect((await failure(asAdmin().adminUsers.update({ id: admin.id, role }))).code).toBe(
        'FORBIDDEN',
      );
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect(await asAdmin().auth.me()).toMatchObject({ role: 'admin' });
  });

  it('lets one admin demote another while another admin remains', async () => {
    const other = await createUser(t.db, { role: 'admin' });
    await expect(
      asAdmin().adminUsers.update({ id: other.id, role: 'user' }),
    ).resolves.toMatchObject({ role: 'user', subscriptionTier: 'free' });
  });

  it('never removes the last admin (checked in the service for any actor)', async () => {
    const solo = await createTestDb();
    try {
      const only = await createUser(solo.db, { role: 'admin' });
      const before = await snapshot(solo.db);
      const system = { id: 0, username: 'system', role: 'admin' as const };
      let caught: unknown;
      try {
        await updateUser({ db: solo.db, actor: system, input: { id: only.id, role: 'user' } });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect(caught).toMatchObject({ code: 'CONFLICT' });
      await expect(deleteUser({ db: solo.db, actor: system, id: only.id })).rejects.toThrow(
        AppError,
      );
      expect(await snapshot(solo.db)).toEqual(before);
    } finally {
      await solo.close();
    }
  });

  it('answers NOT_FOUND for an unknown user and validates role and tier', async () => {
    expect((await failure(asAdmin().adminUsers.update({ id: 999_999, role: 'user' }))).code).toBe(
      'NOT_FOUND',
    );
    const member = await createUser(t.db);
    expect(
      (await failure(asAdmin().adminUsers.update({ id: member.id, role: 'owner' as 'user' })))
        .message,
    ).toBe('Role must be one of user, moderator, admin, banned');
    expect(
      (
        await failure(
          asAdmin().adminUsers.update({ id: member.id, subscriptionTier: 'premium' as 'elite' }),
        )
      ).message,
    ).toBe('Subscription must be one of free, standard, pro, elite');
  });
});

describe('adminUsers.setPassword', () => {
  it('sets a temporary password: the member’s sessions end, the new password works; audited', async () => {
    const member = await createUser(t.db);
    const { session, signedIn } = callerFor(t, member);
    await signedIn;
    await expect(
      asAdmin().adminUsers.setPassword({ id: member.id, password: 'temporary-123' }),
    ).resolves.toEqual({ success: true });
    expect(await reopen(t, session).auth.me()).toBeNull();
    await expect(
      callerFor(t).caller.auth.login({ username: member.username, password: 'temporary-123' }),
    ).resolves.toMatchObject({ id: member.id });
    expect(
      (
        await failure(
          callerFor(t).caller.auth.login({ username: member.username, password: member.password }),
        )
      ).code,
    ).toBe('UNAUTHORIZED');
    const audit = (await lastAuditRow(t.db))!;
    expect(audit).toMatchObject({
      action: 'user.password',
      actorName: admin.username,
      targetId: String(member.id),
    });
    expect(JSON.stringify(audit)).not.toContain('temporary-123');
  });

  it('restricts the next session to choosing a new password, on the server, until it is chosen', async () => {
    const member = await createUser(t.db);
    await asAdmin().adminUsers.setPassword({ id: member.id, password: 'temporary-123' });
    expect((await row(member.id))!.mustChangePassword).toBe(true);
    // Sign-in answers as usual, and says the password must change.
    const { caller: browser, cookie } = callerFor(t);
    const signedIn = await browser.auth.login({
      username: member.username,
      password: 'temporary-123',
    });
    expect(signedIn).toMatchObject({ id: member.id, mustChangePassword: true });
    const session = () => reopen(t, cookie);
    expect(await session().auth.me()).toMatchObject({ id: member.id, mustChangePassword: true });
    // Everything else is refused with the reason, whatever its access level; nothing changes.
    const before = await snapshot(t.db);
    // One call at a time: each refusal is awaited as it happens.
    for (const call of [
      () => session().contests.list({ tab: 'all' }),
      () => session().account.updateProfile({ fullName: 'Not yet' }),
      () => session().account.listSessions(),
      () => session().payments.myProofs({}),
      () => session().account.endOtherSessions(),
    ]) {
      expect(await refusal(call())).toEqual({
        code: 'FORBIDDEN',
        message: MSG.passwordChangeRequired,
        reason: PASSWORD_CHANGE_REQUIRED,
      });
    }
    expect(await snapshot(t.db)).toEqual(before);
    // The temporary password is the current one; the new one must differ from it.
    expect(
      await failure(
        session().account.changePassword({
          currentPassword: 'temporary-123',
          newPassword: 'temporary-123',
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: MSG.passwordUnchanged });
    await expect(
      session().account.changePassword({
        currentPassword: 'temporary-123',
        newPassword: 'my-own-choice-77',
      }),
    ).resolves.toEqual({ success: true });
    // The same session now has full access; the flag is gone from the row.
    expect((await row(member.id))!.mustChangePassword).toBe(false);
    expect(await session().auth.me()).toMatchObject({ mustChangePassword: false });
    await expect(session().contests.list({ tab: 'all' })).resolves.toBeDefined();
    await expect(session().account.listSessions()).resolves.toHaveLength(1);
    // A later sign-in with the new password is a normal one.
    await expect(
      callerFor(t).caller.auth.login({ username: member.username, password: 'my-own-choice-77' }),
    ).resolves.toMatchObject({ mustChangePassword: false });
  });

  it('restricts an admin given a temporary password from admin procedures too', async () => {
    const other = await createUser(t.db, { role: 'admin' });
    await asAdmin().adminUsers.setPassword({ id: other.id, password: 'temporary-456' });
    const { caller, cookie } = callerFor(t);
    await caller.auth.login({ username: other.username, password: 'temporary-456' });
    expect(await refusal(reopen(t, cookie).adminUsers.list({}))).toMatchObject({
      code: 'FORBIDDEN',
      reason: PASSWORD_CHANGE_REQUIRED,
    });
    await reopen(t, cookie).account.changePassword({
      currentPassword: 'temporary-456',
      newPassword: 'admin-own-choice-88',
    });
    await expect(reopen(t, cookie).adminUsers.list({})).resolves.toMatchObject({
      total: expect.any(Number),
    });
  });

  it('validates (min 8) and answers NOT_FOUND for an unknown user, changing nothing', async () => {
    const member = await createUser(t.db);
    const before = await snapshot(t.db);
    expect(
      await failure(asAdmin().adminUsers.setPassword({ id: member.id, password: 'short' })),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Password must be at least 8 characters' });
    expect(
      (await failure(asAdmin().adminUsers.setPassword({ id: 999_999, password: 'longenough' })))
        .code,
    ).toBe('NOT_FOUND');
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('adminUsers.delete', () => {
  it('deletes the user and their payout method together; audited with the username', async () => {
    const member = await createUser(t.db);
    const { caller, session } = callerFor(t, member);
    await caller.account.updatePayment({
      paymentMethod: 'paypal',
      paypalEmail: 'payout@example.com',
      userId: member.id,
    });
    expect(
      await t.db.select().from(payoutMethods).where(eq(payoutMethods.userId, member.id)),
    ).toHaveLength(1);
    const count = await userCount(t.db);

    await expect(asAdmin().adminUsers.delete({ id: member.id })).resolves.toEqual({
      success: true,
      id: member.id,
    });
    expect(await userCount(t.db)).toBe(count - 1);
    expect(await row(member.id)).toBeUndefined();
    expect(
      await t.db.select().from(payoutMethods).where(eq(payoutMethods.userId, member.id)),
    ).toHaveLength(0);
    expect(await parsedAudit()).toMatchObject({
      action: 'user.delete',
      actorName: admin.username,
      targetType: 'user',
      targetId: String(member.id),
      before: { username: member.username, email: member.email, role: 'user' },
    });
    // Their session is gone with them.
    expect(await reopen(t, session).auth.me()).toBeNull();
    // The name is free again.
    await expect(
      asAdmin().adminUsers.create({
        username: member.username,
        email: member.email,
        password: 'longenough',
      }),
    ).resolves.toMatchObject({ username: member.username });
  });

  it('keeps the member’s uploads on record without an owner', async () => {
    const member = await createUser(t.db);
    await t.db.insert(uploads).values({
      fileName: 'ffffffffffffffffffffffffffffffff.png',
      ownerId: member.id,
      purpose: 'proof',
      mime: 'image/png',
      size: 1,
    });
    await asAdmin().adminUsers.delete({ id: member.id });
    expect(
      (
        await t.db
          .select({ ownerId: uploads.ownerId })
          .from(uploads)
          .where(eq(uploads.fileName, 'ffffffffffffffffffffffffffffffff.png'))
      )[0],
    ).toEqual({ ownerId: null });
  });

  it('an old session of a deleted member never becomes the account created next', async () => {
    const member = await createUser(t.db);
    const { session, signedIn } = callerFor(t, member);
    await signedIn;
    await asAdmin().adminUsers.delete({ id: member.id });
    const next = await asAdmin().adminUsers.create({
      username: 'after_deleted',
      email: 'after_deleted@example.com',
      password: 'longenough',
    });
    expect(next.id).not.toBe(member.id);
    expect(await reopen(t, session).auth.me()).toBeNull();
  });

  it('keeps the audit trail of a deleted admin (actor name stays)', async () => {
    const other = await createUser(t.db, { role: 'admin' });
    const target = await createUser(t.db);
    await callerFor(t, other).caller.adminUsers.update({ id: target.id, subscriptionTier: 'pro' });
    const auditId = (await lastAuditRow(t.db))!.id;
    await asAdmin().adminUsers.delete({ id: other.id });
    const [kept] = await t.db.select().from(auditLog).where(eq(auditLog.id, auditId));
    expect(kept).toMatchObject({ actorId: null, actorName: other.username, action: 'user.tier' });
  });

  it('refuses deleting oneself (403) and changes nothing', async () => {
    const before = await snapshot(t.db);
    expect(await failure(asAdmin().adminUsers.delete({ id: admin.id }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('answers NOT_FOUND for an unknown id and changes nothing', async () => {
    const before = await snapshot(t.db);
    expect((await failure(asAdmin().adminUsers.delete({ id: 999_999 }))).code).toBe('NOT_FOUND');
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('admin user management: authorisation per role', () => {
  type Principal = 'anonymous' | 'user' | 'moderator' | 'banned';
  const expected: Record<Principal, string> = {
    anonymous: 'UNAUTHORIZED',
    user: 'FORBIDDEN',
    moderator: 'FORBIDDEN',
    // A banned member's session is not a session.
    banned: 'UNAUTHORIZED',
  };
  let victim: CreatedUser;
  beforeAll(async () => {
    victim = await createUser(t.db, { tier: 'free' });
  });

  async function principal(p: Principal) {
    if (p === 'anonymous') return callerFor(t).caller;
    // A banned member still holding the cookie of a session from before the ban.
    const u = await createUser(t.db, { role: p });
    return callerFor(t, u).caller;
  }

  const calls = {
    list: (c: Awaited<ReturnType<typeof principal>>) => c.adminUsers.list(),
    create: (c: Awaited<ReturnType<typeof principal>>) =>
      c.adminUsers.create({
        username: 'sneaky_new',
        email: 'sneaky@example.com',
        password: 'longenough',
        role: 'admin',
      }),
    update: (c: Awaited<ReturnType<typeof principal>>) =>
      c.adminUsers.update({ id: victim.id, role: 'admin' }),
    ban: (c: Awaited<ReturnType<typeof principal>>) =>
      c.adminUsers.update({ id: victim.id, role: 'banned' }),
    banWithReason: (c: Awaited<ReturnType<typeof principal>>) =>
      c.adminUsers.ban({ id: victim.id, reason: 'Hostile takeover' }),
    unban: (c: Awaited<ReturnType<typeof principal>>) => c.adminUsers.unban({ id: victim.id }),
    setPassword: (c: Awaited<ReturnType<typeof principal>>) =>
      c.adminUsers.setPassword({ id: victim.id, password: 'hijacked-1' }),
    delete: (c: Awaited<ReturnType<typeof principal>>) => c.adminUsers.delete({ id: victim.id }),
    promoteSelf: (c: Awaited<ReturnType<typeof principal>>) =>
      c.auth.me().then((me) => c.adminUsers.update({ id: me?.id ?? victim.id, role: 'admin' })),
  };

  for (const p of Object.keys(expected) as Principal[]) {
    for (const [name, call] of Object.entries(calls)) {
      it(`${p}: adminUsers ${name} is refused (${expected[p]}) and nothing changes`, async () => {
        const caller = await principal(p);
        const before = await snapshot(t.db);
        const count = await userCount(t.db);
        expect((await failure(call(caller))).code).toBe(expected[p]);
        expect(await userCount(t.db)).toBe(count);
        expect(await snapshot(t.db)).toEqual(before);
        expect(await row(victim.id)).toMatchObject({ role: 'user', subscriptionTier: 'free' });
      });
    }
  }

  it('admin: the same calls are allowed', async () => {
    await expect(asAdmin().adminUsers.list()).resolves.toMatchObject({ page: 1 });
  });
});
