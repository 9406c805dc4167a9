// Paying a winner in Chromium (issue 30): a contest's confirmed results made a payout line (staged
// here through payouts' createPayoutLines, as confirming results does); on the admins' Payouts
// page one admin approves it, is refused when marking it sent themselves, and a second admin marks
// it sent: a hash in the wrong shape gets Ethereum's message under the field, a good one leaves the
// row Sent with the hash. The CSV link with the page's filters lists the line.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPayoutLines } from '../../src/server/domain/payouts';
import { payoutMethods, payouts } from '../../src/server/platform/db/schema';
import { txHashFormatMessage } from '../../src/shared/payments';
import { PAYOUT_MESSAGES } from '../../src/shared/payouts';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { txHash } from '../helpers/payments';
import { expectText } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1440, height: 900 } });
let approver: CreatedUser;
let sender: CreatedUser;
let winner: CreatedUser;
let cup: { id: number; title: string; slug: string };

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const CONTEST = 'Harbour Cup';

beforeEach(async () => {
  const { db } = stage.s;
  approver = await createUser(db, { role: 'admin', username: 'payout_approver' });
  sender = await createUser(db, { role: 'admin', username: 'payout_sender' });
  winner = await createUser(db, { username: 'cup_winner' });
  await db.insert(payoutMethods).values({
    userId: winner.id,
    paymentMethod: 'crypto',
    cryptoCurrency: 'USDT',
    cryptoAddress: WALLET,
  });
  cup = await insertContest(db, {
    createdBy: approver.id,
    status: 'completed',
    title: CONTEST,
  });
  await createPayoutLines(db, {
    contestId: cup.id,
    contestTitle: cup.title,
    contestSlug: cup.slug,
    lines: [
      {
        userId: winner.id,
        username: winner.username,
        teamName: null,
        place: 1,
        placeText: '1st',
        amount: '1750',
        currency: 'USDT',
      },
    ],
  });
});

async function payoutsPage(admin: CreatedUser): Promise<Page> {
  const page = await stage.pageAs(admin);
  await page.goto(stage.url('/admin/payouts'));
  await page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
  return page;
}

/** The winner's row of the table. */
const winnerRow = (page: Page) => page.getByRole('row').filter({ hasText: 'cup_winner' });

/** Opens 'Mark sent' on the winner's row, types the hash and submits. */
async function markSent(page: Page, hash: string) {
  const dialog = page.getByRole('dialog', { name: 'Mark payout sent' });
  if (!(await dialog.isVisible())) {
    await winnerRow(page).getByRole('button', { name: 'Mark sent' }).click();
  }
  await dialog.waitFor();
  await dialog.getByLabel('Transaction hash or reference').fill(hash);
  await dialog.getByRole('button', { name: 'Mark sent' }).click();
  return dialog;
}

