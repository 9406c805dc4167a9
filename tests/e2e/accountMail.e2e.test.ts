// Mail in a real browser with a real SMTP server on 127.0.0.1 (issue 20): 'Forgot password?' →
// the mail arrives at the local SMTP server → its link opens the reset page → a new password →
// signed in with it (and the old sessions are gone). Then a member held back by 'Require a
// verified e-mail' asks for a new link from the contest page, opens it and joins; an owner
// locked out by a stranger's guesses trusts a new browser with the mailed unlock link; and an
// admin reads the Outbox.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { getPlatformSettings, savePlatformSettings } from '../../src/server/domain/settings';
import { mailOutbox, users } from '../../src/server/platform/db/schema';
import { insertContest } from '../helpers/contests';
import { createUser } from '../helpers/db';
import { linkIn } from '../helpers/smtp';
import { expectText, pathOf, signInThroughForm } from './flows';
import { standaloneStage } from './stage';
import { sendThroughLocalSmtp } from './localMail';

const stage = standaloneStage();
// This file's server sends through a local SMTP server, as SMTP_URL would make it.
const localSmtp = sendThroughLocalSmtp(stage);

describe('forgot password', () => {
  it('mail → link → new password → signed in with it; the old session has ended', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_forgetful' });
    // Signed in elsewhere before: that session must end with the reset.
    const elsewhere = await stage.pageAs(member);
    await elsewhere.goto(stage.url('/settings'));
    await expectText(elsewhere, 'Account Settings');

    const page = await stage.anonymousPage();
    await page.goto(stage.url('/auth'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(stage.url('/forgot-password'));
    const received = localSmtp().messages.length;
    await page.getByLabel('Username or e-mail').fill(member.email.toUpperCase());
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectText(page, 'Check your e-mail');

    const mail = await localSmtp().waitFor(member.email, { after: received });
    expect(mail.subject).toBe('Reset your Contest Platform password');
    expect(mail.from).toBe('noreply@test.example');
    const link = linkIn(mail, '/reset-password');
    expect(link.origin).toBe(stage.s.url);
    expect(mail.html).toContain(link.searchParams.get('token'));

    await page.goto(link.toString());
    await page.getByLabel('New Password', { exact: true }).fill('kestrel-orbit-93');
    await page.getByLabel('Confirm New Password').fill('kestrel-orbit-94');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectText(page, 'Passwords do not match');
    await page.getByLabel('Confirm New Password').fill('kestrel-orbit-93');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectText(page, 'Your password has been changed. Sign in with your new password.');

    // The same link a second time: the words, and a way to ask again.
    await page.goto(link.toString());
    await page.getByLabel('New Password', { exact: true }).fill('another-pass-77');
    await page.getByLabel('Confirm New Password').fill('another-pass-77');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectText(page, 'This link has expired or was already used');
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();

    await signInThroughForm(page, stage.s.url, member.username, 'kestrel-orbit-93');
    expect(pathOf(page)).toBe('/');

    // The browser signed in before the reset is signed out.
    await elsewhere.goto(stage.url('/settings'));
    await elsewhere.waitForURL(stage.url('/auth?next=%2Fsettings'));
  });
});

describe('an account locked by a stranger', () => {
  /** One sign-in through the form, waiting for its alert. */
  async function tryLogin(page: Page, username: string, password: string, alert: string) {
    await page.goto(stage.url('/auth'));
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: alert }).first().waitFor();
  }

  it('the owner trusts a new browser with the mailed link and signs in with it', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_locked_owner' });
    await stage.s.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, member.id));
    const stranger = await stage.anonymousPage();
    for (let i = 0; i < 5; i++) {
      await tryLogin(stranger, member.username, `wrong-guess-${i}`, 'Invalid username or password');
    }
    const received = localSmtp().messages.length;
    // The owner, on a browser the account does not know: the lock holds, and says what was sent.
    const page = await stage.anonymousPage();
    await tryLogin(page, member.username, member.password, 'we have sent it a link');

    const mail = await localSmtp().waitFor(member.email, { after: received });
    expect(mail.subject).toBe('Sign-ins to your Contest Platform account are paused');
    await page.goto(linkIn(mail, '/trust-device').toString());
    await page.getByRole('button', { name: 'Trust this browser' }).click();
    await expectText(page, 'This browser is now trusted for your account');

    await signInThroughForm(page, stage.s.url, member.username, member.password);
    expect(pathOf(page)).toBe('/');
  });
});

describe('a verified e-mail required to join', () => {
  async function requireVerifiedEmail() {
    const settings = await getPlatformSettings({ db: stage.s.db });
    await savePlatformSettings({
      db: stage.s.db,
      value: { ...settings, requireVerifiedEmail: true },
    });
  }

  it('the contest page says why, sends a new link; the link verifies; then the member joins', async () => {
    await requireVerifiedEmail();
    const admin = await createUser(stage.s.db, { role: 'admin' });
    const member = await createUser(stage.s.db, { username: 'e2e_unverified' });
    const contest = await insertContest(stage.s.db, {
      createdBy: admin.id,
      status: 'active',
      title: 'Verified Only Cup',
    });
    const page = await stage.pageAs(member);
    await page.goto(stage.url(`/contests/${contest.id}`));
    await expectText(page, 'Verify your e-mail address');
    const received = localSmtp().messages.length;
    await page.getByRole('button', { name: 'Send verification e-mail again' }).click();
    await expectText(page, 'Verification e-mail sent');

    const mail = await localSmtp().waitFor(member.email, { after: received });
    expect(mail.subject).toBe('Confirm your e-mail address for Contest Platform');
    await page.goto(linkIn(mail, '/verify-email').toString());
    await expectText(page, 'Your e-mail address is verified');

    await page.goto(stage.url(`/contests/${contest.id}`));
    await page.getByRole('button', { name: 'Register Now' }).click();
    await expectText(page, 'Registration Successful');

    // Account Settings says so too.
    await page.goto(stage.url('/settings'));
    await page.getByText('Verified', { exact: true }).waitFor();
  });
});

describe('the admins’ Outbox', () => {
  it('lists the messages with their state, reads one, and sends a failed one again', async () => {
    const admin = await createUser(stage.s.db, { role: 'admin' });
    const [failed] = await stage.s.db
      .insert(mailOutbox)
      .values({
        toAddress: 'bounced@example.com',
        subject: 'Bounced once too often',
        textBody: 'The text of the bounced message.',
        kind: 'notice',
        status: 'failed',
        attempts: 6,
        lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      })
      .returning({ id: mailOutbox.id });
    const page = await stage.pageAs(admin);
    await page.goto(stage.url('/admin'));
    await page.getByRole('link', { name: 'Outbox' }).first().click();
    await page.waitForURL(stage.url('/admin/outbox'));
    await expectText(page, 'bounced@example.com');
    await expectText(page, 'connect ECONNREFUSED 127.0.0.1:2525');
    await page.getByRole('button', { name: `Read message ${failed!.id}` }).click();
    await expectText(page, 'The text of the bounced message.');
    await page.getByRole('button', { name: `Retry message ${failed!.id}` }).click();
    await expectText(page, 'Message queued again');
    // The sender takes it at once and the local SMTP server has it.
    expect((await localSmtp().waitFor('bounced@example.com')).subject).toBe(
      'Bounced once too often',
    );
    await expect
      .poll(
        async () =>
          (
            await stage.s.db
              .select({ status: mailOutbox.status })
              .from(mailOutbox)
              .where(eq(mailOutbox.id, failed!.id))
          )[0]!.status,
        { timeout: 15_000 },
      )
      .toBe('sent');
  });
});
