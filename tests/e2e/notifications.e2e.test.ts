// Notifications in Chromium (issue 20): an admin verifies a member's payment proof in one browser;
// the member's bell, open in another, counts it at once without a reload; the bell's popover and
// the /notifications page show it, linking to the contest; 'Mark all read' clears the count; the
// e-mail of it reaches a real (local) SMTP server and is listed in the admins' Outbox; and the
// member's choice per kind in Account Settings.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mailOutbox } from '../../src/server/platform/db/schema';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { configureNetwork, insertProof } from '../helpers/payments';
import { expectText, pathOf } from './flows';
import { standaloneStage } from './stage';
import { sendThroughLocalSmtp } from './localMail';

const stage = standaloneStage();
// This file's server sends through a local SMTP server, as SMTP_URL would make it.
const localSmtp = sendThroughLocalSmtp(stage);
let admin: CreatedUser;
let member: CreatedUser;
let contest: { id: number; slug: string };

async function toast(page: Page, title: string) {
  await page.getByRole('status').filter({ hasText: title }).first().waitFor({ timeout: 15_000 });
}

beforeEach(async () => {
  const { db } = stage.s;
  admin = await createUser(db, { role: 'admin', username: 'bell_admin' });
  member = await createUser(db, { username: 'bell_member' });
  await configureNetwork(db, 'ETH');
  contest = await insertContest(db, {
    createdBy: admin.id,
    title: 'Bell Cup',
    participationType: 'paid',
    entryFee: '40',
  });
  await insertProof(db, { userId: member.id, contestId: contest.id });
});

describe('a proof verified reaches the member', () => {
  it('the bell counts it live, the page shows it, mark all read clears it, and the e-mail is delivered and listed in the Outbox', async () => {
    const [memberPage, adminPage] = await Promise.all([stage.pageAs(member), stage.pageAs(admin)]);
    await memberPage.goto(stage.url('/contests'));
    const quietBell = memberPage.getByRole('button', { name: 'Notifications', exact: true });
    await quietBell.waitFor();
    await memberPage.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    await adminPage.goto(stage.url('/admin/subscriptions'));
    await adminPage
      .getByRole('row')
      .filter({ hasText: member.username })
      .filter({ hasText: 'Entry fee: Bell Cup' })
      .getByRole('button', { name: /^Verify/ })
      .click();
    await adminPage
      .getByRole('alertdialog', { name: 'Verify Payment' })
      .getByRole('button', { name: 'Verify' })
      .click();
    await toast(adminPage, 'Payment verified');

    // Live: the verification and the join it made, counted without a reload.
    const bell = memberPage.getByRole('button', { name: 'Notifications, 2 unread' });
    await bell.waitFor({ timeout: 15_000 });
    expect(
      await memberPage.evaluate(
        () => (window as unknown as { stillHere?: boolean }).stillHere === true,
      ),
    ).toBe(true);

    await bell.click();
    const popover = memberPage.getByRole('dialog', { name: 'Notifications' });
    await popover.getByRole('link', { name: 'Payment verified' }).waitFor();
    await popover.getByRole('link', { name: 'You joined Bell Cup' }).waitFor();
    await popover.getByRole('link', { name: 'See all notifications' }).click();
    await memberPage.waitForURL(stage.url('/notifications'));
    await memberPage.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await expectText(memberPage, '2 unread');
    const list = memberPage.getByRole('list', { name: 'Notifications' });
    await list
      .getByText(
        /^We verified your entry fee of [0-9.]+ USD for “Bell Cup”\. You are now taking part\.$/,
      )
      .waitFor();
    expect(await list.getByRole('link', { name: 'Payment verified' }).getAttribute('href')).toBe(
      `/contests/${contest.slug}`,
    );

    await memberPage.getByRole('button', { name: 'Mark all read' }).click();
    await toast(memberPage, 'All notifications marked read');
    await expectText(memberPage, 'You are all caught up');
    await memberPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await memberPage.getByLabel('Show').selectOption('unread');
    await expectText(memberPage, 'No unread notifications.');

    // The e-mail (payments are e-mailed by default): queued for the member, read by an admin.
    const mails = await stage.s.db
      .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, member.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(member.email);
    expect(mails[0]!.text).toContain(`/contests/${contest.slug}`);
    // ...and delivered through SMTP, with the link to the contest.
    const delivered = await localSmtp().waitFor(member.email);
    expect(delivered.subject).toMatch(/^Payment verified/);
    expect(delivered.text).toContain(`/contests/${contest.slug}`);
    await adminPage.goto(stage.url('/admin/outbox'));
    const row = adminPage.getByRole('row').filter({ hasText: member.email });
    await row.getByText(/^Payment verified/).waitFor();
  });

  it('Account Settings keeps a choice per kind', async () => {
    const page = await stage.pageAs(member);
    await page.goto(stage.url('/settings'));
    const choice = page.getByLabel('Payment verified');
    await choice.waitFor();
    expect(await choice.inputValue()).toBe('email');
    expect(await page.getByLabel('Score changed').inputValue()).toBe('in_app');
    await choice.selectOption('in_app');
    await toast(page, 'Notification preferences saved');
    await page.reload();
    await page.getByLabel('Payment verified').waitFor();
    expect(await page.getByLabel('Payment verified').inputValue()).toBe('in_app');
    expect(pathOf(page)).toBe('/settings');
  });
});
