// Two-factor sign-in over real HTTP (both engines): POST /api/login answers
// { twoFactorRequired: true } with no usable session, POST /api/login/2fa completes it on the same
// cookie, Account Settings' rows under /api/user/2fa, and the admins' reset. Date is held still so
// each code is the one the test means (the server runs in this process).
import { desc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../src/server/platform/db/schema';
import { getPlatformSettings, savePlatformSettings } from '../../src/server/domain/settings';
import { TWO_FACTOR_MSG, TWO_FACTOR_SETUP_REQUIRED } from '../../src/shared/schemas/twoFactor';
import { ACCOUNT_LINK_MESSAGES as LINK_MSG } from '../../src/shared/schemas/accountLinks';
import { clientFor } from '../helpers/accounts';
import { createUser, type CreatedUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';
import { codeAt, holdClock, moveClock } from '../helpers/twoFactor';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());
afterEach(() => {
  vi.useRealTimers();
});

/** Turns it on over REST for a member signed in on `http`, confirming with the previous step's code. */
async function turnOn(http: HttpClient) {
  const setup = await http.post('/api/user/2fa/setup');
  expect(setup.status).toBe(200);
  const secret = setup.json.secret as string;
  const enabled = await http.post('/api/user/2fa/enable', { code: await codeAt(secret, -1) });
  expect(enabled.status).toBe(200);
  return { secret, recoveryCodes: enabled.json.recoveryCodes as string[] };
}

async function passwordStep(member: CreatedUser) {
  const http = new HttpClient(s.url);
  const res = await http.post('/api/login', {
    username: member.username,
    password: member.password,
  });
  return { http, res };
}

describe('POST /api/login and POST /api/login/2fa', () => {
  it('asks for a code (200, no session yet) and completes on the same cookie', async () => {
    holdClock();
    const member = await createUser(s.db);
    const { secret } = await turnOn(await clientFor(s, member.id));

    const { http, res } = await passwordStep(member);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ twoFactorRequired: true });
    // A cookie is set, but it is no session: every signed-in path answers 401.
    expect(res.setCookie.some((c) => c.startsWith('contest_session='))).toBe(true);
    expect(res.setCookie.some((c) => c.startsWith('contest_device='))).toBe(false);
    expect((await http.get('/api/user')).status).toBe(401);
    expect((await http.get('/api/user/sessions')).status).toBe(401);

    const wrong = await http.post('/api/login/2fa', { code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ message: TWO_FACTOR_MSG.codeInvalid });
    expect((await http.get('/api/user')).status).toBe(401);

    const done = await http.post('/api/login/2fa', { code: await codeAt(secret) });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ id: member.id, username: member.username });
    expect(done.json).not.toHaveProperty('password');
    // Now a full sign-in: the session works, and the browser is a known device.
    expect(done.setCookie.some((c) => c.startsWith('contest_device='))).toBe(true);
    const me = await http.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: member.id });
  });

  it('refuses the code step without the cookie of the password step, after five minutes, and twice', async () => {
    holdClock();
    const member = await createUser(s.db);
    const { secret } = await turnOn(await clientFor(s, member.id));
    const code = await codeAt(secret);

    const stranger = await new HttpClient(s.url).post('/api/login/2fa', { code });
    expect(stranger.status).toBe(400);
    expect(stranger.json).toMatchObject({ message: TWO_FACTOR_MSG.signInExpired });

    const late = await passwordStep(member);
    moveClock(5 * 60_000 + 1);
    const expired = await late.http.post('/api/login/2fa', { code });
    expect(expired.status).toBe(400);
    expect(expired.json).toMatchObject({ message: TWO_FACTOR_MSG.signInExpired });
    moveClock(-(5 * 60_000 + 1));

    const first = await passwordStep(member);
    expect((await first.http.post('/api/login/2fa', { code })).status).toBe(200);
    const replay = await passwordStep(member);
    const again = await replay.http.post('/api/login/2fa', { code });
    expect(again.status).toBe(401);
    expect(again.json).toMatchObject({ message: TWO_FACTOR_MSG.codeUsed });

    const other = await replay.http.post('/api/login/2fa', {
      code: await codeAt(secret, 1),
      username: 'not_this_one',
    });
    expect(other.status).toBe(400);
    expect(other.json).toMatchObject({ message: TWO_FACTOR_MSG.signInOtherAccount });
  });

  it('takes a recovery code once', async () => {
    holdClock();
    const member = await createUser(s.db);
    const { recoveryCodes } = await turnOn(await clientFor(s, member.id));
    const one = await passwordStep(member);
    expect((await one.http.post('/api/login/2fa', { code: recoveryCodes[0] })).status).toBe(200);
    const two = await passwordStep(member);
    const reused = await two.http.post('/api/login/2fa', { code: recoveryCodes[0] });
    expect(reused.status).toBe(401);
    const status = await one.http.get('/api/user/2fa');
    expect(status.json).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('answers 429 with Retry-After after five wrong codes', async () => {
    holdClock();
    const member = await createUser(s.db);
    const { secret } = await turnOn(await clientFor(s, member.id));
    const { http } = await passwordStep(member);
    for (let i = 0; i < 5; i++) {
      expect((await http.post('/api/login/2fa', { code: '000000' })).status).toBe(401);
    }
    const limited = await http.post('/api/login/2fa', { code: await codeAt(secret) });
    expect(limited.status).toBe(429);
    // The account is what waits: the answer says so and an unlock link is offered (issue 27).
    expect(limited.json).toMatchObject({
      message: LINK_MSG.accountLocked,
      reason: 'account_locked',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await http.get('/api/user')).status).toBe(401);
  });

  it("lets the owner's known browser past a code lock-out that someone with the password caused", async () => {
    holdClock();
    const member = await createUser(s.db);
    const { secret } = await turnOn(await clientFor(s, member.id));
    // The owner signed in on this browser before: it holds the account's device cookie.
    const owner = (await passwordStep(member)).http;
    expect((await owner.post('/api/login/2fa', { code: await codeAt(secret) })).status).toBe(200);
    expect(owner.cookieNamed('contest_device')).not.toBe('');
    expect((await owner.post('/api/logout')).status).toBe(200);
    // A stranger with the password guesses codes until the account is locked for them.
    const { http: stranger } = await passwordStep(member);
    for (let i = 0; i < 5; i++) {
      expect((await stranger.post('/api/login/2fa', { code: '000000' })).status).toBe(401);
    }
    expect((await stranger.post('/api/login/2fa', { code: await codeAt(secret) })).status).toBe(
      429,
    );
    // The owner's right code on their known browser is taken.
    const again = await owner.post('/api/login', {
      username: member.username,
      password: member.password,
    });
    expect(again.json).toEqual({ twoFactorRequired: true });
    const done = await owner.post('/api/login/2fa', { code: await codeAt(secret, 1) });
    expect(done.status, done.text).toBe(200);
    expect((await owner.get('/api/user')).status).toBe(200);
  });

  it('answers a bad body with 400 and words', async () => {
    for (const body of [{}, { code: '' }, { code: 12 }, { code: 'x'.repeat(100) }]) {
      const res = await new HttpClient(s.url).post('/api/login/2fa', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.json.message).toBe('string');
    }
  });
});

