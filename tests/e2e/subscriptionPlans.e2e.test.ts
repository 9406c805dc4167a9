// Subscription plans in Chromium (issue 33): an admin prices the plans in the table of Platform
// Settings › Payments (30 days, 365 days, lifetime) with the grace period, and a free member goes
// from the dashboard's 'Upgrade Now' through the plan chooser to /payment?tier=pro&period=365 and
// sends a proof for that plan. Each test stands alone (stage.ts).
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { paymentProofs } from '../../src/server/platform/db/schema';
import { getPaymentConfig } from '../../src/server/domain/settings';
import { periodNotOfferedMessage } from '../../src/shared/subscriptions';
import { createUser, type CreatedUser } from '../helpers/db';
import { SENDER, configureNetwork, txHash } from '../helpers/payments';
import { expectText } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage();
let admin: CreatedUser;
let member: CreatedUser;

beforeEach(async () => {
  admin = await createUser(stage.s.db, { role: 'admin', username: 'plans_admin' });
  member = await createUser(stage.s.db, { username: 'plans_member' });
});

async function toast(page: Page, title: string) {
  await page.getByRole('status').filter({ hasText: title }).first().waitFor({ timeout: 15_000 });
}

describe('subscription plans', () => {
  it('an admin prices the plans in the table and sets the grace period', async () => {
    const page = await stage.pageAs(admin);
    await page.goto(stage.url('/admin/settings?tab=payments'));
    const table = page.getByRole('table', { name: 'Plan prices in USD, per tier and period' });
    await table.waitFor();
    // The defaults: 30 days as before, 365 days ten times it, no lifetime plans.
    expect(await page.getByLabel('Pro price for 30 days').inputValue()).toBe('25');
    expect(await page.getByLabel('Pro price for 365 days').inputValue()).toBe('250');
    expect(await page.getByLabel('Pro price for lifetime').inputValue()).toBe('');
    expect(await page.getByLabel('Grace period (days)').inputValue()).toBe('3');

    await page.getByLabel('Pro price for 365 days').fill('240');
    await page.getByLabel('Standard price for 365 days').fill('0');
    await page.getByLabel('Elite price for lifetime').fill('1500');
    await page.getByLabel('Grace period (days)').fill('31');
    await page.getByRole('button', { name: 'Save Payment Settings' }).click();
    // Refused beside the field, nothing saved.
    await expectText(page, 'Grace days must be a whole number from 0 to 30');
    expect((await getPaymentConfig({ db: stage.s.db })).graceDays).toBe(3);

    await page.getByLabel('Grace period (days)').fill('5');
    await page.getByRole('button', { name: 'Save Payment Settings' }).click();
    await toast(page, 'Payment settings updated successfully');
    const saved = await getPaymentConfig({ db: stage.s.db });
    expect(saved.yearPrices).toEqual({ standard: 0, pro: 240, elite: 500 });
    expect(saved.lifetimePrices).toEqual({ standard: null, pro: null, elite: 1500 });
    expect(saved.tierPrices).toEqual({ standard: 10, pro: 25, elite: 50 });
    expect(saved.graceDays).toBe(5);

    // Read back after a reload; an emptied lifetime price is stored as null (not offered).
    await page.reload();
    expect(await page.getByLabel('Elite price for lifetime').inputValue()).toBe('1500');
    await page.getByLabel('Elite price for lifetime').fill('');
    await page.getByRole('button', { name: 'Save Payment Settings' }).click();
    await toast(page, 'Payment settings updated successfully');
    await expect
      .poll(async () => (await getPaymentConfig({ db: stage.s.db })).lifetimePrices.elite)
      .toBeNull();
  });

  it('a member goes from Upgrade Now through the chooser to Pro for 365 days and sends a proof', async () => {
    await configureNetwork(stage.s.db, 'ETH');
    const page = await stage.pageAs(member);
    await page.goto(stage.url('/'));
    await page.getByRole('link', { name: 'Upgrade Now' }).click();
    await page.waitForURL(stage.url('/payment'));
    const pro = page.getByRole('list', { name: 'Pro plans' });
    await pro.waitFor();
    // No lifetime plan by default: 30 and 365 days only.
    expect(await pro.getByRole('link').allInnerTexts()).toHaveLength(2);
    await pro.getByRole('link', { name: 'Pro, 365 days: $250.00 USD' }).click();
    await page.waitForURL(stage.url('/payment?tier=pro&period=365'));
    await page.getByRole('heading', { name: 'Payment for the Pro tier upgrade' }).waitFor();
    await expectText(page, 'Plan: Pro, 365 days, $250.00 USD');
    await expectText(page, 'Amount due: $250.00 USD');

    const dialog = page.getByRole('dialog', { name: 'Submit Payment Proof' });
    await page.getByRole('button', { name: 'Submit Payment Proof' }).click();
    await dialog.getByLabel('Transaction Hash').fill(txHash());
    await dialog.getByLabel('Sender Wallet Address').fill(SENDER);
    await dialog.getByRole('button', { name: 'Submit Proof' }).click();
    await toast(page, 'Payment proof submitted');
    const [stored] = await stage.s.db
      .select()
      .from(paymentProofs)
      .where(eq(paymentProofs.userId, member.id));
    expect(stored).toMatchObject({
      purpose: 'tier_upgrade',
      tier: 'pro',
      periodDays: 365,
      amountUsd: '250.00',
      status: 'pending',
    });
  });

  it('a plan that is not offered shows the server’s message, and a bad period the page’s', async () => {
    await configureNetwork(stage.s.db, 'ETH');
    const page = await stage.pageAs(member);
    await page.goto(stage.url('/payment?tier=pro&period=lifetime'));
    await page.getByRole('heading', { name: 'Plan not offered' }).waitFor();
    await expectText(page, periodNotOfferedMessage('Pro', 'lifetime'));
    await page.getByRole('link', { name: 'Compare plans' }).click();
    await page.waitForURL(stage.url('/payment'));
    await page.goto(stage.url('/payment?tier=pro&period=7'));
    await expectText(page, 'The period must be 30, 365 or lifetime');
  });
});
