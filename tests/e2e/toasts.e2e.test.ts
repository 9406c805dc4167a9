// What a person is told across a page change: the welcome toast after the full reload that
// follows sign-in (shown for its whole 5 seconds, and not blocking later toasts), and /auth's
// explanation when a session ended elsewhere (another device, a ban) rather than by Logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { deleteUserSessions } from '../../src/server/services/sessions';
import { banUser } from '../../src/server/services/adminUsers';
import { MSG } from '../../src/shared/messages';
import { launchBrowser, type TestBrowser } from '../helpers/browser';
import { createUser, type CreatedUser } from '../helpers/db';
import { startTestServer, type TestServer } from '../helpers/server';
import { expectText, pathOf, signInThroughForm } from './flows';

let s: TestServer;
let b: TestBrowser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startTestServer({ withClient: true });
  b = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await b?.close();
  await s?.stop();
});

/** A fresh browser context: its own cookies and storage, as another device would have. */
async function freshPage(): Promise<Page> {
  const browser = b.browser.browser();
  if (!browser) throw new Error('the test browser has no Browser to open contexts from');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

const at = (urlPath: string) => `${s.url}${urlPath}`;

function toast(page: Page, title: string): Locator {
  return page.getByRole('status').filter({ hasText: title });
}

/** Visible, and on top: the middle of the toast is the toast, not a spinner or a page over it. */
async function seenOnTop(locator: Locator): Promise<boolean> {
  if (!(await locator.isVisible())) return false;
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && el.contains(hit);
  });
}

/** Waits until `ms` after `start` (a bounded wait: it never waits longer than that). */
async function waitUntil(page: Page, start: number, ms: number) {
  const left = start + ms - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

/** The toast is there about 1 s after the reload, and still there about 4 s after it. */
async function expectShownForItsDuration(page: Page, title: string, reloadedAt: number) {
  const welcome = toast(page, title);
  await waitUntil(page, reloadedAt, 1000);
  expect(await seenOnTop(welcome), `${title} at ~1 s`).toBe(true);
  await waitUntil(page, reloadedAt, 4000);
  expect(await seenOnTop(welcome), `${title} at ~4 s`).toBe(true);
  // And it does go away: its 5 seconds are over.
  await welcome.waitFor({ state: 'detached', timeout: 5_000 });
}

describe('the welcome toast after the sign-in reload', () => {
  it('Login successful: visible at ~1 s and still at ~4 s; later toasts still show', async () => {
    const member = await createUser(s.db, { username: 'e2e_toast_login' });
    const page = await freshPage();
    await page.goto(at('/auth'));
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(at('/'));
    const reloadedAt = Date.now();
    await expectShownForItsDuration(page, 'Login successful', reloadedAt);

    // The welcome toast once stayed stuck, unseen, in the toaster (max 1 at a time) and every
    // later toast queued behind it until the next reload: an in-app save must show its toast.
    await page.getByRole('link', { name: 'Account Settings' }).first().click();
    await page.getByLabel('Full Name').fill('Toast Reader');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect
      .poll(() => seenOnTop(toast(page, 'Profile updated successfully')), { timeout: 10_000 })
      .toBe(true);
  });

  it('Registration successful: visible at ~1 s and still at ~4 s', async () => {
    const page = await freshPage();
    await page.goto(at('/auth'));
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill('e2e_toast_new');
    await page.getByLabel('Email').fill('e2e_toast_new@example.com');
    await page.getByLabel('Password', { exact: true }).fill('saffron-lighthouse-61');
    await page.getByLabel('Confirm Password').fill('saffron-lighthouse-61');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(at('/'));
    const reloadedAt = Date.now();
    await expectShownForItsDuration(page, 'Registration successful', reloadedAt);
  });
});

describe('a session that ended is explained on /auth', () => {
  const notice = (page: Page) => page.getByRole('alert').filter({ hasText: MSG.sessionEnded });

  async function signedIn(member: CreatedUser): Promise<Page> {
    const page = await freshPage();
    await signInThroughForm(page, s.url, member.username, member.password);
    await expectText(page, `Welcome back, ${member.username}`);
    return page;
  }

  it('after “Log out other sessions” on another device, the next in-app navigation', async () => {
    const member = await createUser(s.db, { username: 'e2e_ended_other' });
    const laptop = await signedIn(member);
    const phone = await signedIn(member);

    await phone.getByRole('link', { name: 'Account Settings' }).first().click();
    // Enabled once the list shows the laptop's session too.
    const logOutOthers = phone.getByRole('button', { name: 'Log out other sessions' });
    await expect.poll(() => logOutOthers.isEnabled(), { timeout: 15_000 }).toBe(true);
    await logOutOthers.click();
    await expectText(phone, 'Signed out elsewhere');

    await laptop.getByRole('link', { name: 'Account Settings' }).first().click();
    await laptop.waitForURL(at('/auth'), { timeout: 15_000 });
    await notice(laptop).waitFor({ timeout: 15_000 });

    // Told once: a reload of /auth is quiet again; signing in again works.
    await laptop.reload();
    await laptop.getByRole('tab', { name: 'Login' }).waitFor();
    expect(await notice(laptop).count()).toBe(0);
    await signInThroughForm(laptop, s.url, member.username, member.password);
    await expectText(laptop, `Welcome back, ${member.username}`);
    // The phone kept its session, and was told nothing.
    await phone.reload();
    await phone.getByRole('button', { name: 'Log out other sessions' }).waitFor();
    expect(pathOf(phone)).toBe('/settings');
  });

  it('after the server ended every session, on the next full page load', async () => {
    const member = await createUser(s.db, { username: 'e2e_ended_server' });
    const page = await signedIn(member);
    // Ended only once the dashboard has made its calls: a call still on its way would meet the
    // ended session first and show the notice before the reload this test is about.
    await page.waitForLoadState('networkidle');
    expect(deleteUserSessions({ db: s.db, userId: member.id })).toBe(1);
    await page.reload();
    await page.waitForURL(at('/auth'), { timeout: 15_000 });
    await notice(page).waitFor({ timeout: 15_000 });
  });

  it('says nothing after a deliberate Logout', async () => {
    const member = await createUser(s.db, { username: 'e2e_left' });
    const page = await signedIn(member);
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL(at('/auth'));
    await expectText(page, 'You have been logged out successfully.');
    expect(await notice(page).count()).toBe(0);
    await page.reload();
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    expect(await notice(page).count()).toBe(0);
  });

  it('a banned member is sent to /auth with the notice, and told why at sign-in', async () => {
    const admin = await createUser(s.db, { role: 'admin', username: 'e2e_toast_admin' });
    const member = await createUser(s.db, { username: 'e2e_banned' });
    const page = await signedIn(member);
    banUser({
      db: s.db,
      actor: { id: admin.id, username: admin.username, role: 'admin' },
      id: member.id,
      reason: 'Sharing accounts',
    });
    // The next call the page makes is refused: a navigation, or the dashboard's own queries
    // (which may come first and take the link away before the click lands).
    await page
      .getByRole('link', { name: 'Account Settings' })
      .first()
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await page.waitForURL(at('/auth'), { timeout: 15_000 });
    await notice(page).waitFor({ timeout: 15_000 });

    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => seenOnTop(toast(page, 'Login failed')), { timeout: 15_000 }).toBe(true);
    await expectText(page, 'Your account has been suspended. Reason: Sharing accounts');
    expect(pathOf(page)).toBe('/auth');
  });
});
