// Ban/unban, the admin list's filters and sorting, and the audit filters over real HTTP.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../src/server/platform/db/schema';
import { PNG, signIn, snapshot, uploadForm } from '../helpers/accounts';
import { createUser, type CreatedUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let admin: CreatedUser;
let adminHttp: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  admin = await createUser(s.db, { role: 'admin', username: 'rest_ops_admin' });
  adminHttp = await signIn(s.url, admin);
});
afterAll(() => s.stop());

type ListedUser = { username: string; role: string; lastLoginAt: string | null; banReason: null };

describe('POST /api/admin/users/:id/ban and /unban', () => {
  it('bans with a reason: the cookie stops working, sign-in says why; unban lets them back', async () => {
    const member = await createUser(s.db, { tier: 'standard' });
    const memberHttp = await signIn(s.url, member);

    const banned = await adminHttp.post(`/api/admin/users/${member.id}/ban`, {
      reason: 'Abusive messages',
    });
    expect(banned.status).toBe(200);
    expect(banned.json).toMatchObject({
      id: member.id,
      role: 'banned',
      banReason: 'Abusive messages',
      subscriptionTier: 'standard',
    });
    expect(banned.text).not.toMatch(/"password"/);
    expect((await memberHttp.get('/api/user')).status).toBe(401);
    const login = await new HttpClient(s.url).post('/api/login', {
      username: member.username,
      password: member.password,
    });
    expect(login.status).toBe(403);
    expect(login.json).toMatchObject({
      message: 'Your account has been suspended. Reason: Abusive messages',
    });

    const lifted = await adminHttp.post(`/api/admin/users/${member.id}/unban`);
    expect(lifted.status).toBe(200);
    expect(lifted.json).toMatchObject({
      role: 'user',
      banReason: null,
      subscriptionTier: 'standard',
    });
    expect((await signIn(s.url, member).then((c) => c.get('/api/user'))).status).toBe(200);
  });

  it('400 without a reason, 403 for oneself, 409 unbanning a member who is not banned, 404 unknown', async () => {
    const member = await createUser(s.db);
    const before = await snapshot(s.db);
    const empty = await adminHttp.post(`/api/admin/users/${member.id}/ban`, {});
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ message: 'Please give a reason', code: 'BAD_REQUEST' });
    expect(
      (await adminHttp.post(`/api/admin/users/${member.id}/ban`, { reason: ' ' })).status,
    ).toBe(400);
    const self = await adminHttp.post(`/api/admin/users/${admin.id}/ban`, { reason: 'x' });
    expect(self.status).toBe(403);
    expect(self.json).toMatchObject({ message: 'You cannot ban yourself' });
    const notBanned = await adminHttp.post(`/api/admin/users/${member.id}/unban`);
    expect(notBanned.status).toBe(409);
    expect(notBanned.json).toMatchObject({ message: 'This user is not banned' });
    expect((await adminHttp.post('/api/admin/users/999999/ban', { reason: 'x' })).status).toBe(404);
    expect((await adminHttp.post('/api/admin/users/abc/unban')).status).toBe(404);
    expect(await snapshot(s.db)).toEqual(before);
  });

  it('401 anonymous, 403 member and moderator, changing nothing', async () => {
    const victim = await createUser(s.db);
    const member = await signIn(s.url, await createUser(s.db));
    const moderator = await signIn(s.url, await createUser(s.db, { role: 'moderator' }));
    const before = await snapshot(s.db);
    const anon = new HttpClient(s.url);
    expect((await anon.post(`/api/admin/users/${victim.id}/ban`, { reason: 'x' })).status).toBe(
      401,
    );
    expect((await anon.post(`/api/admin/users/${victim.id}/unban`)).status).toBe(401);
    for (const http of [member, moderator]) {
      expect((await http.post(`/api/admin/users/${victim.id}/ban`, { reason: 'x' })).status).toBe(
        403,
      );
      expect((await http.post(`/api/admin/users/${victim.id}/unban`)).status).toBe(403);
    }
    expect(await snapshot(s.db)).toEqual(before);
  });
});

describe('GET /api/users with role, tier, sort and order', () => {
  it('passes the filters and sorting through, and answers lastLoginAt and banReason', async () => {
    await createUser(s.db, { username: 'zz_rest_mod', role: 'moderator', tier: 'elite' });
    await createUser(s.db, { username: 'aa_rest_mod', role: 'moderator', tier: 'free' });
    const mods = await adminHttp.get('/api/users?role=moderator&sort=name&order=asc');
    expect(mods.status).toBe(200);
    const names = (mods.json as unknown as ListedUser[]).map((u) => u.username);
    expect(names.indexOf('aa_rest_mod')).toBeLessThan(names.indexOf('zz_rest_mod'));
    expect((mods.json as unknown as ListedUser[]).every((u) => u.role === 'moderator')).toBe(true);
    const desc = await adminHttp.get('/api/users?role=moderator&sort=name&order=desc');
    expect((desc.json as unknown as ListedUser[]).map((u) => u.username)).toEqual(
      [...names].reverse(),
    );

    const elite = await adminHttp.get('/api/users?role=moderator&tier=elite');
    expect((elite.json as unknown as ListedUser[]).map((u) => u.username)).toEqual(['zz_rest_mod']);
    expect(elite.headers.get('x-total-count')).toBe('1');

    const me = (
      (await adminHttp.get(`/api/users?search=${admin.username}`)).json as unknown as ListedUser[]
    )[0]!;
    // Plain JSON: the date of the sign-in above as an ISO string.
    expect(typeof me.lastLoginAt).toBe('string');
    expect(Number.isNaN(Date.parse(me.lastLoginAt!))).toBe(false);
    expect(me.banReason).toBeNull();

    // Empty values mean no filter, as a form would send them.
    expect((await adminHttp.get('/api/users?role=&tier=&sort=&order=')).status).toBe(200);
  });

  it('400 for an unknown role, tier, sort or order', async () => {
    const bad = await adminHttp.get('/api/users?role=owner');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      message: 'Role must be one of user, moderator, admin, banned',
    });
    expect((await adminHttp.get('/api/users?tier=premium')).status).toBe(400);
    expect((await adminHttp.get('/api/users?sort=email')).json).toMatchObject({
      message: 'Sort must be one of name, joined',
    });
    expect((await adminHttp.get('/api/users?sort=name&order=sideways')).status).toBe(400);
  });
});

