// The prize table in Chromium (issue 30, 'A prize table'): step 4 of the member wizard and of the
// admin wizard asks for it; a pool whose shares pass 100 % says so under its rows, and overlapping
// places say so under 'From place'; the preview line reads the table as it is typed. Then an
// organiser sets fixed prizes in the Edit Contest dialog and the contest page shows them.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PRIZE_MESSAGES } from '../../src/shared/schemas/prizes';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { expectText } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });
let member: CreatedUser;
let admin: CreatedUser;

beforeEach(async () => {
  member = await createUser(stage.s.db, { username: 'prize_member' });
  admin = await createUser(stage.s.db, { username: 'prize_admin', role: 'admin' });
});

/** The browser copy of a wizard filled up to step 4 (the wizard reopens on its step). */
function wizardCopy(userId: number, values: Record<string, unknown> = {}): string {
  return JSON.stringify({
    userId,
    draftId: null,
    step: 3,
    savedAt: Date.now(),
    values: {
      title: 'Prize Cup',
      category: 'gaming',
      shortDescription: 'A contest with a prize table for the winners.',
      coverImage: '',
      mode: 'individual',
      maxParticipants: 20,
      format: 'league',
      registrationDeadline: '2031-01-01T09:00',
      startDate: '2031-01-02T09:00',
      endDate: '2031-01-03T09:00',
      participationType: 'paid',
      requiredTier: 'free',
      entryFee: 15,
      prize: 'Cash for the top places',
      description: '## Rules\n\nPlay fair and have fun, all week long, every single round.',
      ...values,
    },
  });
}

/** The member's wizard on step 4, from its browser copy. */
async function onStepFour(page: Page) {
  await page.goto(stage.url('/contests'));
  await page.evaluate((copy) => localStorage.setItem('contestDraft', copy), wizardCopy(member.id));
  await page.goto(stage.url('/contests/create'));
  await expectText(page, 'Step 4 of 5');
  await page.getByRole('heading', { name: 'Access & Payment', level: 2 }).waitFor();
}

/** The message tied to a field (aria-errormessage): shown beside it, and read out with it. */
async function messageOf(field: Locator): Promise<string> {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  return field.evaluate((el) => {
    const id = el.getAttribute('aria-errormessage');
    return (id && document.getElementById(id)?.textContent) || '';
  });
}

const row = (scope: Page | Locator, n: number) => scope.getByRole('group', { name: `Row ${n}` });

