// The REST contract for password reset and e-mail verification, over real HTTP:
// POST /api/password/forgot { identifier } -> 202 (the same answer for unknown accounts, 429 with
// Retry-After past the limit); POST /api/password/reset { token, password, confirmPassword } ->
// 200, or 400 'This link has expired or was already used'; POST /api/email/verify { token };
// and the admins' GET /api/admin/outbox with POST /api/admin/outbox/{id}/retry.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../src/server/platform/db/schema';
import { ACCOUNT_LINK_MESSAGES as M } from '../../src/shared/schemas/accountLinks';
import { clientFor, signIn } from '../helpers/accounts';
import { createUser, type CreatedUser } from '../helpers/db';
import { latestLink, latestToken, mailsTo } from '../helpers/mail';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let admin: CreatedUser;
beforeAll(async () => {
  // Every request here comes from 127.0.0.1: room for the tests, the limit test has its own.
  s = await startTestServer({ limits: { resetRequestsPerIpPerHour: 1000 } });
  admin = await createUser(s.db, { role: 'admin' });
});
afterAll(() => s?.stop());

const anonymous = () => new HttpClient(s.url);

describe('POST /api/password/forgot', () => {
  it('answers 202 and the same body for a known and an unknown account', async () => {
    const member = await createUser(s.db);
    const known = await anonymous().post('/api/password/forgot', { identifier: member.email });
    const unknown = await anonymous().post('/api/password/forgot', {
      identifier: 'ghost@example.com',
    });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.json).toEqual(unknown.json);
    expect(known.json).toEqual({ success: true, message: M.forgotSent });
    expect(await mailsTo(s.db, member.email, 'password_reset')).toHaveLength(1);
    expect(await mailsTo(s.db, 'ghost@example.com')).toEqual([]);
  });

  it('links to the address the request came to (no PUBLIC_URL)', async () => {
    const member = await createUser(s.db);
    await anonymous().post('/api/password/forgot', { identifier: member.username });
    const link = await latestLink(s.db, member.email, 'password_reset', '/reset-password');
    expect(link.origin).toBe(s.url);
  });

  it('answers 400 with words for a body without an identifier', async () => {
    const res = await anonymous().post('/api/password/forgot', {});
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: M.identifierRequired });
  });
});

describe('POST /api/password/reset', () => {
  it('200 with a fresh link: every session of the account ends; 400 the second time', async () => {
    const member = await createUser(s.db);
    const browser = await signIn(s.url, member);
    expect((await browser.get('/api/user')).status).toBe(200);
    await anonymous().post('/api/password/forgot', { identifier: member.username });
    const token = await latestToken(s.db, member.email, 'password_reset');
    const body = { token, password: 'kestrel-orbit-93', confirmPassword: 'kestrel-orbit-93' };
    const done = await anonymous().post('/api/password/reset', body);
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ success: true, message: M.passwordReset });
    expect((await browser.get('/api/user')).status).toBe(401);
    const again = await anonymous().post('/api/password/reset', body);
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({
      message: 'This link has expired or was already used',
      reason: 'link_invalid',
    });
    // The new password signs in.
    const login = await anonymous().post('/api/login', {
      username: member.username,
      password: 'kestrel-orbit-93',
    });
    expect(login.status).toBe(200);
  });

  it('400 for an unknown token, and for passwords that do not match', async () => {
    const unknown = await anonymous().post('/api/password/reset', {
      token: 'A'.repeat(43),
      password: 'kestrel-orbit-93',
      confirmPassword: 'kestrel-orbit-93',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('This link has expired or was already used');
    const mismatch = await anonymous().post('/api/password/reset', {
      token: 'A'.repeat(43),
      password: 'kestrel-orbit-93',
      confirmPassword: 'kestrel-orbit-94',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.message).toBe('Passwords do not match');
  });
});

describe('POST /api/email/verify and /api/email/resend', () => {
  it('registration mails a link; verify answers 200 once, then 400', async () => {
    const res = await anonymous().post('/api/register', {
      username: 'rest_verify',
      email: 'rest_verify@example.com',
      password: 'kestrel-orbit-93',
      confirmPassword: 'kestrel-orbit-93',
    });
    expect(res.status).toBe(201);
    expect(res.json.emailVerifiedAt).toBeNull();
    const token = await latestToken(s.db, 'rest_verify@example.com', 'verify_email');
    const ok = await anonymous().post('/api/email/verify', { token });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({
      success: true,
      message: M.emailVerified,
      email: 'rest_verify@example.com',
    });
    const [row] = await s.db.select().from(users).where(eq(users.username, 'rest_verify'));
    expect(row!.emailVerifiedAt).not.toBeNull();
    const again = await anonymous().post('/api/email/verify', { token });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('This link has expired or was already used');
  });

  it('resend: 200 for a member, 401 for nobody, 429 past the limit', async () => {
    const member = await createUser(s.db);
    const http = await clientFor(s, member.id);
    for (let i = 0; i < 3; i++) expect((await http.post('/api/email/resend')).status).toBe(200);
    const limited = await http.post('/api/email/resend');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.json.message).toBe(M.tooManyMails);
    expect((await anonymous().post('/api/email/resend')).status).toBe(401);
  });
});

describe('GET /api/admin/outbox', () => {
  it('lists the messages, newest first, for admins; retry of one that did not fail is 409', async () => {
    const http = await clientFor(s, admin.id);
    const res = await http.get('/api/admin/outbox?pageSize=5');
    expect(res.status).toBe(200);
    expect(res.json.items).toHaveLength(5);
    expect(res.json.smtpConfigured).toBe(false);
    const first = (res.json.items as { id: number; createdAt: string; text: string }[])[0]!;
    expect(first.text.length).toBeGreaterThan(0);
    expect(new Date(first.createdAt).toISOString()).toBe(first.createdAt);
    const retry = await http.post(`/api/admin/outbox/${first.id}/retry`);
    expect(retry.status).toBe(409);
    const member = await clientFor(s, (await createUser(s.db)).id);
    expect((await member.get('/api/admin/outbox')).status).toBe(403);
  });

  it('retries a failed message', async () => {
    const [row] = await s.db
      .insert(mailOutbox)
      .values({
        toAddress: 'failed@example.com',
        subject: 'Failed',
        textBody: 'Failed body',
        kind: 'notice',
        status: 'failed',
        attempts: 6,
        lastError: 'connect ECONNREFUSED 127.0.0.1:1',
      })
      .returning({ id: mailOutbox.id });
    const res = await (await clientFor(s, admin.id)).post(`/api/admin/outbox/${row!.id}/retry`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'queued', attempts: 0 });
  });
});

describe('the limit per address', () => {
  it('answers 429 with Retry-After after 10 reset requests an hour from one address', async () => {
    const limited = await startTestServer();
    try {
      const client = new HttpClient(limited.url);
      for (let i = 0; i < 10; i++) {
        expect((await client.post('/api/password/forgot', { identifier: `x${i}` })).status).toBe(
          202,
        );
      }
      const res = await client.post('/api/password/forgot', { identifier: 'another' });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(res.json.message).toBe(M.tooManyResets);
    } finally {
      await limited.stop();
    }
  });
});
