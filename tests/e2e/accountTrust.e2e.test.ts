// Issue 15 'Accounts' in a real browser, standing alone: a temporary password must be replaced
// before anything else, a taken e-mail shows beside Email, ?tab= opens the tab a person typed,
// and a moderator sent away from an admin page is told why.
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { signIn } from '../helpers/accounts';
import { launchBrowser, type TestBrowser } from '../helpers/browser';
import { createUser, type CreatedUser } from '../helpers/db';
import { startTestServer, type TestServer } from '../helpers/server';
import { expectText, pathOf, signInThroughForm, strengthShown } from './flows';

let s: TestServer;
let b: TestBrowser;
let admin: CreatedUser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startTestServer({ withClient: true });
  b = await launchBrowser();
  admin = await createUser(s.db, { role: 'admin' });
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await b?.close();
  await s?.stop();
});

async function freshPage(): Promise<Page> {
  const browser = b.browser.browser();
  if (!browser) throw new Error('the test browser has no Browser to open contexts from');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

const at = (urlPath: string) => `${s.url}${urlPath}`;

describe('a temporary password', () => {
  it('must be replaced at the next sign-in before anything else, then the app opens at /', async () => {
    const member = await createUser(s.db);
    const adminHttp = await signIn(s.url, admin);
    const set = await adminHttp.post(`/api/admin/users/${member.id}/password`, {
      password: 'temporary-e2e-1',
    });
    expect(set.status).toBe(200);

    const page = await freshPage();
    await signInThroughForm(page, s.url, member.username, 'temporary-e2e-1');
    const heading = page.getByRole('heading', { name: 'Choose a new password', level: 1 });
    await heading.waitFor();
    // Whatever address is opened, the screen stays until the password is chosen.
    await page.goto(at('/contests'));
    await heading.waitFor();
    expect(await page.getByRole('heading', { name: 'Contests' }).count()).toBe(0);

    const axe = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);

    // The new password must differ from the temporary one: said beside the field.
    await page.getByLabel('Temporary Password').fill('temporary-e2e-1');
    await page.getByLabel('New Password', { exact: true }).fill('temporary-e2e-1');
    await page.getByLabel('Confirm New Password').fill('temporary-e2e-1');
    await strengthShown(page);
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await expectText(page, 'New password must be different from the current password');

    await page.getByLabel('New Password', { exact: true }).fill('my-own-e2e-choice');
    await page.getByLabel('Confirm New Password').fill('my-own-e2e-choice');
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await expectText(page, 'Password updated successfully');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/');
    // The session has full access now: a page that reads the server shows its content.
    await page.goto(at('/settings'));
    await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();
    await expectText(page, 'Profile Information');

    // The new password is the one that signs in from now on.
    const again = await freshPage();
    await signInThroughForm(again, s.url, member.username, 'my-own-e2e-choice');
    await again.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  });

  it('lets the member log out from the screen instead', async () => {
    const member = await createUser(s.db);
    const adminHttp = await signIn(s.url, admin);
    await adminHttp.post(`/api/admin/users/${member.id}/password`, { password: 'temporary-e2e-2' });
    const page = await freshPage();
    await signInThroughForm(page, s.url, member.username, 'temporary-e2e-2');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(at('/auth'));
  });
});

describe('the profile form', () => {
  it('shows an e-mail someone else uses beside Email', async () => {
    const other = await createUser(s.db);
    const member = await createUser(s.db);
    const page = await freshPage();
    await signInThroughForm(page, s.url, member.username, member.password);
    await page.goto(at('/settings'));
    const email = page.getByLabel('Email');
    await email.fill(other.email.toUpperCase());
    await page.getByRole('button', { name: 'Save Changes' }).click();
    // The field itself is marked invalid, with the message inside its own field group.
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const emailField = page
      .locator('[data-scope="field"][data-part="root"]')
      .filter({ has: email });
    await emailField.getByText('Email already in use').waitFor();
    expect(
      await page
        .locator('[data-scope="field"][data-part="root"]')
        .getByText('Email already in use')
        .count(),
    ).toBe(1);
    // Choosing a free one clears it and saves.
    await email.fill(`free-${member.email}`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'Profile updated successfully');
    await expect.poll(() => email.getAttribute('aria-invalid')).not.toBe('true');
  });
});

describe('Account Settings tabs from the address', () => {
  it.each([
    ['payment-methods', 'Payment Methods'],
    ['Payment%20Methods', 'Payment Methods'],
    ['payment', 'Payment Methods'],
    ['payments', 'Payments'],
    ['subscription', 'Subscription'],
    ['billing', 'Subscription'],
    ['profile', 'Profile'],
    ['nonsense', 'Profile'],
  ])('?tab=%s opens %s', async (asked, tab) => {
    const member = await createUser(s.db);
    const page = await freshPage();
    await signInThroughForm(page, s.url, member.username, member.password);
    await page.goto(at(`/settings?tab=${asked}`));
    const trigger = page.getByRole('tab', { name: tab, exact: true });
    await expect.poll(() => trigger.getAttribute('aria-selected')).toBe('true');
  });
});

describe('a moderator on an admin-only page', () => {
  it('is sent to / and told why; the pages moderators may use open without a word', async () => {
    const moderator = await createUser(s.db, { role: 'moderator' });
    const page = await freshPage();
    await signInThroughForm(page, s.url, moderator.username, moderator.password);
    await page.goto(at('/admin/users'));
    await page.waitForURL(at('/'));
    await expectText(page, 'That page is for administrators');
    await page.goto(at('/admin/contests'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(pathOf(page)).toBe('/admin/contests');
  });
});