/** Fills a row: its places and its amount (fixed) or share (pool). */
async function fillRow(
  scope: Page | Locator,
  n: number,
  { from, to, value }: { from: number; to: number; value: string },
) {
  const r = row(scope, n);
  await r.getByLabel('From place').fill(String(from));
  await r.getByLabel('To place').fill(String(to));
  const amount = r.getByLabel('Amount', { exact: true });
  await ((await amount.count()) ? amount : r.getByLabel('Share of the pool (%)')).fill(value);
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

describe('the prize table in the wizards', () => {
  it("step 4 asks for fixed prizes, previews them and puts an overlap under 'From place'", async () => {
    const page = await stage.pageAs(member);
    await onStepFour(page);
    const kind = page.getByLabel('Winnings by place');
    expect(await kind.inputValue()).toBe('');
    await kind.selectOption({ label: 'Fixed prizes' });
    await fillRow(page, 1, { from: 1, to: 1, value: '1000' });
    await row(page, 1).getByLabel('Currency').selectOption('USDT');
    await page.getByRole('button', { name: 'Add row' }).click();
    // A new row goes on from the last one, in its currency.
    expect(await row(page, 2).getByLabel('From place').inputValue()).toBe('2');
    expect(await row(page, 2).getByLabel('Currency').inputValue()).toBe('USDT');
    await row(page, 2).getByLabel('Amount', { exact: true }).fill('500');
    await page.getByRole('button', { name: 'Add row' }).click();
    await fillRow(page, 3, { from: 4, to: 8, value: '50' });
    await expectText(page, 'Prizes: 1st: 1,000 USDT · 2nd: 500 USDT · 4th-8th: 50 USDT each');

    // Places 2-3 overlap the second row: the message sits under the third row's 'From place'.
    await row(page, 3).getByLabel('From place').fill('2');
    await next(page);
    expect(await messageOf(row(page, 3).getByLabel('From place'))).toBe(PRIZE_MESSAGES.overlap);
    await expectText(page, 'Step 4 of 5');
    await row(page, 3).getByLabel('From place').fill('3');
    await page.getByRole('button', { name: 'Remove row 2' }).click();
    await expectText(page, 'Prizes: 1st: 1,000 USDT · 3rd-8th: 50 USDT each');
    await next(page);
    await page.getByRole('heading', { name: 'Content & Extras', level: 2 }).waitFor();
    // The Preview reads the table too.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('dialog', { name: 'Contest Preview' });
    await preview.getByText('1st: 1,000 USDT · 3rd-8th: 50 USDT each', { exact: true }).waitFor();
  });

  it('a pool whose shares pass 100 % says so under its rows', async () => {
    const page = await stage.pageAs(member);
    await onStepFour(page);
    await page.getByLabel('Winnings by place').selectOption({ label: 'Prize pool' });
    await page.getByLabel('Percent of entry fees').fill('80');
    await page.getByLabel('Fixed amount added').fill('250');
    // A pool is paid in a dollar: only those are offered.
    const currencies = await row(page, 1)
      .getByLabel('Currency')
      .locator('option')
      .allTextContents();
    expect(currencies).toEqual(['USD', 'USDT', 'USDC']);
    await fillRow(page, 1, { from: 1, to: 1, value: '60' });
    await page.getByRole('button', { name: 'Add row' }).click();
    // 60 + 2 x 30 = 120 %.
    await fillRow(page, 2, { from: 2, to: 3, value: '30' });
    await expectText(page, 'Shares of the pool: 1st: 60 % · 2nd-3rd: 30 % each');
    await next(page);
    const alert = page.getByRole('alert').filter({ hasText: PRIZE_MESSAGES.percentTotal });
    await alert.waitFor();
    await expectText(page, 'Step 4 of 5');
    await row(page, 2).getByLabel('Share of the pool (%)').fill('20');
    await alert.waitFor({ state: 'detached' });
    await next(page);
    await page.getByRole('heading', { name: 'Content & Extras', level: 2 }).waitFor();
  });

  it("the admin wizard's step 4 asks for it too", async () => {
    const page = await stage.pageAs(admin);
    await page.goto(stage.url('/admin/contests/create'));
    await page.getByLabel('Contest Title').fill('Admin Prize Open');
    await page.getByLabel('Short Description').fill('An open contest with prizes for the top.');
    await next(page);
    await expectText(page, 'Step 2 of 5');
    await page.getByLabel('Format', { exact: true }).selectOption({ label: 'Open' });
    await next(page);
    await expectText(page, 'Step 3 of 5');
    await page.getByLabel('Registration Deadline').fill('2031-05-01T09:00');
    await page.getByLabel('Start Date').fill('2031-05-02T09:00');
    await page.getByLabel('End Date').fill('2031-05-03T21:00');
    await next(page);
    await page.getByRole('heading', { name: 'Access & Settings', level: 2 }).waitFor();
    await page.getByLabel('Winnings by place').selectOption({ label: 'Fixed prizes' });
    // An empty amount asks for one.
    await next(page);
    expect(await messageOf(row(page, 1).getByLabel('Amount', { exact: true }))).toBe(
      PRIZE_MESSAGES.amountRequired,
    );
    await row(page, 1).getByLabel('Amount', { exact: true }).fill('300');
    await expectText(page, 'Prizes: 1st: 300 USD');
  });
});

describe('the prize table saved and shown', () => {
  it('the Edit Contest dialog sets fixed prizes; the contest page and its card show them', async () => {
    const contest = await insertContest(stage.s.db, {
      createdBy: admin.id,
      status: 'active',
      title: 'Harbour Prize Walk',
    });
    const page = await stage.pageAs(admin);
    await page.goto(stage.url(`/contests/${contest.id}`));
    await page.getByRole('heading', { name: 'Harbour Prize Walk', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Prizes', level: 2 }).count()).toBe(0);
    await page.getByRole('button', { name: /^Edit/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit Contest' });
    await dialog.getByLabel('Winnings by place').selectOption({ label: 'Fixed prizes' });
    await fillRow(dialog, 1, { from: 1, to: 1, value: '1000' });
    await row(dialog, 1).getByLabel('Currency').selectOption('USDT');
    await dialog.getByRole('button', { name: 'Add row' }).click();
    await fillRow(dialog, 2, { from: 2, to: 3, value: '375' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'The contest has been updated successfully.');
    await dialog.waitFor({ state: 'hidden' });

    const prizes = page.getByRole('region', { name: 'Prizes' });
    await prizes.getByText('1,750 USDT').first().waitFor();
    await prizes.getByText(/top 3/).waitFor();
    const places = prizes.getByRole('list', { name: 'Prizes by place' });
    expect(await places.getByRole('listitem').allTextContents()).toEqual([
      '1st: 1,000 USDT',
      '2nd-3rd: 375 USDT each',
    ]);
    // The dialog opens again on the stored table.
    await page.getByRole('button', { name: /^Edit/ }).first().click();
    expect(await row(dialog, 2).getByLabel('To place').inputValue()).toBe('3');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(stage.url('/contests'));
    const card = page.getByRole('article').filter({ hasText: 'Harbour Prize Walk' });
    await card.getByText(/1,750 USDT, top 3/).waitFor();
  });
});