describe('GET /api/admin/audit with actor, from and to', () => {
  it('filters by actor and an inclusive date range, and names the target', async () => {
    const deputy = await createUser(s.db, { role: 'admin', username: 'rest_deputy' });
    const deputyHttp = await signIn(s.url, deputy);
    const target = await createUser(s.db, { username: 'rest_audited' });
    const banned = await deputyHttp.post(`/api/admin/users/${target.id}/ban`, {
      reason: 'Testing',
    });
    expect(banned.status).toBe(200);
    const newest = (
      await s.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(eq(auditLog.actorId, deputy.id))
        .limit(1)
    )[0]!;
    await s.db
      .update(auditLog)
      .set({ createdAt: new Date(Date.UTC(2030, 4, 6, 12)) })
      .where(eq(auditLog.id, newest.id));

    const res = await adminHttp.get(
      '/api/admin/audit?actor=REST_DEP&from=2030-05-06&to=2030-05-06',
    );
    expect(res.status).toBe(200);
    const body = res.json as unknown as {
      total: number;
      entries: { action: string; targetName: string; ip: string; createdAt: string }[];
    };
    expect(body.total).toBe(1);
    expect(body.entries[0]).toMatchObject({
      action: 'user.ban',
      targetName: 'rest_audited',
      ip: '127.0.0.1',
      createdAt: '2030-05-06T12:00:00.000Z',
    });
    expect(
      (
        (await adminHttp.get('/api/admin/audit?actor=rest_deputy&to=2030-05-05')).json as {
          total: number;
        }
      ).total,
    ).toBe(0);

    // The target is gone: the row stays, without a name.
    await s.db.delete(users).where(eq(users.id, target.id));
    const after = await adminHttp.get('/api/admin/audit?actor=rest_deputy');
    expect((after.json as unknown as typeof body).entries[0]!.targetName).toBeNull();
  });

  it('400 for a malformed date or a range the wrong way round', async () => {
    const bad = await adminHttp.get('/api/admin/audit?from=31/01/2030');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ message: 'Use a date like 2026-01-31' });
    expect(
      (await adminHttp.get('/api/admin/audit?from=2030-02-01&to=2030-01-01')).json,
    ).toMatchObject({ message: 'The start date must not be after the end date' });
  });
});

describe('POST /api/admin/users/:id/password: a temporary password', () => {
  it('restricts the member’s next session over REST and tRPC until they choose a new one', async () => {
    const member = await createUser(s.db);
    const set = await adminHttp.post(`/api/admin/users/${member.id}/password`, {
      password: 'temporary-rest-1',
    });
    expect(set.status).toBe(200);
    const http = new HttpClient(s.url);
    const login = await http.post('/api/login', {
      username: member.username,
      password: 'temporary-rest-1',
    });
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ id: member.id, mustChangePassword: true });
    expect((await http.get('/api/user')).json).toMatchObject({ mustChangePassword: true });
    const before = await snapshot(s.db);
    const refused = [
      await http.get('/api/contests'),
      await http.get('/api/user/sessions'),
      await http.patch('/api/user/profile', { fullName: 'Not yet' }),
      await http.request('POST', '/api/upload', uploadForm(PNG, 'me.png', 'image/png', 'avatar')),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({
        message: 'Please choose a new password before you continue',
        code: 'FORBIDDEN',
        reason: 'password_change_required',
      });
    }
    const viaTrpc = await http.get(
      '/trpc/contests.list?input=' + encodeURIComponent('{"json":{}}'),
    );
    expect(viaTrpc.status).toBe(403);
    expect(viaTrpc.text).toContain('password_change_required');
    expect(await snapshot(s.db)).toEqual(before);
    // The member chooses their own: the same session has full access from then on.
    const changed = await http.patch('/api/user/password', {
      currentPassword: 'temporary-rest-1',
      newPassword: 'rest-own-choice-2',
    });
    expect(changed.status).toBe(200);
    expect((await http.get('/api/user')).json).toMatchObject({ mustChangePassword: false });
    expect((await http.get('/api/contests')).status).toBe(200);
    expect(
      (
        await s.db
          .select({ flag: users.mustChangePassword })
          .from(users)
          .where(eq(users.id, member.id))
      )[0],
    ).toEqual({ flag: false });
  });
});
