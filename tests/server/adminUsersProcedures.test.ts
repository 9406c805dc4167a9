import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payoutMethods, users } from '../../src/server/db/schema';
import { callerFor, createTestDb, createUser, type CreatedUser, reopen } from '../helpers/db';
import { failure } from '../helpers/errors';

const t = await createTestDb();
let admin: CreatedUser;
afterAll(() => t.close());
beforeAll(async () => {
  admin = await createUser(t.db, { role: 'admin', username: 'chief' });
});

const asAdmin = () => callerFor(t, admin).caller;
const lastAudit = () => t.db.select().from(auditLog).orderBy(auditLog.id).all().at(-1);
const userRow = (id: number) => t.db.select().from(users).where(eq(users.id, id)).get();

describe('adminUsers.list', () => {
  it('pages, counts and searches username or e-mail without case, literally', async () => {
    await createUser(t.db, { username: 'Searchable_One', email: 'one@search.example' });
    await createUser(t.db, { username: 'other_two', email: 'TWO@SEARCH.example' });
    await createUser(t.db, { username: 'percent_three', email: 'three@elsewhere.example' });
    const all = await asAdmin().adminUsers.list({ page: 1, pageSize: 2 });
    expect(all.users).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(4);
    const found = await asAdmin().adminUsers.list({ search: 'SEARCH', page: 1, pageSize: 25 });
    expect(found.users.map((u) => u.username).sort()).toEqual(['Searchable_One', 'other_two']);
    expect(found.total).toBe(2);
    expect((await asAdmin().adminUsers.list({ search: '%', page: 1, pageSize: 25 })).total).toBe(0);
    expect(
      (await asAdmin().adminUsers.list({ search: 'other%two', page: 1, pageSize: 25 })).total,
    ).toBe(0);
    expect(found.users[0]).not.toHaveProperty('password');
  });
});