describe('Payouts page', () => {
  it('one admin approves, a second marks it sent with its hash; the CSV lists it', async () => {
    const first = await payoutsPage(approver);
    await expectText(first, 'Totals: 1,750 USDT');
    const row = winnerRow(first);
    await row.getByText('Ready').waitFor();
    await row.getByText(`USDT to ${WALLET}`).waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    const confirm = first.getByRole('alertdialog', { name: 'Approve payout' });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expectText(first, 'Payout approved');
    await row.getByText('Approved', { exact: true }).waitFor();

    // The approver may not send it too (payoutsOneAdmin is off by default).
    const refused = await markSent(first, txHash());
    await expectText(first, PAYOUT_MESSAGES.same_admin);
    await refused.getByRole('button', { name: 'Cancel' }).click();

    const second = await payoutsPage(sender);
    const dialog = await markSent(second, '0x1234');
    expect(await dialog.getByLabel('Network').inputValue()).toBe('ETH');
    await dialog.getByText(txHashFormatMessage('ETH')).waitFor();
    const hash = txHash();
    await markSent(second, hash);
    await expectText(second, 'Payout marked sent');
    await dialog.waitFor({ state: 'detached' });
    const sentRow = winnerRow(second);
    await sentRow.getByText('Sent', { exact: true }).waitFor();
    await sentRow.getByText(hash).waitFor();
    await sentRow.getByText(`Sent by ${sender.username}`, { exact: false }).waitFor();

    // The CSV of the page's filters (the sent lines), fetched as the browser's link would.
    await second.getByLabel('Status').selectOption('sent');
    const link = second.getByRole('link', { name: 'Download CSV' });
    await expect.poll(() => link.getAttribute('href')).toBe('/api/payouts.csv?status=sent');
    const csv = await second.evaluate(
      async (href) => {
        const answer = await fetch(href);
        return {
          status: answer.status,
          type: answer.headers.get('content-type'),
          text: await answer.text(),
        };
      },
      (await link.getAttribute('href'))!,
    );
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    const line = csv.text.split(/\r?\n/).find((l) => l.includes('cup_winner'));
    expect(line).toContain(hash);
    expect(line).toContain(CONTEST);
  });

  it('filters by status, contest and member (kept in the URL); a name opens the yearly totals', async () => {
    const { db } = stage.s;
    const banked = await createUser(db, { username: 'bank_winner' });
    await db.insert(payoutMethods).values({
      userId: banked.id,
      paymentMethod: 'bank',
      accountName: 'Bank Winner',
      accountNumber: 'DE89370400440532013000',
      bankName: 'Harbour Bank',
    });
    const regatta = await insertContest(db, {
      createdBy: approver.id,
      status: 'completed',
      title: 'Spring Regatta',
    });
    await createPayoutLines(db, {
      contestId: regatta.id,
      contestTitle: regatta.title,
      contestSlug: regatta.slug,
      lines: [
        {
          userId: banked.id,
          username: banked.username,
          teamName: null,
          place: 2,
          placeText: '2nd',
          amount: '20',
          currency: 'USD',
        },
      ],
    });
    // Paid last year (as two admins' steps would leave it), for the yearly totals.
    await db
      .update(payouts)
      .set({ status: 'sent', reference: 'HB-2025-0042', sentAt: new Date('2025-06-01T12:00:00Z') })
      .where(eq(payouts.userId, banked.id));

    const page = await payoutsPage(approver);
    await expectText(page, /Totals: .*1,750 USDT/);
    await expectText(page, /Totals: .*20 USD\b/);

    await page.getByRole('button', { name: 'Show only payouts of Spring Regatta' }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('contestId'))
      .toBe(String(regatta.id));
    await page.getByText('Contest: Spring Regatta').waitFor();
    await expectText(page, 'Totals: 20 USD');
    await winnerRow(page).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Clear filter Contest: Spring Regatta' }).click();
    await winnerRow(page).waitFor();

    await page.getByLabel('Status').selectOption('ready');
    await expectText(page, 'Totals: 1,750 USDT');
    await page.getByRole('row').filter({ hasText: 'bank_winner' }).waitFor({ state: 'detached' });
    // A reload keeps the filter (the URL holds it).
    await page.reload();
    expect(await page.getByLabel('Status').inputValue()).toBe('ready');
    await page.getByLabel('Status').selectOption('');

    await page.getByRole('button', { name: /^bank_winner/ }).click();
    const yearly = page.getByRole('dialog', { name: 'Yearly totals for bank_winner' });
    await yearly.getByRole('row').filter({ hasText: '2025' }).getByText('20 USD').waitFor();
    await yearly.getByRole('button', { name: 'Show only their payouts' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('userId')).toBe(String(banked.id));
    await page.getByText('Member: bank_winner').waitFor();
    await winnerRow(page).waitFor({ state: 'detached' });
    const banks = page.getByRole('row').filter({ hasText: 'bank_winner' });
    await banks.getByText('HB-2025-0042').waitFor();
    await banks.getByText('Bank Harbour Bank DE89370400440532013000').waitFor();
  });
});