describe('/api/user/2fa', () => {
  it('sets up, regenerates recovery codes, and turns off with the password and a code', async () => {
    holdClock();
    const member = await createUser(s.db);
    const http = await clientFor(s, member.id);
    expect((await http.get('/api/user/2fa')).json).toMatchObject({
      enabled: false,
      requiredForRole: false,
    });
    const setup = await http.post('/api/user/2fa/setup');
    expect(setup.json).toMatchObject({
      secret: expect.stringMatching(/^[A-Z2-7]+$/),
      otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\//),
      qrCode: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    const secret = setup.json.secret as string;
    const wrong = await http.post('/api/user/2fa/enable', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ message: TWO_FACTOR_MSG.codeInvalid });
    const on = await http.post('/api/user/2fa/enable', { code: await codeAt(secret, -1) });
    expect(on.status).toBe(200);
    expect(on.json.recoveryCodes).toHaveLength(10);

    const fresh = await http.post('/api/user/2fa/recovery-codes', { code: await codeAt(secret) });
    expect(fresh.status).toBe(200);
    expect(fresh.json.recoveryCodes).toHaveLength(10);

    const noCode = await http.post('/api/user/2fa/disable', { password: member.password });
    expect(noCode.status).toBe(400);
    const badPassword = await http.post('/api/user/2fa/disable', {
      password: 'not-it-at-all',
      code: await codeAt(secret, 1),
    });
    expect(badPassword.status).toBe(400);
    expect(badPassword.json).toMatchObject({ message: TWO_FACTOR_MSG.passwordIncorrect });
    const off = await http.post('/api/user/2fa/disable', {
      password: member.password,
      code: await codeAt(secret, 1),
    });
    expect(off.status).toBe(200);
    expect((await http.get('/api/user/2fa')).json).toMatchObject({ enabled: false });
    expect((await passwordStep(member)).res.json).toMatchObject({ id: member.id });
  });
});

describe('DELETE /api/admin/users/:id/2fa', () => {
  it('lets an admin reset it (audited), and no one else', async () => {
    holdClock();
    const member = await createUser(s.db);
    const admin = await createUser(s.db, { role: 'admin' });
    await turnOn(await clientFor(s, member.id));
    const path = `/api/admin/users/${member.id}/2fa`;
    expect((await new HttpClient(s.url).delete(path)).status).toBe(401);
    expect((await (await clientFor(s, member.id)).delete(path)).status).toBe(403);

    const res = await (await clientFor(s, admin.id)).delete(path);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    const [entry] = await s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'user.2fa.reset',
      targetId: String(member.id),
    });
    expect((await passwordStep(member)).res.json).toMatchObject({ id: member.id });
    const again = await (await clientFor(s, admin.id)).delete(path);
    expect(again.status).toBe(409);
    expect((await (await clientFor(s, admin.id)).delete('/api/admin/users/abc/2fa')).status).toBe(
      404,
    );
  });
});

