// Issue 33's 'Done when', in Chromium: a free member buys Pro for 30 days, sees its end in Account
// Settings › Subscription, is reminded, enters the grace (the banner), renews, and upgrades to
// Elite with the unused days credited; a second member's plan ends and they drop to Free with
// their joined contest kept. The scheduler's round takes 'now' as an argument: the test moves that
// clock, and moves a plan's end back to stand for the days passing.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { contestParticipants, users } from '../../src/server/platform/db/schema';
import { joinContest } from '../../src/server/domain/participation/participation';
import { subscriptionRound } from '../../src/server/domain/subscriptions';
import { DAY_MS, planDate } from '../../src/shared/subscriptions';
import { createUser, type CreatedUser } from '../helpers/db';
import { insertContest } from '../helpers/contests';
import { SENDER, configureNetwork, txHash } from '../helpers/payments';
import { planOf as storedPlan } from '../helpers/subscriptions';
import { expectText } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage();

async function toast(page: Page, title: string) {
  await page.getByRole('status').filter({ hasText: title }).first().waitFor({ timeout: 15_000 });
}

const planOf = (userId: number) => storedPlan(stage.s.db, userId);

/** The member pays for a plan on /payment and sends the proof. */
async function pay(page: Page, path: string, amountDue: string) {
  await page.goto(stage.url(path));
  await expectText(page, `Amount due: ${amountDue} USD`);
  await page.getByRole('button', { name: 'Submit Payment Proof' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit Payment Proof' });
  await dialog.getByLabel('Transaction Hash').fill(txHash());
  await dialog.getByLabel('Sender Wallet Address').fill(SENDER);
  await dialog.getByRole('button', { name: 'Submit Proof' }).click();
  await toast(page, 'Payment proof submitted');
}

/** The reviewer verifies the member's pending proof on /admin/subscriptions. */
async function verify(page: Page, member: CreatedUser) {
  await page.goto(stage.url('/admin/subscriptions'));
  await page
    .getByRole('row')
    .filter({ hasText: member.username })
    .getByRole('button', { name: /^Verify/ })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Verify Payment' })
    .getByRole('button', { name: 'Verify' })
    .click();
  await toast(page, 'Payment verified');
}

/** Stands for the days passing: the plan's end moves back by `days`. */
async function daysPass(userId: number, days: number) {
  const { expiresAt } = await planOf(userId);
  await stage.s.db
    .update(users)
    .set({ tierExpiresAt: new Date(expiresAt!.getTime() - days * DAY_MS) })
    .where(eq(users.id, userId));
  return new Date(expiresAt!.getTime() - days * DAY_MS);
}

describe('a subscription from purchase to expiry', () => {
  it('is bought, shown, reminded, kept in grace, renewed and upgraded with a credit', async () => {
    await configureNetwork(stage.s.db, 'ETH');
    const admin = await createUser(stage.s.db, { role: 'admin', username: 'life_admin' });
    const member = await createUser(stage.s.db, { username: 'life_member' });
    const [page, reviewer] = await Promise.all([stage.pageAs(member), stage.pageAs(admin)]);

    // Bought: Pro for 30 days, verified by an admin.
    await pay(page, '/payment?tier=pro&period=30', '$25.00');
    await verify(reviewer, member);
    const bought = await planOf(member.id);
    expect(bought.tier).toBe('pro');
    expect(bought.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);

    // Seen: the plan, its end, the billing history and its receipt.
    await page.goto(stage.url('/settings?tab=subscription'));
    const facts = page.getByRole('tabpanel', { name: 'Subscription' });
    await facts.getByText(planDate(bought.expiresAt!)).waitFor();
    await facts.getByText('Pro, 30 days').first().waitFor();
    await facts.getByRole('link', { name: /^Receipt/ }).click();
    await page.getByRole('heading', { name: /^Receipt #\d+$/, level: 1 }).waitFor();
    await expectText(page, `${member.username} (${member.email})`);
    await expectText(page, '$25.00 USD');

    // Reminded: the round at six days before the end sends the 7-day reminder, once.
    const sixDaysBefore = new Date(bought.expiresAt!.getTime() - 6 * DAY_MS);
    expect((await subscriptionRound({ db: stage.s.db, now: sixDaysBefore })).reminded).toBe(1);
    expect((await subscriptionRound({ db: stage.s.db, now: sixDaysBefore })).reminded).toBe(0);
    await page.goto(stage.url('/notifications'));
    await expectText(page, `Your Pro plan ends on ${planDate(bought.expiresAt!)}`);

    // In grace: 31 days later the plan has ended; the tier is kept, every screen says so.
    const ended = await daysPass(member.id, 31);
    const graceEnd = new Date(ended.getTime() + 3 * DAY_MS);
    expect((await subscriptionRound({ db: stage.s.db })).expired).toBe(0);
    await page.goto(stage.url('/'));
    const banner = `Your Pro plan ended on ${planDate(ended)}; renew by ${planDate(graceEnd)} to keep it.`;
    await expectText(page, banner);
    expect((await planOf(member.id)).tier).toBe('pro');

    // Renewed: from the banner, 30 days from now (the end had passed); the banner goes.
    await page.getByRole('link', { name: 'Renew now' }).click();
    await page.waitForURL(stage.url('/payment?tier=pro&period=30'));
    await pay(page, '/payment?tier=pro&period=30', '$25.00');
    await expectText(page, banner);
    await verify(reviewer, member);
    const renewed = await planOf(member.id);
    expect(renewed.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    // Gone from the open page as the review lands (its live stream), without a reload.
    await page.getByText(banner).waitFor({ state: 'detached' });

    // Upgraded to Elite: ten of the thirty days used, the other twenty credited at 25/30 a day.
    await daysPass(member.id, 10);
    await page.goto(stage.url('/payment?tier=elite&period=30'));
    await expectText(page, 'Includes a credit of $16.66 USD for the unused days of your Pro plan.');
    await pay(page, '/payment?tier=elite&period=30', '$33.34');
    await verify(reviewer, member);
    const upgraded = await planOf(member.id);
    expect(upgraded.tier).toBe('elite');
    await page.goto(stage.url('/settings?tab=subscription'));
    await facts.getByText(planDate(upgraded.expiresAt!)).waitFor();
    await facts.getByText('after a credit of $16.66').waitFor();
  });

  it("ends another member's plan after the grace: Free, the joined contest kept", async () => {
    const admin = await createUser(stage.s.db, { role: 'admin', username: 'life_admin2' });
    const member = await createUser(stage.s.db, { username: 'life_lapsed', tier: 'pro' });
    const contest = await insertContest(stage.s.db, {
      createdBy: admin.id,
      title: 'Lapsed Pro Cup',
      requiredTier: 'pro',
    });
    await joinContest({ db: stage.s.db, actor: member, contestId: contest.id });
    // The plan ended four days ago: the three days of grace are over.
    await stage.s.db
      .update(users)
      .set({ tierExpiresAt: new Date(Date.now() - 4 * DAY_MS) })
      .where(eq(users.id, member.id));
    expect((await subscriptionRound({ db: stage.s.db })).expired).toBe(1);
    expect(await planOf(member.id)).toMatchObject({ tier: 'free', expiresAt: null });
    const kept = await stage.s.db
      .select({ id: contestParticipants.id })
      .from(contestParticipants)
      .where(
        and(
          eq(contestParticipants.contestId, contest.id),
          eq(contestParticipants.userId, member.id),
        ),
      );
    expect(kept).toHaveLength(1);

    const page = await stage.pageAs(member);
    await page.goto(stage.url('/settings?tab=subscription'));
    const facts = page.getByRole('tabpanel', { name: 'Subscription' });
    await facts.getByText('No end date').waitFor();
    await facts.getByRole('link', { name: 'Choose a plan' }).waitFor();
    await page.goto(stage.url('/notifications'));
    await expectText(page, 'Your Pro plan has ended');
  });
});
