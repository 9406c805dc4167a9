// A trading contest's rules in Chromium (issue 34): an organiser creates a forex Open contest with
// the wizard, scored from trading statements with a 10 % maximum drawdown (the wizard creates the
// contest, then sets its rules: trading.setRules); the contest page lists the rules in words and
// offers the CSV template; the Edit Contest dialog, prefilled with the rules, changes the limit to
// 12 % and the page says so.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { contests } from '../../src/server/platform/db/schema';
import { CSV_TEMPLATE_FILE_NAME } from '../../src/shared/trading/csvTemplate';
import { createUser, type CreatedUser } from '../helpers/db';
import { audit, expectNoSerious, type Finding } from './axe/support';
import { expectText } from './flows';
import { finishAdminWizard } from './adminWizardEnd';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });
const at = (urlPath: string) => stage.url(urlPath);

let admin: CreatedUser;
let page: Page;
/** What axe finds on the new forms (each field labelled, its error tied to it). */
const findings: Finding[] = [];
beforeEach(async () => {
  admin = await createUser(stage.s.db, { username: 'trading_organiser', role: 'admin' });
  page = await stage.pageAs(admin);
});

/** The text shown inside the section. */
async function seeIn(section: Locator, text: string) {
  await section.getByText(text).first().waitFor({ state: 'visible', timeout: 15_000 });
}

async function createForexContest(title: string) {
  await page.goto(at('/admin/contests/create'));
  await page.getByLabel('Contest Title').fill(title);
  await page.getByLabel('Short Description').fill('A week of demo trading, ranked by return.');
  await page.getByLabel('Category').selectOption('forex');
  const next = () => page.getByRole('button', { name: 'Next' }).click();
  await next();
  await expectText(page, 'Step 2 of 5');
  // Scored from statements only with the Open format: the choice says why before.
  await page.getByLabel('Format', { exact: true }).selectOption('league');
  await expectText(page, 'Statements can score only an Open contest');
  await page.getByLabel('Format', { exact: true }).selectOption('open');
  expect(await page.getByLabel('From trading statements').isChecked()).toBe(true);
  // A bad limit is named with the shared message before anything is sent.
  await page.getByLabel('Maximum drawdown (%)').fill('150');
  await next();
  await expectText(page, 'Enter a percentage from 0.01 to 100, with at most 2 decimals');
  await audit(page, 'wizard step 2, trading rules with an error', findings);
  await page.getByLabel('Maximum drawdown (%)').fill('10');
  await finishAdminWizard(page, {
    description: 'Trade the demo account you registered; the best return under the rules wins.',
    adminList: at('/admin/contests'),
  });
  const [created] = await stage.s.db.select().from(contests).where(eq(contests.title, title));
  return created!;
}

describe('a trading contest’s rules', () => {
  it('set in the wizard, listed on the page, changed in the Edit dialog', async () => {
    const contest = await createForexContest('Autumn FX Sprint');
    await page.goto(at(`/contests/${contest.id}`));
    const section = page.getByRole('region', { name: 'Trading rules' });
    await section.waitFor();
    await seeIn(
      section,
      'Disqualified above 10 % maximum drawdown (peak to valley of the balance)',
    );
    await seeIn(section, 'Ranked by return % (time-weighted');
    const template = section.getByRole('link', { name: 'Download the CSV statement template' });
    expect(await template.getAttribute('download')).toBe(CSV_TEMPLATE_FILE_NAME);
    expect(decodeURIComponent((await template.getAttribute('href')) ?? '')).toContain(
      'type,ticket,symbol,side',
    );

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Contest' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Maximum drawdown (%)').inputValue()).toBe('10');
    await audit(page, 'Edit Contest, trading rules', findings);
    await dialog.getByLabel('Maximum drawdown (%)').fill('12');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'The contest has been updated successfully.');
    await dialog.waitFor({ state: 'hidden' });
    await seeIn(section, 'Disqualified above 12 % maximum drawdown');
    await page.reload();
    await seeIn(
      page.getByRole('region', { name: 'Trading rules' }),
      'Disqualified above 12 % maximum drawdown',
    );
    expectNoSerious(findings);
  });
});
