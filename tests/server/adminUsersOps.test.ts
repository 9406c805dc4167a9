// Operator features of user management: ban with a reason and unban, list filters and sorting,
// the last sign-in, and the audit log's filters and names.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../src/server/platform/db/schema';
import { banUser } from '../../src/server/domain/accounts/adminUsers';
import { AppError } from '../../src/server/platform/errors';
import { AUDIT_ACTION_LABELS, auditActionLabel } from '../../src/shared/auditActions';
import { lastAuditRow, snapshot } from '../helpers/accounts';
import {
  callerFor,
  createTestDb,
  createUser,
  reopen,
  type CreatedUser,
  type TestDb,
} from '../helpers/db';
import { failure } from '../helpers/errors';

const t = await createTestDb();
let admin: CreatedUser;
beforeAll(async () => {
  admin = await createUser(t.db, { role: 'admin', username: 'ops_admin' });
});
afterAll(() => t.close());
const asAdmin = () => callerFor(t, admin).caller;
const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const sessionCount = async (userId: number) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const lastAudit = async () => {
  const r = (await lastAuditRow(t.db))!;
  return { ...r, before: JSON.parse(r.before ?? 'null'), after: JSON.parse(r.after ?? 'null') };
};

describe('adminUsers.ban', () => {
  it('bans with the reason, ends every session, audits it; sign-in shows the reason', async () => {
    const member = await createUser(t.db, { tier: 'pro' });
    const first = callerFor(t, member);
    const second = callerFor(t, member);
    await Promise.all([first.signedIn, second.signedIn]);
    expect(await sessionCount(member.id)).toBe(2);

    const banned = await asAdmin().adminUsers.ban({ id: member.id, reason: '  Spamming chat  ' });
    expect(banned).toMatchObject({ role: 'banned', banReason: 'Spamming chat' });
    expect(banned).not.toHaveProperty('password');
    expect(await row(member.id)).toMatchObject({
      role: 'banned',
      banReason: 'Spamming chat',
      subscriptionTier: 'pro',
    });
    expect(await sessionCount(member.id)).toBe(0);
    expect(await reopen(t, first.session).auth.me()).toBeNull();
    expect((await failure(reopen(t, second.session).account.getPayment())).code).toBe(
      'UNAUTHORIZED',
    );
    expect(await lastAudit()).toMatchObject({
      actorId: admin.id,
      action: 'user.ban',
      targetType: 'user',
      targetId: String(member.id),
      before: { role: 'user', banReason: null },
      after: { role: 'banned', banReason: 'Spamming chat' },
    });
    expect(
      await failure(
        callerFor(t).caller.auth.login({ username: member.username, password: member.password }),
      ),
    ).toEqual({
      code: 'FORBIDDEN',
      message: 'Your account has been suspended. Reason: Spamming chat',
    });
  });

  it('requires a reason of 1 to 500 characters, and changes nothing when refused', async () => {
    const member = await createUser(t.db);
    const before = await snapshot(t.db);
    for (const reason of ['', '   ', undefined]) {
      expect(
        await failure(
          asAdmin().adminUsers.ban({ id: member.id, reason } as { id: number; reason: string }),
        ),
      ).toEqual({ code: 'BAD_REQUEST', message: 'Please give a reason' });
    }
    expect(
      (await failure(asAdmin().adminUsers.ban({ id: member.id, reason: 'x'.repeat(501) }))).message,
    ).toBe('The reason must be at most 500 characters');
    expect(await snapshot(t.db)).toEqual(before);
    await expect(
      asAdmin().adminUsers.ban({ id: member.id, reason: 'x'.repeat(500) }),
    ).resolves.toMatchObject({ role: 'banned' });
  });

  it('refuses banning yourself (403) and the last admin (409), changing nothing', async () => {
    const before = await snapshot(t.db);
    expect(await failure(asAdmin().adminUsers.ban({ id: admin.id, reason: 'oops' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'You cannot ban yourself',
    });
    expect(await snapshot(t.db)).toEqual(before);
    expect((await row(admin.id)).role).toBe('admin');

    // The last admin: only reachable by an actor that is not that admin (a script, say).
    const solo = await createTestDb();
    try {
      const only = await createUser(solo.db, { role: 'admin' });
      const soloBefore = await snapshot(solo.db);
      const system = { id: 0, username: 'system', role: 'admin' as const };
      let caught: unknown;
      try {
        await banUser({ db: solo.db, actor: system, id: only.id, reason: 'no' });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect(caught).toMatchObject({
        code: 'CONFLICT',
        message: 'The last admin cannot be removed',
      });
      expect(await snapshot(solo.db)).toEqual(soloBefore);
    } finally {
      await solo.close();
    }
  });

  it('bans another admin while one remains; 404 for an unknown id', async () => {
    const other = await createUser(t.db, { role: 'admin' });
    await expect(
      asAdmin().adminUsers.ban({ id: other.id, reason: 'Compromised account' }),
    ).resolves.toMatchObject({ role: 'banned', subscriptionTier: null });
    expect((await failure(asAdmin().adminUsers.ban({ id: 999_999, reason: 'x' }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('is refused to members and moderators, changing nothing', async () => {
    const victim = await createUser(t.db);
    for (const role of ['user', 'moderator'] as const) {
      const caller = callerFor(t, await createUser(t.db, { role })).caller;
      const before = await snapshot(t.db);
      expect((await failure(caller.adminUsers.ban({ id: victim.id, reason: 'x' }))).code).toBe(
        'FORBIDDEN',
      );
      expect((await failure(caller.adminUsers.unban({ id: victim.id }))).code).toBe('FORBIDDEN');
      expect(await snapshot(t.db)).toEqual(before);
    }
    expect(
      (await failure(callerFor(t).caller.adminUsers.ban({ id: victim.id, reason: 'x' }))).code,
    ).toBe('UNAUTHORIZED');
  });
});

describe('adminUsers.unban', () => {
  it('restores role user with the old tier, clears the reason, audits it; sign-in works', async () => {
    const member = await createUser(t.db, { tier: 'elite' });
    await asAdmin().adminUsers.ban({ id: member.id, reason: 'Cheating' });
    const lifted = await asAdmin().adminUsers.unban({ id: member.id });
    expect(lifted).toMatchObject({ role: 'user', subscriptionTier: 'elite', banReason: null });
    expect(await row(member.id)).toMatchObject({
      role: 'user',
      banReason: null,
      subscriptionTier: 'elite',
    });
    expect(await lastAudit()).toMatchObject({
      action: 'user.unban',
      targetId: String(member.id),
      before: { role: 'banned', banReason: 'Cheating' },
      after: { role: 'user', subscriptionTier: 'elite' },
    });
    await expect(
      callerFor(t).caller.auth.login({ username: member.username, password: member.password }),
    ).resolves.toMatchObject({ role: 'user' });
  });

  it('answers 409 for a member who is not banned and 404 for an unknown id', async () => {
    const member = await createUser(t.db);
    const before = await snapshot(t.db);
    expect(await failure(asAdmin().adminUsers.unban({ id: member.id }))).toEqual({
      code: 'CONFLICT',
      message: 'This user is not banned',
    });
    expect((await failure(asAdmin().adminUsers.unban({ id: 999_999 }))).code).toBe('NOT_FOUND');
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('a role change through update also lifts a ban and clears its reason', async () => {
    const member = await createUser(t.db);
    await asAdmin().adminUsers.ban({ id: member.id, reason: 'Temporary' });
    await asAdmin().adminUsers.update({ id: member.id, role: 'moderator' });
    expect(await row(member.id)).toMatchObject({ role: 'moderator', banReason: null });
  });
});

describe('adminUsers.list: filters, sorting, last sign-in', () => {
  let l: TestDb;
  let listAdmin: CreatedUser;
  beforeAll(async () => {
    l = await createTestDb();
    listAdmin = await createUser(l.db, { role: 'admin', username: 'm_admin' });
    const made = [
      await createUser(l.db, { username: 'delta', tier: 'pro' }),
      await createUser(l.db, { username: 'Alpha', tier: 'free' }),
      await createUser(l.db, { username: 'charlie', role: 'moderator', tier: 'pro' }),
      await createUser(l.db, { username: 'bravo', tier: 'elite' }),
    ];
    // Distinct join times, in an order different from both ids and names.
    const joined = { delta: 3, Alpha: 1, charlie: 4, bravo: 2 } as const;
    for (const u of made) {
      await l.db
        .update(users)
        .set({ createdAt: new Date(Date.UTC(2026, 0, joined[u.username as keyof typeof joined])) })
        .where(eq(users.id, u.id));
    }
    await l.db
      .update(users)
      .set({ createdAt: new Date(Date.UTC(2025, 11, 1)) })
      .where(eq(users.id, listAdmin.id));
  });
  afterAll(() => l.close());
  const list = (
    input?: Parameters<ReturnType<typeof callerFor>['caller']['adminUsers']['list']>[0],
  ) => callerFor(l, listAdmin).caller.adminUsers.list(input);
  const names = async (input: Parameters<typeof list>[0]) =>
    (await list(input)).users.map((u) => u.username);

  it('filters by role and by tier, with the total of the filtered list', async () => {
    expect(await names({ role: 'moderator' })).toEqual(['charlie']);
    expect(await names({ role: 'admin' })).toEqual(['m_admin']);
    const pro = await list({ tier: 'pro' });
    expect(pro.users.map((u) => u.username)).toEqual(['delta', 'charlie']);
    expect(pro.total).toBe(2);
    expect(await names({ role: 'user', tier: 'pro' })).toEqual(['delta']);
    expect(await names({ role: 'user', search: 'a' })).toEqual(['delta', 'Alpha', 'bravo']);
    expect(await names({ role: 'banned' })).toEqual([]);
  });

  it('sorts by name (any case) and by join date, both ways; default is id order', async () => {
    expect(await names({})).toEqual(['m_admin', 'delta', 'Alpha', 'charlie', 'bravo']);
    expect(await names({ sort: 'name' })).toEqual([
      'Alpha',
      'bravo',
      'charlie',
      'delta',
      'm_admin',
    ]);
    expect(await names({ sort: 'name', order: 'desc' })).toEqual([
      'm_admin',
      'delta',
      'charlie',
      'bravo',
      'Alpha',
    ]);
    expect(await names({ sort: 'joined' })).toEqual([
      'm_admin',
      'Alpha',
      'bravo',
      'delta',
      'charlie',
    ]);
    expect(await names({ sort: 'joined', order: 'desc', page: 1, pageSize: 2 })).toEqual([
      'charlie',
      'delta',
    ]);
    expect(await names({ sort: 'joined', order: 'desc', page: 2, pageSize: 2 })).toEqual([
      'bravo',
      'Alpha',
    ]);
  });

  it('refuses an unknown role, tier, sort or order', async () => {
    expect((await failure(list({ role: 'owner' as 'user' }))).message).toBe(
      'Role must be one of user, moderator, admin, banned',
    );
    expect((await failure(list({ tier: 'premium' as 'pro' }))).message).toBe(
      'Subscription must be one of free, standard, pro, elite',
    );
    expect((await failure(list({ sort: 'email' as 'name' }))).message).toBe(
      'Sort must be one of name, joined',
    );
    expect((await failure(list({ sort: 'name', order: 'up' as 'asc' }))).message).toBe(
      'Order must be one of asc, desc',
    );
  });

  it('answers lastLoginAt (null until a sign-in) and banReason', async () => {
    const fresh = await createUser(l.db, { username: 'echo_never', neverSignedIn: true });
    const before = (await list({ search: 'echo_never' })).users[0]!;
    expect(before.lastLoginAt).toBeNull();
    expect(before.banReason).toBeNull();
    const start = Date.now();
    await callerFor(l).caller.auth.login({ username: fresh.username, password: fresh.password });
    const after = (await list({ search: 'echo_never' })).users[0]!;
    expect(after.lastLoginAt).toBeInstanceOf(Date);
    expect(after.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(start - 1000);
    await callerFor(l, listAdmin).caller.adminUsers.ban({ id: fresh.id, reason: 'Bots' });
    expect((await list({ role: 'banned' })).users[0]).toMatchObject({
      username: 'echo_never',
      banReason: 'Bots',
    });
    for (const u of (await list()).users) expect(u).not.toHaveProperty('password');
  });
});

describe('audit.list: names, actor and date filters', () => {
  let a: TestDb;
  let chief: CreatedUser;
  let deputy: CreatedUser;
  let kept: CreatedUser;
  let gone: CreatedUser;
  beforeAll(async () => {
    a = await createTestDb();
    chief = await createUser(a.db, { role: 'admin', username: 'chief_admin' });
    deputy = await createUser(a.db, { role: 'admin', username: 'deputy_admin' });
    kept = await createUser(a.db, { username: 'kept_member' });
    gone = await createUser(a.db, { username: 'gone_member' });
    const asChief = callerFor(a, chief).caller;
    const asDeputy = callerFor(a, deputy).caller;
    await asChief.adminUsers.ban({ id: kept.id, reason: 'Spam' });
    await asDeputy.adminUsers.unban({ id: kept.id });
    await asDeputy.adminUsers.delete({ id: gone.id });
    await asChief.adminUsers.update({ id: kept.id, subscriptionTier: 'pro' });
    // Dates of the four rows: Jan 10, Jan 11, Jan 12 (late in the day), Jan 13.
    const rows = await a.db.select({ id: auditLog.id }).from(auditLog).orderBy(auditLog.id);
    const days = [
      Date.UTC(2026, 0, 10, 9),
      Date.UTC(2026, 0, 11, 9),
      Date.UTC(2026, 0, 12, 23, 59, 59),
      Date.UTC(2026, 0, 13, 0, 0, 0),
    ];
    for (const [i, r] of rows.entries()) {
      await a.db
        .update(auditLog)
        .set({ createdAt: new Date(days[i]!) })
        .where(eq(auditLog.id, r.id));
    }
  });
  afterAll(() => a.close());
  const audit = (input?: Parameters<ReturnType<typeof callerFor>['caller']['audit']['list']>[0]) =>
    callerFor(a, chief).caller.audit.list(input);
  const actions = async (input: Parameters<typeof audit>[0]) =>
    (await audit(input)).entries.map((e) => e.action);

  it('names the target user as they are now; a deleted one has no name', async () => {
    const { entries } = await audit();
    expect(entries.map((e) => [e.action, e.targetName])).toEqual([
      ['user.tier', 'kept_member'],
      ['user.delete', null],
      ['user.unban', 'kept_member'],
      ['user.ban', 'kept_member'],
    ]);
    expect(entries[1]).toMatchObject({ targetType: 'user', targetId: String(gone.id) });
    // A rename shows the new name on old rows.
    await a.db.update(users).set({ username: 'renamed_member' }).where(eq(users.id, kept.id));
    expect((await audit()).entries.at(-1)!.targetName).toBe('renamed_member');
    expect(entries[0]!.ip).toBe('127.0.0.1');
  });

  it('filters by actor (part of the username, any case)', async () => {
    expect(await actions({ actor: 'DEPUTY' })).toEqual(['user.delete', 'user.unban']);
    expect(await actions({ actor: 'chief_admin' })).toEqual(['user.tier', 'user.ban']);
    expect(await actions({ actor: '%' })).toEqual([]);
    expect((await audit({ actor: 'nobody' })).total).toBe(0);
  });

  it('filters by an inclusive date range (days or instants)', async () => {
    expect(await actions({ from: '2026-01-11', to: '2026-01-12' })).toEqual([
      'user.delete',
      'user.unban',
    ]);
    expect(await actions({ from: '2026-01-12' })).toEqual(['user.tier', 'user.delete']);
    expect(await actions({ to: '2026-01-10' })).toEqual(['user.ban']);
    expect(await actions({ from: '2026-01-13', to: '2026-01-13' })).toEqual(['user.tier']);
    expect(
      await actions({ from: '2026-01-12T23:59:59.000Z', to: '2026-01-13T00:00:00.000Z' }),
    ).toEqual(['user.tier', 'user.delete']);
    expect(await actions({ actor: 'deputy', from: '2026-01-12' })).toEqual(['user.delete']);
    expect((await failure(audit({ from: '2026-01-13', to: '2026-01-10' }))).message).toBe(
      'The start date must not be after the end date',
    );
  });

  it('refuses a malformed date', async () => {
    expect((await failure(audit({ from: 'yesterday' }))).message).toBe(
      'Use a date like 2026-01-31',
    );
    expect((await failure(audit({ to: '2026-02-30T99:00Z' }))).code).toBe('BAD_REQUEST');
  });

  it('has a friendly name for every action the server writes', async () => {
    expect(auditActionLabel('user.ban')).toBe('Banned user');
    expect(auditActionLabel('user.unban')).toBe('Unbanned user');
    expect(auditActionLabel('something.new')).toBe('something.new');
    const written = new Set(
      (await a.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action),
    );
    for (const action of written) expect(AUDIT_ACTION_LABELS[action]).toBeDefined();
  });
});