describe('staff required to use it', () => {
  it('answers 403 with the reason until they set it up; GET /api/user says so', async () => {
    holdClock();
    const current = await getPlatformSettings({ db: s.db });
    await savePlatformSettings({ db: s.db, value: { ...current, requireStaffTwoFactor: true } });
    try {
      const moderator = await createUser(s.db, { role: 'moderator' });
      const http = (await passwordStep(moderator)).http;
      const me = await http.get('/api/user');
      expect(me.status).toBe(200);
      expect(me.json).toMatchObject({ id: moderator.id, twoFactorSetupRequired: true });
      const refused = await http.get('/api/payments/proofs?status=pending');
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({
        message: TWO_FACTOR_MSG.setupRequired,
        reason: TWO_FACTOR_SETUP_REQUIRED,
      });
      // The multipart paths outside the REST table (an upload, a score file) admit by the same
      // rule as every procedure.
      const file = () => {
        const form = new FormData();
        form.append('file', new Blob(['username,score\nann,1'], { type: 'text/csv' }), 'f.csv');
        return form;
      };
      for (const path of ['/api/upload', '/api/contests/1/scores/csv']) {
        const multipart = await http.request('POST', path, file());
        expect(multipart.status, path).toBe(403);
        expect(multipart.json, path).toMatchObject({ reason: TWO_FACTOR_SETUP_REQUIRED });
      }
      await turnOn(http);
      expect((await http.get('/api/payments/proofs?status=pending')).status).toBe(200);
      expect((await http.get('/api/user')).json).not.toHaveProperty('twoFactorSetupRequired');
    } finally {
      await savePlatformSettings({ db: s.db, value: current });
    }
  });
});