describe('adminUsers.create', () => {
  it('creates a member with the default tier and writes an audit row', async () => {
    const user = await asAdmin().adminUsers.create({
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'longenough',
    });
    expect(user).toMatchObject({ role: 'user', subscriptionTier: 'free' });
    expect(lastAudit()).toMatchObject({
      action: 'user.create',
      actorId: admin.id,
      targetId: String(user.id),
    });
    await expect(
      callerFor(t, undefined, '10.2.0.1').caller.auth.login({
        username: 'newbie',
        password: 'longenough',
      }),
    ).resolves.toBeTruthy();
  });

  it('gives an admin no tier', async () => {
    const user = await asAdmin().adminUsers.create({
      username: 'second_admin',
      email: 'second@example.com',
      password: 'longenough',
      role: 'admin',
      subscriptionTier: 'pro',
    });
    expect(user).toMatchObject({ role: 'admin', subscriptionTier: null });
  });

  it('validates (password min 8) and refuses duplicates', async () => {
    expect(
      await failure(
        asAdmin().adminUsers.create({
          username: 'shorty',
          email: 'shorty@example.com',
          password: 'short',
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Password must be at least 8 characters' });
    expect(
      (
        await failure(
          asAdmin().adminUsers.create({
            username: 'NEWBIE',
            email: 'x@example.com',
            password: 'longenough',
          }),
        )
      ).code,
    ).toBe('CONFLICT');
    expect(
      (
        await failure(
          asAdmin().adminUsers.create({
            username: 'x',
            email: 'y@example.com',
            password: 'longenough',
            role: 'banned' as 'user',
          }),
        )
      ).code,
    ).toBe('BAD_REQUEST');
  });
});

describe('adminUsers.update', () => {
  it('follows SPEC 4: admin means no tier; other roles get one back', async () => {
    const member = await createUser(t.db, { tier: 'pro' });
    expect(await asAdmin().adminUsers.update({ id: member.id, role: 'admin' })).toMatchObject({
      role: 'admin',
      subscriptionTier: null,
    });
    expect(await asAdmin().adminUsers.update({ id: member.id, role: 'user' })).toMatchObject({
      role: 'user',
      subscriptionTier: 'free',
    });
    expect(
      await asAdmin().adminUsers.update({ id: member.id, subscriptionTier: 'elite' }),
    ).toMatchObject({
      subscriptionTier: 'elite',
    });
    expect(lastAudit()).toMatchObject({
      action: 'user.tier',
      before: JSON.stringify({ role: 'user', subscriptionTier: 'free' }),
      after: JSON.stringify({ role: 'user', subscriptionTier: 'elite' }),
    });
  });

  it('ends the member’s sessions on a role change but not on a tier change', async () => {
    const member = await createUser(t.db);
    await asAdmin().adminUsers.update({ id: member.id, subscriptionTier: 'standard' });
    expect(await callerFor(t, member).caller.auth.me()).not.toBeNull();
    const session = callerFor(t, member).session;
    await asAdmin().adminUsers.update({ id: member.id, role: 'moderator' });
    expect(await reopen(t, session).auth.me()).toBeNull();
  });

  it('bans: the session ends and sign-in answers 403', async () => {
    const member = await createUser(t.db);
    const { session } = callerFor(t, member);
    await asAdmin().adminUsers.update({ id: member.id, role: 'banned' });
    expect(await reopen(t, session).auth.me()).toBeNull();
    expect(
      await failure(
        callerFor(t, undefined, '10.2.0.2').caller.auth.login({
          username: member.username,
          password: member.password,
        }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: 'Your account has been suspended' });
    expect(lastAudit()).toMatchObject({ action: 'user.ban' });
  });

  it('refuses changing one’s own role, and an unknown user', async () => {
    expect(await failure(asAdmin().adminUsers.update({ id: admin.id, role: 'user' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'You cannot change your own role',
    });
    expect(userRow(admin.id)?.role).toBe('admin');
    expect((await failure(asAdmin().adminUsers.update({ id: 999_999, role: 'user' }))).code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('adminUsers.setPassword', () => {
  it('sets a temporary password, ends the member’s sessions and is audited', async () => {
    const member = await createUser(t.db);
    const { session } = callerFor(t, member);
    await asAdmin().adminUsers.setPassword({ id: member.id, password: 'temporary-123' });
    expect(await reopen(t, session).auth.me()).toBeNull();
    await expect(
      callerFor(t, undefined, '10.2.0.3').caller.auth.login({
        username: member.username,
        password: 'temporary-123',
      }),
    ).resolves.toBeTruthy();
    expect(lastAudit()).toMatchObject({ action: 'user.password', targetId: String(member.id) });
    expect(lastAudit()?.after).not.toContain('temporary-123');
  });
});

describe('adminUsers.delete', () => {
  it('deletes the member with their payout method in one go, audited with the username', async () => {
    const member = await createUser(t.db);
    await callerFor(t, member).caller.account.updatePayment({
      userId: member.id,
      paymentMethod: 'bank',
    });
    expect(await asAdmin().adminUsers.delete({ id: member.id })).toEqual({
      success: true,
      id: member.id,
    });
    expect(userRow(member.id)).toBeUndefined();
    expect(
      t.db.select().from(payoutMethods).where(eq(payoutMethods.userId, member.id)).all(),
    ).toEqual([]);
    expect(lastAudit()).toMatchObject({ action: 'user.delete', targetId: String(member.id) });
    expect(lastAudit()?.before).toContain(member.username);
    expect((await failure(asAdmin().adminUsers.delete({ id: member.id }))).code).toBe('NOT_FOUND');
  });

  it('refuses deleting oneself and changes nothing', async () => {
    expect(await failure(asAdmin().adminUsers.delete({ id: admin.id }))).toEqual({
      code: 'FORBIDDEN',
      message: 'You cannot delete your own account',
    });
    expect(userRow(admin.id)).toBeDefined();
  });
});

describe('admin user management, per role', () => {
  it.each([
    ['anonymous', 'UNAUTHORIZED'],
    ['user', 'FORBIDDEN'],
    ['moderator', 'FORBIDDEN'],
    ['banned', 'UNAUTHORIZED'],
  ] as const)('%s is refused and nothing changes', async (principal, code) => {
    const victim = await createUser(t.db);
    let caller = callerFor(t).caller;
    if (principal !== 'anonymous') {
      const actor = await createUser(t.db, { role: principal === 'banned' ? 'user' : principal });
      caller = callerFor(t, actor).caller;
      if (principal === 'banned')
        t.db.update(users).set({ role: 'banned' }).where(eq(users.id, actor.id)).run();
      if (principal === 'banned') caller = callerFor(t, actor).caller;
    }
    const before = t.db.select().from(users).all();
    const audits = t.db.select().from(auditLog).all().length;
    const calls = [
      caller.adminUsers.list(),
      caller.adminUsers.create({
        username: 'sneaky',
        email: 'sneaky@example.com',
        password: 'longenough',
      }),
      caller.adminUsers.update({ id: victim.id, role: 'admin' }),
      caller.adminUsers.setPassword({ id: victim.id, password: 'longenough' }),
      caller.adminUsers.delete({ id: victim.id }),
    ];
    for (const call of calls) expect((await failure(call)).code).toBe(code);
    expect(t.db.select().from(users).all()).toEqual(before);
    expect(t.db.select().from(auditLog).all()).toHaveLength(audits);
  });
});
