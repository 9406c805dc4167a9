// SPEC 7's account and admin paths over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let admin: CreatedUser;
let adminHttp: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  admin = await createUser(s.db, { role: 'admin' });
  adminHttp = await signIn(admin);
});
afterAll(() => s.stop());

async function signIn(user: CreatedUser, password = user.password): Promise<HttpClient> {
  const http = new HttpClient(s.url);
  const res = await http.post('/api/login', { username: user.username, password });
  expect(res.status).toBe(200);
  return http;
}

describe('PATCH /api/user/profile', () => {
  it('updates the profile; 409 duplicate; 400 message; 401 anonymous', async () => {
    const member = await createUser(s.db);
    const other = await createUser(s.db);
    const http = await signIn(member);
    const body = {
      username: member.username,
      email: member.email,
      fullName: 'Grace Hopper',
      phoneNumber: '555 0199',
    };
    const ok = await http.patch('/api/user/profile', body);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ fullName: 'Grace Hopper', phone: '555 0199' });
    expect((await http.patch('/api/user/profile', { ...body, email: other.email })).status).toBe(
      409,
    );
    const bad = await http.patch('/api/user/profile', { ...body, email: 'broken' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Please enter a valid email address');
    expect((await new HttpClient(s.url).patch('/api/user/profile', body)).status).toBe(401);
  });
});

