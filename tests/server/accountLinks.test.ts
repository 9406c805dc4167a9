// Password reset and e-mail verification (issue 20), procedure by procedure: the same answer for
// unknown accounts, the limits per IP and per account, a single-use link valid 30 minutes whose
// token is stored hashed, every session ended and an audit row on success; verification at
// registration, on request and after an address change.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountTokens,
  auditLog,
  mailOutbox,
  sessions,
  users,
} from '../../src/server/platform/db/schema';
import { ACCOUNT_LINK_MESSAGES as M } from '../../src/shared/schemas/accountLinks';
import { MSG } from '../../src/shared/messages';
import { callerFor, createTestDb, createUser, memoryCookie, type TestDb } from '../helpers/db';
import { createCaller } from '../../src/server/trpc/routers/_app';
import { createContextInner } from '../../src/server/trpc/context';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { refusal } from '../helpers/errors';
import { latestLink, latestToken, mailsTo } from '../helpers/mail';
import { requestPasswordReset } from '../../src/server/domain/accounts/passwordReset';
import {
  accountMailSettled,
  holdAccountMail,
  pendingAccountMail,
} from '../../src/server/domain/accounts/afterAnswer';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

let ips = 0;
/** Each test asks from an address of its own, so the per-IP limit is the limit test's alone. */
const anonymous = (ip = `10.0.0.${++ips}`) => callerFor(t, undefined, ip).caller;

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('password.forgot', () => {
  it('answers the same for an unknown account and queues nothing', async () => {
    const known = await createUser(t.db);
    const before = (await t.db.select().from(mailOutbox)).length;
    const unknown = await anonymous().password.forgot({ identifier: 'nobody-by-this-name' });
    const unknownMail = await anonymous().password.forgot({ identifier: 'nobody@example.com' });
    const real = await anonymous().password.forgot({ identifier: known.username });
    // The mail is queued after the answer.
    await accountMailSettled();
    expect(unknown).toEqual(real);
    expect(unknownMail).toEqual(real);
    expect(real).toEqual({ success: true, message: M.forgotSent });
    expect((await t.db.select().from(mailOutbox)).length).toBe(before + 1);
  });

  it('finds the account by username or e-mail, any case, and mails a reset link to its address', async () => {
    const member = await createUser(t.db);
    await anonymous().password.forgot({ identifier: member.email.toUpperCase() });
    await anonymous().password.forgot({ identifier: member.username.toUpperCase() });
    const mails = await mailsTo(t.db, member.email, 'password_reset');
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Reset your Contest Platform password');
    expect(mails[0]!.userId).toBe(member.id);
    expect(mails[0]!.textBody).toContain(`Hello ${member.username},`);
    expect(mails[0]!.textBody).toContain('30 minutes');
    expect(mails[0]!.htmlBody).toContain('Choose a new password');
    const link = await latestLink(t.db, member.email, 'password_reset', '/reset-password');
    // No PUBLIC_URL and no request address in a procedure test: the fallback origin.
    expect(link.origin).toBe('http://localhost');
  });

  it('builds links from PUBLIC_URL when it is set, and carries the platform’s name', async () => {
    const member = await createUser(t.db);
    await callerFor(t, await createUser(t.db, { role: 'admin' })).caller.adminSettings.update({
      siteName: 'Kestrel Cup',
    });
    t.deps.publicOrigin = 'https://contests.example.org';
    try {
      await anonymous().password.forgot({ identifier: member.username });
      // The mail is written after the answer: the platform's name must still be this one then.
      await accountMailSettled();
    } finally {
      t.deps.publicOrigin = undefined;
      await callerFor(t, await createUser(t.db, { role: 'admin' })).caller.adminSettings.update({
        siteName: 'Contest Platform',
      });
    }
    const link = await latestLink(t.db, member.email, 'password_reset', '/reset-password');
    expect(link.origin).toBe('https://contests.example.org');
    const [mail] = await mailsTo(t.db, member.email, 'password_reset');
    expect(mail!.subject).toBe('Reset your Kestrel Cup password');
    expect(mail!.htmlBody).toContain('Kestrel Cup');
  });

  it('keeps only the SHA-256 of the token, valid for 30 minutes', async () => {
    const member = await createUser(t.db);
    await anonymous().password.forgot({ identifier: member.username });
    const token = await latestToken(t.db, member.email, 'password_reset');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(30 * 60 * 1000);
  });

  it('sends an account at most 3 links an hour, answering the same after that', async () => {
    const member = await createUser(t.db);
    for (let i = 0; i < 5; i++) {
      expect(await anonymous().password.forgot({ identifier: member.username })).toEqual({
        success: true,
        message: M.forgotSent,
      });
    }
    expect(await mailsTo(t.db, member.email, 'password_reset')).toHaveLength(3);
  });

  it('refuses an address after 10 requests an hour (429), whatever accounts they name', async () => {
    const caller = anonymous('10.9.9.9');
    for (let i = 0; i < 10; i++) await caller.password.forgot({ identifier: `someone${i}` });
    const refused = await refusal(caller.password.forgot({ identifier: 'someone-else' }));
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: M.tooManyResets });
    // Another address is not affected.
    await anonymous('10.9.9.10').password.forgot({ identifier: 'someone-else' });
  });

  it('sends nothing to a banned account', async () => {
    const banned = await createUser(t.db, { role: 'banned' });
    await anonymous().password.forgot({ identifier: banned.username });
    expect(await mailsTo(t.db, banned.email)).toEqual([]);
  });

  it('answers before looking the account up, for a known account as for an unknown one', async () => {
    const member = await createUser(t.db);
    await accountMailSettled();
    const release = holdAccountMail();
    try {
      const known = await anonymous().password.forgot({ identifier: member.username });
      const unknown = await anonymous().password.forgot({ identifier: 'nobody-named-this' });
      // Both answered while their look-ups were held: neither answer waited for one.
      expect(known).toEqual(unknown);
      expect(pendingAccountMail()).toBe(2);
      expect(
        await t.db.select().from(accountTokens).where(eq(accountTokens.userId, member.id)),
      ).toEqual([]);
      expect(
        await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.email)),
      ).toEqual([]);
    } finally {
      release();
    }
    await accountMailSettled();
    expect(pendingAccountMail()).toBe(0);
    expect(await mailsTo(t.db, member.email, 'password_reset')).toHaveLength(1);
  });

  it('reports a failure after the answer to its onError, the answer unchanged', async () => {
    const member = await createUser(t.db);
    const failing: RateLimiterAbstract = Object.assign(
      Object.create(t.deps.limits.accountMail) as RateLimiterAbstract,
      { consume: () => Promise.reject(new Error('limit store out of reach')) },
    );
    const errors: unknown[] = [];
    const queued: string[] = [];
    await requestPasswordReset({
      db: t.db,
      limits: { ...t.deps.limits, accountMail: failing },
      ip: '10.8.8.8',
      identifier: member.username,
      origin: 'http://localhost',
      onQueued: () => queued.push('queued'),
      onError: (error) => errors.push(error),
    });
    await accountMailSettled();
    expect(errors).toEqual([new Error('limit store out of reach')]);
    expect(queued).toEqual([]);
    expect(await mailsTo(t.db, member.email)).toEqual([]);
  });

  it('refuses an empty identifier with words', async () => {
    expect(await refusal(anonymous().password.forgot({ identifier: '  ' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.identifierRequired,
    });
  });
});

