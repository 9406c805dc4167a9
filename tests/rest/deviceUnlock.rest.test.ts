// OWASP's other half of device cookies (issue 27): guesses by a stranger lock an account for
// every browser it does not know, its owner's new one too. The refused sign-in mails an unlock
// link to the account's verified address; opened in a browser (POST /api/login/trust-device),
// it makes that browser a known device, which the lock lets through with the password. The link
// signs no one in, works once, and nothing tells a stranger whether an account exists.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../src/server/platform/db/schema';
import { ACCOUNT_LINK_MESSAGES as M } from '../../src/shared/schemas/accountLinks';
import { clientFor } from '../helpers/accounts';
import { createUser, type CreatedUser } from '../helpers/db';
import { latestToken, mailsTo } from '../helpers/mail';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';
import { codeAt, holdClock } from '../helpers/twoFactor';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ trustProxy: true });
});
afterAll(() => s?.stop());

let ipCounter = 0;
/** A browser of its own at an address of its own. */
function browser() {
  ipCounter += 1;
  const ip = `10.61.0.${ipCounter}`;
  const c = new HttpClient(s.url);
  const request = c.request.bind(c);
  c.request = (method, path, body, headers = {}) =>
    request(method, path, body, { 'x-forwarded-for': ip, ...headers });
  return c;
}

async function verifiedMember(): Promise<CreatedUser> {
  const member = await createUser(s.db);
  await s.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, member.id));
  return member;
}

/** A stranger's wrong guesses until the account waits: the answer that says it is locked. */
async function lockOut(username: string) {
  const stranger = browser();
  for (let i = 0; i < 5; i += 1) {
    const res = await stranger.post('/api/login', { username, password: `wrong-guess-${i}` });
    expect(res.status).toBe(401);
  }
  const locked = await stranger.post('/api/login', { username, password: 'wrong-guess-9' });
  expect(locked.status).toBe(429);
  return locked;
}

describe('POST /api/login/trust-device', () => {
  it("lets the owner's new browser in after a stranger locked the account, once", async () => {
    const member = await verifiedMember();
    const locked = await lockOut(member.username);
    expect(locked.json).toMatchObject({ message: M.accountLocked, reason: 'account_locked' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);

    // The owner, on a browser the account does not know: locked out too, right password or not.
    const owner = browser();
    const refused = await owner.post('/api/login', member);
    expect(refused.status).toBe(429);
    // The mail went to the verified address: one link (the account's mail limit), not per try.
    const mails = await mailsTo(s.db, member.email, 'unlock_device');
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails[0]!.textBody).toContain('/trust-device?token=');
    const token = await latestToken(s.db, member.email, 'unlock_device');

    const trusted = await owner.post('/api/login/trust-device', { token });
    expect(trusted.status, trusted.text).toBe(200);
    expect(trusted.json).toEqual({
      success: true,
      message: M.deviceTrusted,
      username: member.username,
    });
    // No one is signed in by the link itself.
    expect((await owner.get('/api/user')).status).toBe(401);
    expect(owner.cookieNamed('contest_device')).not.toBe('');

    const signedIn = await owner.post('/api/login', member);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect((await owner.get('/api/user')).status).toBe(200);
    // The stranger is still locked out, and the link works once.
    expect((await browser().post('/api/login', { ...member, password: 'x-guess' })).status).toBe(
      429,
    );
    const again = await browser().post('/api/login/trust-device', { token });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ message: M.linkInvalid, reason: 'link_invalid' });
  });

  it('offers the same way in when codes guessed by someone with the password lock the code step', async () => {
    holdClock();
    try {
      const member = await verifiedMember();
      const setup = await (await clientFor(s, member.id)).post('/api/user/2fa/setup');
      const secret = setup.json.secret as string;
      const http = await clientFor(s, member.id);
      expect(
        (await http.post('/api/user/2fa/enable', { code: await codeAt(secret, -1) })).status,
      ).toBe(200);
      // Someone holding the password guesses codes until the code step is locked.
      const stranger = browser();
      expect((await stranger.post('/api/login', member)).json).toEqual({ twoFactorRequired: true });
      for (let i = 0; i < 5; i += 1) {
        expect((await stranger.post('/api/login/2fa', { code: '000000' })).status).toBe(401);
      }
      // The owner on a new browser: the password step passes, the code step is locked and says so.
      const owner = browser();
      expect((await owner.post('/api/login', member)).json).toEqual({ twoFactorRequired: true });
      const locked = await owner.post('/api/login/2fa', { code: await codeAt(secret) });
      expect(locked.status).toBe(429);
      expect(locked.json).toMatchObject({ message: M.accountLocked, reason: 'account_locked' });
      const token = await latestToken(s.db, member.email, 'unlock_device');
      expect((await owner.post('/api/login/trust-device', { token })).status).toBe(200);
      // Trusted: the password and the code sign in.
      expect((await owner.post('/api/login', member)).json).toEqual({ twoFactorRequired: true });
      const done = await owner.post('/api/login/2fa', { code: await codeAt(secret, 1) });
      expect(done.status, done.text).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('mails nothing for an unverified address or an unknown name, and says the same', async () => {
    const unverified = await createUser(s.db);
    const a = await lockOut(unverified.username);
    const b = await lockOut('nobody_by_this_name');
    expect(a.json).toEqual(b.json);
    expect(await mailsTo(s.db, unverified.email, 'unlock_device')).toEqual([]);
  });

  it('refuses a made-up or missing token with 400 and words', async () => {
    const made = await browser().post('/api/login/trust-device', { token: 'not-a-real-token' });
    expect(made.status).toBe(400);
    expect(made.json).toMatchObject({ message: M.linkInvalid });
    const missing = await browser().post('/api/login/trust-device', {});
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ message: M.tokenRequired });
  });
});