describe('PATCH /api/user/password', () => {
  it('changes the password and ends the member’s other sessions', async () => {
    const member = await createUser(s.db);
    const http = await signIn(member);
    const elsewhere = await signIn(member);
    const short = await http.patch('/api/user/password', {
      currentPassword: member.password,
      newPassword: '123',
    });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe('Password must be at least 6 characters');
    const ok = await http.patch('/api/user/password', {
      currentPassword: member.password,
      newPassword: 'another-pass',
    });
    expect(ok.status).toBe(200);
    expect((await http.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    await signIn(member, 'another-pass');
  });
});

describe('PATCH /api/users/{id}/payment', () => {
  it('saves one’s own payout method; 403 for another’s; 404 for a bad id', async () => {
    const member = await createUser(s.db);
    const other = await createUser(s.db);
    const http = await signIn(member);
    const ok = await http.patch(`/api/users/${member.id}/payment`, {
      paymentMethod: 'paypal',
      paypalEmail: 'me@pay.example',
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ paymentMethod: 'paypal', paypalEmail: 'me@pay.example' });
    expect((await http.get('/api/user/payment')).json).toMatchObject({ paymentMethod: 'paypal' });
    const denied = await http.patch(`/api/users/${other.id}/payment`, { paymentMethod: 'bank' });
    expect(denied.status).toBe(403);
    expect((await http.patch('/api/users/abc/payment', { paymentMethod: 'bank' })).status).toBe(
      404,
    );
  });
});

describe('GET /api/users', () => {
  it('lists users for admins only, with search and pages', async () => {
    const member = await createUser(s.db, { username: 'findme_rest' });
    expect((await new HttpClient(s.url).get('/api/users')).status).toBe(401);
    expect((await (await signIn(member)).get('/api/users')).status).toBe(403);
    const all = await adminHttp.get('/api/users');
    expect(all.status).toBe(200);
    expect(Array.isArray(all.json)).toBe(true);
    expect(Number(all.headers.get('x-total-count'))).toBe(
      (all.json as unknown as unknown[]).length,
    );
    const found = await adminHttp.get('/api/users?search=FINDME');
    expect((found.json as unknown as { username: string }[]).map((u) => u.username)).toEqual([
      'findme_rest',
    ]);
    const page = await adminHttp.get('/api/users?page=1&pageSize=2');
    expect(page.json).toHaveLength(2);
    expect(all.text).not.toContain('password');
  });
});

describe('PATCH /api/users/{id}', () => {
  it('changes role and tier; a ban ends the member’s session and refuses sign-in', async () => {
    const member = await createUser(s.db);
    const memberHttp = await signIn(member);
    const tier = await adminHttp.patch(`/api/users/${member.id}`, { subscriptionTier: 'pro' });
    expect(tier.status).toBe(200);
    expect(tier.json).toMatchObject({ subscriptionTier: 'pro' });
    const ban = await adminHttp.patch(`/api/users/${member.id}`, { role: 'banned' });
    expect(ban.json).toMatchObject({ role: 'banned' });
    expect((await memberHttp.get('/api/user')).status).toBe(401);
    const login = await new HttpClient(s.url).post('/api/login', {
      username: member.username,
      password: member.password,
    });
    expect(login.status).toBe(403);
    expect(login.json.message).toBe('Your account has been suspended');
    expect((await adminHttp.patch(`/api/users/${member.id}`, { role: 'overlord' })).status).toBe(
      400,
    );
  });
});

describe('POST /api/admin/users, DELETE /api/admin/users/{id}, POST /api/admin/users/{id}/password', () => {
  it('creates, resets and deletes members', async () => {
    const created = await adminHttp.post('/api/admin/users', {
      username: 'made_by_admin',
      email: 'made@example.com',
      password: 'longenough',
      role: 'moderator',
      subscriptionTier: 'standard',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ role: 'moderator', subscriptionTier: 'standard' });
    const short = await adminHttp.post('/api/admin/users', {
      username: 'x_short',
      email: 'x@example.com',
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe('Password must be at least 8 characters');
    expect(
      (
        await adminHttp.post('/api/admin/users', {
          username: 'made_by_admin',
          email: 'z@example.com',
          password: 'longenough',
        })
      ).status,
    ).toBe(409);
    const id = created.json.id as number;
    expect(
      (await adminHttp.post(`/api/admin/users/${id}/password`, { password: 'temporary1' })).status,
    ).toBe(200);
    await signIn({
      id,
      username: 'made_by_admin',
      email: '',
      password: 'temporary1',
      role: 'moderator',
    });
    expect((await adminHttp.delete(`/api/admin/users/${id}`)).status).toBe(200);
    expect((await adminHttp.delete(`/api/admin/users/${id}`)).status).toBe(404);
    expect((await adminHttp.delete(`/api/admin/users/${admin.id}`)).status).toBe(403);
  });
});

describe('/api/admin/settings', () => {
  it('is admin-only; registration off and maintenance on take effect at once', async () => {
    const member = await createUser(s.db);
    const memberHttp = await signIn(member);
    expect((await memberHttp.get('/api/admin/settings')).status).toBe(403);
    expect((await memberHttp.patch('/api/admin/settings', { maintenanceMode: true })).status).toBe(
      403,
    );
    expect((await adminHttp.get('/api/admin/settings')).json).toMatchObject({
      siteName: 'Contest Platform',
    });

    expect(
      (await adminHttp.patch('/api/admin/settings', { enableRegistration: false })).status,
    ).toBe(200);
    const reg = await new HttpClient(s.url).post('/api/register', {
      username: 'toolate',
      email: 'toolate@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(reg.status).toBe(403);
    expect(reg.json.message).toBe('Registration is currently disabled');

    await adminHttp.patch('/api/admin/settings', {
      enableRegistration: true,
      maintenanceMode: true,
    });
    try {
      const blocked = await memberHttp.get('/api/user/payment');
      expect(blocked.status).toBe(503);
      expect(blocked.json.message).toMatch(/maintenance/i);
      expect((await adminHttp.get('/api/users')).status).toBe(200);
      expect((await new HttpClient(s.url).get('/api/health')).status).toBe(200);
      expect((await memberHttp.get('/api/user')).status).toBe(200);
    } finally {
      await adminHttp.patch('/api/admin/settings', { maintenanceMode: false });
    }
    const invalid = await adminHttp.patch('/api/admin/settings', { contactEmail: 'nope' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toBe('Must be a valid email');
  });

  it('payments configuration and the audit log', async () => {
    const payments = await adminHttp.get('/api/admin/settings/payments');
    expect(payments.json).toMatchObject({ networks: { TRX: { rate: 10.75 } } });
    const saved = await adminHttp.patch('/api/admin/settings/payments', {
      ...payments.json,
      tierPrices: { standard: 12, pro: 30, elite: 60 },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ tierPrices: { pro: 30 } });
    const audit = await adminHttp.get('/api/admin/audit?action=settings.payments');
    expect(audit.json).toMatchObject({ total: 1 });
  });
});