describe('password.reset', () => {
  async function resetLinkFor(member: { username: string; email: string }) {
    await anonymous().password.forgot({ identifier: member.username });
    return latestToken(t.db, member.email, 'password_reset');
  }

  it('sets the new password, ends every session of the account, and is audited', async () => {
    const member = await createUser(t.db);
    // Two browsers signed in.
    const one = callerFor(t, member);
    const two = callerFor(t, member);
    await Promise.all([one.signedIn, two.signedIn]);
    const token = await resetLinkFor(member);
    const done = await anonymous('10.1.2.3').password.reset({
      token,
      password: 'kestrel-orbit-93',
      confirmPassword: 'kestrel-orbit-93',
    });
    expect(done).toEqual({ success: true, message: M.passwordReset });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    expect(await one.caller.auth.me()).toBeNull();
    expect(await two.caller.auth.me()).toBeNull();
    // The old password no longer signs in; the new one does.
    const login = (password: string) =>
      createCaller(() => createContextInner({ deps: t.deps, cookie: memoryCookie() })).auth.login({
        username: member.username,
        password,
      });
    expect((await refusal(login(member.password))).message).toBe(MSG.invalidCredentials);
    expect(await login('kestrel-orbit-93')).toMatchObject({ id: member.id });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.password_reset'));
    expect(audit).toMatchObject({
      actorId: member.id,
      targetType: 'user',
      targetId: String(member.id),
      ip: '10.1.2.3',
    });
    // The link reached the account's address: that address is verified now.
    expect((await userRow(member.id)).emailVerifiedAt).not.toBeNull();
  });

  it('works once: a used link is refused with the issue’s words', async () => {
    const member = await createUser(t.db);
    const token = await resetLinkFor(member);
    const input = { token, password: 'kestrel-orbit-93', confirmPassword: 'kestrel-orbit-93' };
    await anonymous().password.reset(input);
    expect(
      await refusal(
        anonymous().password.reset({
          ...input,
          password: 'another-one-77',
          confirmPassword: 'another-one-77',
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: M.linkInvalid, reason: 'link_invalid' });
  });

  it('refuses a link older than 30 minutes, and an unknown one', async () => {
    const member = await createUser(t.db);
    const token = await resetLinkFor(member);
    // Half an hour and a moment later.
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.userId, member.id));
    const input = { password: 'kestrel-orbit-93', confirmPassword: 'kestrel-orbit-93' };
    expect(await refusal(anonymous().password.reset({ token, ...input }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.linkInvalid,
    });
    expect(
      await refusal(anonymous().password.reset({ token: 'x'.repeat(43), ...input })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: M.linkInvalid });
    const row = await userRow(member.id);
    expect(await t.deps.passwords.verify(member.password, row.password)).toBe(true);
  });

  it('asks for a password under the usual rules, and the link still works after a refusal', async () => {
    const member = await createUser(t.db);
    const token = await resetLinkFor(member);
    const reset = (password: string, confirmPassword = password) =>
      refusal(anonymous().password.reset({ token, password, confirmPassword }));
    expect(await reset('12345')).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Password must be at least 6 characters',
    });
    expect(await reset('kestrel-orbit-93', 'kestrel-orbit-94')).toMatchObject({
      message: MSG.passwordsDoNotMatch,
    });
    expect(await reset('password')).toMatchObject({ message: MSG.passwordCommon });
    expect(await reset(member.username)).toMatchObject({ message: MSG.passwordIsUsername });
    expect(await reset(member.email)).toMatchObject({ message: MSG.passwordIsEmail });
    await anonymous().password.reset({
      token,
      password: 'kestrel-orbit-93',
      confirmPassword: 'kestrel-orbit-93',
    });
  });

  it('a newer link does not revive an older one after the reset, and the reset retires both', async () => {
    const member = await createUser(t.db);
    const first = await resetLinkFor(member);
    const second = await resetLinkFor(member);
    const input = { password: 'kestrel-orbit-93', confirmPassword: 'kestrel-orbit-93' };
    await anonymous().password.reset({ token: second, ...input });
    expect((await refusal(anonymous().password.reset({ token: first, ...input }))).message).toBe(
      M.linkInvalid,
    );
  });

  it('two submissions of one link at once: exactly one succeeds', async () => {
    const member = await createUser(t.db);
    const token = await resetLinkFor(member);
    const results = await Promise.allSettled(
      ['kestrel-orbit-93', 'another-one-77'].map((password) =>
        anonymous().password.reset({ token, password, confirmPassword: password }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('e-mail verification', () => {
  const register = (name: string) =>
    callerFor(t).caller.auth.register({
      username: name,
      email: `${name}@example.com`,
      password: 'kestrel-orbit-93',
      confirmPassword: 'kestrel-orbit-93',
    });

  it('registration queues a link; opening it verifies the address, once', async () => {
    const user = await register('verify_me');
    expect(user.emailVerifiedAt).toBeNull();
    const [mail] = await mailsTo(t.db, 'verify_me@example.com', 'verify_email');
    expect(mail).toMatchObject({
      subject: 'Confirm your e-mail address for Contest Platform',
      status: 'queued',
      userId: user.id,
    });
    const token = await latestToken(t.db, 'verify_me@example.com', 'verify_email');
    expect(await anonymous().email.verify({ token })).toEqual({
      success: true,
      message: M.emailVerified,
      email: 'verify_me@example.com',
    });
    expect((await userRow(user.id)).emailVerifiedAt).not.toBeNull();
    expect(await refusal(anonymous().email.verify({ token }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.linkInvalid,
    });
    // auth.me says so.
    const me = await callerFor(t, user).caller.auth.me();
    expect(me!.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('email.resend sends a new link, at most 3 an hour, and not once verified', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    for (let i = 0; i < 3; i++) {
      expect(await caller.email.resend()).toEqual({ success: true, message: M.verificationSent });
    }
    expect(await refusal(caller.email.resend())).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: M.tooManyMails,
    });
    expect(await mailsTo(t.db, member.email, 'verify_email')).toHaveLength(3);
    await anonymous().email.verify({
      token: await latestToken(t.db, member.email, 'verify_email'),
    });
    const other = await createUser(t.db);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, other.id));
    expect(await refusal(callerFor(t, other).caller.email.resend())).toMatchObject({
      code: 'CONFLICT',
      message: M.alreadyVerified,
    });
  });

  it('changing the address un-verifies it and mails the new one; the old link verifies nothing', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    await caller.email.resend();
    const oldToken = await latestToken(t.db, member.email, 'verify_email');
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, member.id));
    const newEmail = `moved.${member.email}`;
    const updated = await caller.account.updateProfile({ email: newEmail });
    expect(updated.emailVerifiedAt).toBeNull();
    expect(await refusal(anonymous().email.verify({ token: oldToken }))).toMatchObject({
      message: M.linkInvalid,
    });
    expect((await userRow(member.id)).emailVerifiedAt).toBeNull();
    await anonymous().email.verify({ token: await latestToken(t.db, newEmail, 'verify_email') });
    expect((await userRow(member.id)).emailVerifiedAt).not.toBeNull();
    // The same address again (another case) changes nothing and sends nothing.
    const mails = (await mailsTo(t.db, newEmail)).length;
    const same = await caller.account.updateProfile({ email: newEmail.toUpperCase() });
    expect(same.emailVerifiedAt).not.toBeNull();
    expect(await mailsTo(t.db, newEmail)).toHaveLength(mails);
  });

  it('a profile change that leaves the address alone keeps it verified', async () => {
    const member = await createUser(t.db);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, member.id));
    const updated = await callerFor(t, member).caller.account.updateProfile({ fullName: 'Ada' });
    expect(updated.emailVerifiedAt).not.toBeNull();
  });
});
