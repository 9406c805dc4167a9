// The account and admin paths of SPEC 7 over real HTTP, with cookie sessions.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/platform/db/schema';
import { DEFAULT_PLATFORM_SETTINGS } from '../../src/shared/schemas/settings';
import { PNG, signIn, snapshot, uploadForm, userCount } from '../helpers/accounts';
import { createUser, type CreatedUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let admin: CreatedUser;
let adminHttp: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  admin = await createUser(s.db, { role: 'admin' });
  adminHttp = await signIn(s.url, admin);
});
afterAll(() => s.stop());

const anonymous = () => new HttpClient(s.url);
const newMember = async (opts: Parameters<typeof createUser>[1] = {}) => {
  const user = await createUser(s.db, opts);
  return { user, http: await signIn(s.url, user) };
};
const profileOf = (u: { username: string; email: string }) => ({
  username: u.username,
  email: u.email,
  fullName: '',
  phoneNumber: '',
});

describe('PATCH /api/user/profile', () => {
  it('200: answers the updated user as plain JSON without secrets', async () => {
    const { user, http } = await newMember();
    const res = await http.patch('/api/user/profile', {
      ...profileOf(user),
      fullName: 'Grace Hopper',
      phoneNumber: '+1 555 0100',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: user.id,
      username: user.username,
      fullName: 'Grace Hopper',
      phone: '+1 555 0100',
    });
    expect(typeof res.json.createdAt).toBe('string');
    expect(res.json).not.toHaveProperty('password');
    expect(res.json).not.toHaveProperty('sessionVersion');
    expect((await http.get('/api/user')).json).toMatchObject({ fullName: 'Grace Hopper' });
  });

  it('409 for a taken username or e-mail (any case), changing nothing', async () => {
    const other = await createUser(s.db);
    const { user, http } = await newMember();
    const before = await snapshot(s.db);
    const taken = await http.patch('/api/user/profile', {
      ...profileOf(user),
      username: other.username.toUpperCase(),
    });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ message: 'Username already exists', code: 'CONFLICT' });
    const email = await http.patch('/api/user/profile', {
      ...profileOf(user),
      email: other.email.toUpperCase(),
    });
    expect(email.status).toBe(409);
    expect(email.json.message).toBe('Email already in use');
    expect(await snapshot(s.db)).toEqual(before);
  });

  it('400 with the message the client shows', async () => {
    const { user, http } = await newMember();
    const short = await http.patch('/api/user/profile', { ...profileOf(user), username: 'ab' });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({
      message: 'Username must be at least 3 characters',
      code: 'BAD_REQUEST',
    });
    const email = await http.patch('/api/user/profile', { ...profileOf(user), email: 'x@' });
    expect(email.status).toBe(400);
    expect(email.json.message).toBe('Please enter a valid email address');
    const picture = await http.patch('/api/user/profile', {
      ...profileOf(user),
      profileImage: 'javascript:alert(1)',
    });
    expect(picture.status).toBe(400);
  });

  it('sets a picture uploaded first, keeps it when omitted, removes it with null', async () => {
    const { user, http } = await newMember();
    const uploaded = await http.request(
      'POST',
      '/api/upload',
      uploadForm(PNG, 'me.png', 'image/png', 'avatar'),
    );
    expect(uploaded.status).toBe(201);
    const fileUrl = uploaded.json.fileUrl as string;
    const set = await http.patch('/api/user/profile', {
      ...profileOf(user),
      profileImage: fileUrl,
    });
    expect(set.json.profileImage).toBe(fileUrl);
    const kept = await http.patch('/api/user/profile', profileOf(user));
    expect(kept.json.profileImage).toBe(fileUrl);
    const removed = await http.patch('/api/user/profile', {
      ...profileOf(user),
      profileImage: null,
    });
    expect(removed.json.profileImage).toBeNull();
  });

  it('401 anonymous; 415 for a form-encoded body; 403 from a foreign origin', async () => {
    const { user, http } = await newMember();
    const anon = await anonymous().patch('/api/user/profile', profileOf(user));
    expect(anon.status).toBe(401);
    const form = await http.request('PATCH', '/api/user/profile', 'username=abc', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const foreign = await http.request(
      'PATCH',
      '/api/user/profile',
      { ...profileOf(user), fullName: 'Attacker' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect((await s.db.select().from(users).where(eq(users.id, user.id)))[0]?.fullName).toBeNull();
  });
});

describe('PATCH /api/user/password', () => {
  it('200: the caller stays signed in; another cookie of the same member is refused', async () => {
    const user = await createUser(s.db);
    const first = await signIn(s.url, user);
    const second = await signIn(s.url, user);
    expect((await second.get('/api/user')).status).toBe(200);

    const res = await first.patch('/api/user/password', {
      currentPassword: user.password,
      newPassword: 'a-new-password',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect((await first.get('/api/user')).status).toBe(200);
    expect((await second.get('/api/user')).status).toBe(401);
    expect((await second.get('/api/user/payment')).status).toBe(401);

    const relogin = await anonymous().post('/api/login', {
      username: user.username,
      password: 'a-new-password',
    });
    expect(relogin.status).toBe(200);
    const old = await anonymous().post('/api/login', {
      username: user.username,
      password: user.password,
    });
    expect(old.status).toBe(401);
  });

  it('400 for a short password or a wrong current one; 401 anonymous', async () => {
    const { user, http } = await newMember();
    const short = await http.patch('/api/user/password', {
      currentPassword: user.password,
      newPassword: '12345',
    });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe('Password must be at least 6 characters');
    const empty = await http.patch('/api/user/password', {
      currentPassword: '',
      newPassword: 'whatever123',
    });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({
      message: 'Current password is required',
      issues: [{ path: 'currentPassword', message: 'Current password is required' }],
    });
    const wrong = await http.patch('/api/user/password', {
      currentPassword: 'not-my-password',
      newPassword: 'whatever123',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('Current password is incorrect');
    expect((await http.get('/api/user')).status).toBe(200);
    const anon = await anonymous().patch('/api/user/password', {
      currentPassword: 'password123',
      newPassword: 'whatever123',
    });
    expect(anon.status).toBe(401);
  });
});

describe('PATCH /api/users/{id}/payment', () => {
  it('200 for one’s own id; GET /api/user/payment reads it back', async () => {
    const { user, http } = await newMember();
    expect((await http.get('/api/user/payment')).json).toBeNull();
    const res = await http.patch(`/api/users/${user.id}/payment`, {
      paymentMethod: 'crypto',
      cryptoAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ paymentMethod: 'crypto', cryptoCurrency: 'BTC' });
    expect(typeof res.json.updatedAt).toBe('string');
    const read = await http.get('/api/user/payment');
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ paymentMethod: 'crypto' });
  });

  it('404 for another member’s id (even with userId in the body), changing nothing', async () => {
    const owner = await newMember();
    await owner.http.patch(`/api/users/${owner.user.id}/payment`, {
      paymentMethod: 'paypal',
      paypalEmail: 'owner@example.com',
    });
    const { user, http } = await newMember();
    const before = await snapshot(s.db);
    const res = await http.patch(`/api/users/${owner.user.id}/payment`, {
      paymentMethod: 'paypal',
      paypalEmail: 'thief@example.com',
      userId: user.id,
    });
    expect(res.status).toBe(404);
    const admin403 = await adminHttp.patch(`/api/users/${owner.user.id}/payment`, {
      paymentMethod: 'paypal',
      paypalEmail: 'thief@example.com',
    });
    expect(admin403.status).toBe(404);
    expect(await snapshot(s.db)).toEqual(before);
  });

  it('404 for a malformed id, 400 for a bad PayPal e-mail, 401 anonymous', async () => {
    const { user, http } = await newMember();
    const abc = await http.patch('/api/users/abc/payment', { paymentMethod: 'bank' });
    expect(abc.status).toBe(404);
    expect((await http.patch('/api/users/-1/payment', { paymentMethod: 'bank' })).status).toBe(404);
    // Another spelling of a number is not an id either.
    for (const id of ['1e1', '0x1', '01', '1.0']) {
      expect((await http.patch(`/api/users/${id}/payment`, { paymentMethod: 'bank' })).status).toBe(
        404,
      );
    }
    const bad = await http.patch(`/api/users/${user.id}/payment`, {
      paymentMethod: 'paypal',
      paypalEmail: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Please enter a valid email address');
    expect(
      (await anonymous().patch(`/api/users/${user.id}/payment`, { paymentMethod: 'bank' })).status,
    ).toBe(401);
  });
  // PRODUCT.md 'Money': what each method needs, the message named by its field.
  it.each([
    [
      { paymentMethod: 'bank', accountName: 'Ada', bankName: 'First Bank' },
      'accountNumber',
      'Account number is required',
    ],
    [
      { paymentMethod: 'bank', accountNumber: '12345678', bankName: 'First Bank' },
      'accountName',
      'Account name is required',
    ],
    [
      { paymentMethod: 'bank', accountName: 'Ada', accountNumber: '12345678' },
      'bankName',
      'Bank name is required',
    ],
    [
      { paymentMethod: 'crypto', cryptoCurrency: 'BTC' },
      'cryptoAddress',
      'Wallet address is required',
    ],
    [
      {
        paymentMethod: 'crypto',
        cryptoCurrency: 'BTC',
        cryptoAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      },
      'cryptoAddress',
      'Enter a valid BTC address',
    ],
    [
      { paymentMethod: 'crypto', cryptoCurrency: 'USDC', cryptoAddress: '0x1234' },
      'cryptoAddress',
      'Enter a valid ERC-20 address',
    ],
    [{ paymentMethod: 'paypal', paypalEmail: '' }, 'paypalEmail', 'PayPal email is required'],
  ])('400 for %j: %s says “%s”, changing nothing', async (body, path, message) => {
    const { user, http } = await newMember();
    const before = await snapshot(s.db);
    const res = await http.patch(`/api/users/${user.id}/payment`, body);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    expect(res.json.issues).toContainEqual({ path, message });
    expect(await snapshot(s.db)).toEqual(before);
  });

  it('200 for a bank account with every field, and for a USDT address', async () => {
    const { user, http } = await newMember();
    const bank = {
      paymentMethod: 'bank',
      accountName: 'Ada Lovelace',
      accountNumber: 'GB33BUKB20201555555555',
      bankName: 'First Bank',
      bankCode: 'BUKBGB22',
    };
    const saved = await http.patch(`/api/users/${user.id}/payment`, bank);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ ...bank, cryptoAddress: null, paypalEmail: null });
    const usdt = await http.patch(`/api/users/${user.id}/payment`, {
      paymentMethod: 'crypto',
      cryptoCurrency: 'USDT',
      cryptoAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    expect(usdt.status).toBe(200);
    expect((await http.get('/api/user/payment')).json).toMatchObject({
      paymentMethod: 'crypto',
      cryptoCurrency: 'USDT',
      accountName: null,
    });
  });
});

describe('GET /api/users', () => {
  it('401 anonymous, 403 member and moderator', async () => {
    expect((await anonymous().get('/api/users')).status).toBe(401);
    const { http } = await newMember();
    const member = await http.get('/api/users');
    expect(member.status).toBe(403);
    expect(member.text).not.toContain('@example.com');
    const moderator = await newMember({ role: 'moderator' });
    expect((await moderator.http.get('/api/users')).status).toBe(403);
  });

  it('200 for an admin: an array with X-Total-Count, search and pages', async () => {
    await createUser(s.db, { username: 'Zelda_Search', email: 'zelda@hyrule.example' });
    const all = await adminHttp.get('/api/users');
    expect(all.status).toBe(200);
    const list = all.json as unknown as { id: number; username: string }[];
    expect(Array.isArray(list)).toBe(true);
    expect(Number(all.headers.get('x-total-count'))).toBe(await userCount(s.db));
    expect(list).toHaveLength(await userCount(s.db));
    expect(all.text).not.toMatch(/"password"/);

    const search = await adminHttp.get('/api/users?search=ZELDA');
    expect((search.json as unknown as { username: string }[]).map((u) => u.username)).toEqual([
      'Zelda_Search',
    ]);
    expect(search.headers.get('x-total-count')).toBe('1');
    const byEmail = await adminHttp.get('/api/users?search=HYRULE');
    expect(byEmail.headers.get('x-total-count')).toBe('1');
    // % and _ are literal characters, not wildcards.
    expect((await adminHttp.get('/api/users?search=%25')).json).toEqual([]);
    expect((await adminHttp.get('/api/users?search=Zelda_S')).headers.get('x-total-count')).toBe(
      '1',
    );
    expect((await adminHttp.get('/api/users?search=Zeld__S')).json).toEqual([]);

    const page = await adminHttp.get('/api/users?page=1&pageSize=2');
    expect(page.status).toBe(200);
    const firstTwo = page.json as unknown as { id: number }[];
    expect(firstTwo.map((u) => u.id)).toEqual(list.slice(0, 2).map((u) => u.id));
    expect(Number(page.headers.get('x-total-count'))).toBe(await userCount(s.db));
    const page2 = await adminHttp.get('/api/users?page=2&pageSize=2');
    expect((page2.json as unknown as { id: number }[]).map((u) => u.id)).toEqual(
      list.slice(2, 4).map((u) => u.id),
    );
    expect((await adminHttp.get('/api/users?page=abc')).status).toBe(400);
  });
});

describe('PATCH /api/users/{id}', () => {
  it('200: changes role and tier (admin means no tier)', async () => {
    const { user } = await newMember();
    const tier = await adminHttp.patch(`/api/users/${user.id}`, { subscriptionTier: 'pro' });
    expect(tier.status).toBe(200);
    expect(tier.json).toMatchObject({ id: user.id, role: 'user', subscriptionTier: 'pro' });
    const promoted = await adminHttp.patch(`/api/users/${user.id}`, {
      role: 'admin',
      subscriptionTier: null,
    });
    expect(promoted.json).toMatchObject({ role: 'admin', subscriptionTier: null });
    const back = await adminHttp.patch(`/api/users/${user.id}`, { role: 'moderator' });
    expect(back.json).toMatchObject({ role: 'moderator', subscriptionTier: 'free' });
  });

  it('banning ends the member’s cookie session at once; their sign-in gets 403', async () => {
    const { user, http } = await newMember();
    expect((await http.get('/api/user')).status).toBe(200);
    const res = await adminHttp.patch(`/api/users/${user.id}`, { role: 'banned' });
    expect(res.status).toBe(200);
    expect(res.json.role).toBe('banned');
    expect((await http.get('/api/user')).status).toBe(401);
    expect((await http.patch('/api/user/profile', profileOf(user))).status).toBe(401);
    const login = await anonymous().post('/api/login', {
      username: user.username,
      password: user.password,
    });
    expect(login.status).toBe(403);
    expect(login.json).toMatchObject({ message: 'Your account has been suspended' });
    expect(login.setCookie.filter((c) => !/Max-Age=0/.test(c))).toEqual([]);
  });

  it('a tier change or a promotion keeps the member signed in; a demotion signs them out', async () => {
    const { user, http } = await newMember();
    await adminHttp.patch(`/api/users/${user.id}`, { subscriptionTier: 'elite' });
    expect((await http.get('/api/user')).json).toMatchObject({ subscriptionTier: 'elite' });
    await adminHttp.patch(`/api/users/${user.id}`, { role: 'moderator' });
    expect((await http.get('/api/user')).json).toMatchObject({ role: 'moderator' });
    await adminHttp.patch(`/api/users/${user.id}`, { role: 'user' });
    expect((await http.get('/api/user')).status).toBe(401);
  });

  it('403 for members and for the admin’s own role; 404 for a bad or unknown id', async () => {
    const { user, http } = await newMember();
    const victim = await createUser(s.db);
    const before = await snapshot(s.db);
    expect((await http.patch(`/api/users/${user.id}`, { role: 'admin' })).status).toBe(403);
    expect((await http.patch(`/api/users/${victim.id}`, { role: 'banned' })).status).toBe(403);
    expect((await anonymous().patch(`/api/users/${victim.id}`, { role: 'banned' })).status).toBe(
      401,
    );
    expect((await adminHttp.patch(`/api/users/${admin.id}`, { role: 'user' })).status).toBe(403);
    expect((await adminHttp.patch('/api/users/abc', { role: 'user' })).status).toBe(404);
    expect((await adminHttp.patch('/api/users/999999', { role: 'user' })).status).toBe(404);
    expect(await snapshot(s.db)).toEqual(before);
  });
});

describe('POST /api/admin/users', () => {
  it('201 creates; 400 short password; 409 duplicate; 403 member', async () => {
    const created = await adminHttp.post('/api/admin/users', {
      username: 'rest_created',
      email: 'rest_created@example.com',
      password: 'longenough',
      role: 'user',
      subscriptionTier: 'standard',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      username: 'rest_created',
      role: 'user',
      subscriptionTier: 'standard',
    });
    expect(created.json).not.toHaveProperty('password');
    const short = await adminHttp.post('/api/admin/users', {
      username: 'rest_short',
      email: 'rest_short@example.com',
      password: 'short12',
      role: 'user',
    });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe('Password must be at least 8 characters');
    const dup = await adminHttp.post('/api/admin/users', {
      username: 'REST_CREATED',
      email: 'other@example.com',
      password: 'longenough',
    });
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe('Username already exists');

    const { http } = await newMember();
    const count = await userCount(s.db);
    const refused = await http.post('/api/admin/users', {
      username: 'rest_sneaky',
      email: 'rest_sneaky@example.com',
      password: 'longenough',
      role: 'admin',
    });
    expect(refused.status).toBe(403);
    expect(await userCount(s.db)).toBe(count);
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('200 deletes (the member’s cookie stops working); 403 self; 404 unknown; 403 member', async () => {
    const { user, http } = await newMember();
    const res = await adminHttp.delete(`/api/admin/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, id: user.id });
    expect((await http.get('/api/user')).status).toBe(401);

    const count = await userCount(s.db);
    const self = await adminHttp.delete(`/api/admin/users/${admin.id}`);
    expect(self.status).toBe(403);
    expect((await adminHttp.delete('/api/admin/users/999999')).status).toBe(404);
    expect((await adminHttp.delete('/api/admin/users/abc')).status).toBe(404);
    expect((await adminHttp.delete(`/api/admin/users/${admin.id}.0`)).status).toBe(404);
    const victim = await createUser(s.db);
    const member = await newMember();
    expect((await member.http.delete(`/api/admin/users/${victim.id}`)).status).toBe(403);
    expect((await anonymous().delete(`/api/admin/users/${victim.id}`)).status).toBe(401);
    expect(await userCount(s.db)).toBe(count + 2);
    expect((await adminHttp.get('/api/user')).status).toBe(200);
  });
});

describe('POST /api/admin/users/{id}/password', () => {
  it('200 sets a temporary password and ends the member’s session; 400 short; 403 member', async () => {
    const { user, http } = await newMember();
    const res = await adminHttp.post(`/api/admin/users/${user.id}/password`, {
      password: 'temporary-99',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect((await http.get('/api/user')).status).toBe(401);
    const login = await anonymous().post('/api/login', {
      username: user.username,
      password: 'temporary-99',
    });
    expect(login.status).toBe(200);
    const short = await adminHttp.post(`/api/admin/users/${user.id}/password`, {
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe('Password must be at least 8 characters');
    const other = await newMember();
    const before = await snapshot(s.db);
    expect(
      (
        await other.http.post(`/api/admin/users/${user.id}/password`, {
          password: 'hijacked-99',
        })
      ).status,
    ).toBe(403);
    expect(await snapshot(s.db)).toEqual(before);
  });
});

describe('GET + PATCH /api/admin/settings', () => {
  afterAll(async () => {
    await adminHttp.patch('/api/admin/settings', DEFAULT_PLATFORM_SETTINGS);
  });

  it('403 for a member, 401 anonymous; 200 for an admin', async () => {
    const { http } = await newMember();
    expect((await http.get('/api/admin/settings')).status).toBe(403);
    const before = await snapshot(s.db);
    expect((await http.patch('/api/admin/settings', { maintenanceMode: true })).status).toBe(403);
    expect((await anonymous().patch('/api/admin/settings', { siteName: 'X' })).status).toBe(401);
    expect(await snapshot(s.db)).toEqual(before);
    const res = await adminHttp.get('/api/admin/settings');
    expect(res.status).toBe(200);
    expect(res.json).toEqual(DEFAULT_PLATFORM_SETTINGS);
  });

  it('PATCH merges and validates', async () => {
    const res = await adminHttp.patch('/api/admin/settings', { siteName: 'REST Arena' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...DEFAULT_PLATFORM_SETTINGS, siteName: 'REST Arena' });
    expect((await anonymous().get('/api/settings')).json).toMatchObject({
      siteName: 'REST Arena',
    });
    const bad = await adminHttp.patch('/api/admin/settings', { contactEmail: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Must be a valid email');
    const empty = await adminHttp.patch('/api/admin/settings', { siteName: '' });
    expect(empty.json.message).toBe('Site name is required');
  });

  it('registration off: POST /api/register answers 403 with the message', async () => {
    await adminHttp.patch('/api/admin/settings', { enableRegistration: false });
    const count = await userCount(s.db);
    const res = await anonymous().post('/api/register', {
      username: 'closed_door',
      email: 'closed_door@example.com',
      password: 'kestrel-orbit-9323',
      confirmPassword: 'kestrel-orbit-9323',
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ message: 'Registration is currently disabled' });
    expect(await userCount(s.db)).toBe(count);
    await adminHttp.patch('/api/admin/settings', {
      enableRegistration: true,
      defaultUserTier: 'pro',
    });
    const open = await anonymous().post('/api/register', {
      username: 'open_door',
      email: 'open_door@example.com',
      password: 'kestrel-orbit-9323',
      confirmPassword: 'kestrel-orbit-9323',
    });
    expect(open.status).toBe(201);
    expect(open.json).toMatchObject({ subscriptionTier: 'pro', role: 'user' });
    await adminHttp.patch('/api/admin/settings', { defaultUserTier: 'free' });
  });

  it('maintenance on: members get 503, admins and the health check keep working', async () => {
    const { http } = await newMember();
    await adminHttp.patch('/api/admin/settings', { maintenanceMode: true });
    try {
      const payment = await http.get('/api/user/payment');
      expect(payment.status).toBe(503);
      expect(payment.json).toMatchObject({
        message: 'The platform is under maintenance. Please try again later.',
        code: 'SERVICE_UNAVAILABLE',
      });
      const upload = await http.request(
        'POST',
        '/api/upload',
        uploadForm(PNG, 'a.png', 'image/png', 'avatar'),
      );
      expect(upload.status).toBe(503);
      // The client still learns who it is and that maintenance is on.
      expect((await http.get('/api/user')).status).toBe(200);
      expect((await anonymous().get('/api/settings')).json).toMatchObject({
        maintenanceMode: true,
      });
      expect((await adminHttp.get('/api/users')).status).toBe(200);
      const health = await anonymous().get('/api/health');
      expect(health.status).toBe(200);
      expect(health.json).toEqual({ status: 'ok' });
    } finally {
      const off = await adminHttp.patch('/api/admin/settings', { maintenanceMode: false });
      expect(off.status).toBe(200);
    }
    expect((await http.get('/api/user/payment')).status).toBe(200);
  });
});

describe('GET + PATCH /api/admin/settings/payments', () => {
  it('reads the defaults, saves a valid change, refuses a negative rate; admin only', async () => {
    const res = await adminHttp.get('/api/admin/settings/payments');
    expect(res.status).toBe(200);
    const config = res.json as unknown as {
      tierPrices: Record<string, number>;
      networks: Record<string, { address: string; rate: number; explorerUrl: string }>;
    };
    expect(config.networks.ETH).toEqual({
      address: '',
      rate: 0.00042,
      explorerUrl: 'https://etherscan.io/tx/{hash}',
    });
    expect(config.networks.TRX).toEqual({
      address: '',
      rate: 10.75,
      explorerUrl: 'https://tronscan.org/#/transaction/{hash}',
    });

    const next = {
      ...config,
      networks: {
        ...config.networks,
        MATIC: { address: '', rate: 1.2, explorerUrl: 'https://polygonscan.com/tx/{hash}' },
      },
    };
    const btc = config.networks.BTC!;
    const saved = await adminHttp.patch('/api/admin/settings/payments', next);
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual(next);

    const negative = await adminHttp.patch('/api/admin/settings/payments', {
      ...next,
      networks: { ...next.networks, BTC: { ...btc, rate: -0.1 } },
    });
    expect(negative.status).toBe(400);
    expect(negative.json.message).toBe('Rate must be greater than 0');
    expect((await adminHttp.get('/api/admin/settings/payments')).json).toEqual(next);

    const { http } = await newMember();
    expect((await http.get('/api/admin/settings/payments')).status).toBe(403);
    expect((await http.patch('/api/admin/settings/payments', next)).status).toBe(403);
    expect((await anonymous().get('/api/admin/settings/payments')).status).toBe(401);
  });
});

describe('GET /api/admin/audit', () => {
  it('lists admin actions newest first, filters by action; admin only', async () => {
    const victim = await createUser(s.db);
    await adminHttp.patch(`/api/users/${victim.id}`, { subscriptionTier: 'elite' });
    const res = await adminHttp.get('/api/admin/audit?pageSize=5');
    expect(res.status).toBe(200);
    const body = res.json as unknown as {
      entries: { action: string; targetId: string; createdAt: string; actorName: string }[];
      total: number;
      pageSize: number;
    };
    expect(body.pageSize).toBe(5);
    expect(body.entries.length).toBeLessThanOrEqual(5);
    expect(body.entries[0]).toMatchObject({
      action: 'user.tier',
      targetId: String(victim.id),
      actorName: admin.username,
    });
    expect(typeof body.entries[0]!.createdAt).toBe('string');
    const filtered = await adminHttp.get('/api/admin/audit?action=settings.update');
    const entries = (filtered.json as unknown as { entries: { action: string }[] }).entries;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.action === 'settings.update')).toBe(true);

    const { http } = await newMember();
    expect((await http.get('/api/admin/audit')).status).toBe(403);
    expect((await anonymous().get('/api/admin/audit')).status).toBe(401);
  });
});
