// What a person is told in toasts and across a page change: the welcome toast after the full
// reload that follows sign-in (shown for its whole 5 seconds, and not blocking later toasts); the
// newest toast shown at once in a short stack, and a form's success closing its earlier error;
// and /auth's explanation when a session ended elsewhere (another device, a ban), not by Logout.
// Toast lifetimes are judged on the page's clock (Playwright's), held by the test: never by
// sleeping against the 5 seconds. Each test stands alone (stage.ts): its own server.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { deleteUserSessions } from '../../src/server/domain/accounts/sessions';
import { banUser } from '../../src/server/domain/accounts/adminUsers';
import { MSG } from '../../src/shared/messages';
import { createUser, type CreatedUser } from '../helpers/db';
import { configureNetwork } from '../helpers/payments';
import { expectText, pathOf, signInThroughForm, strengthShown } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });

/** A fresh browser context: its own cookies and storage, as another device would have. */
const freshPage = () => stage.anonymousPage();

const at = (urlPath: string) => stage.url(urlPath);

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

/**
 * From here on the page's timers move only when the test moves them (Playwright's clock), so a
 * toast's 5 seconds pass on the test's word and never because the machine was slow.
 */
async function holdTime(page: Page) {
  await page.clock.install();
  // A jump of a quarter second ahead of the page's time, which keeps flowing until the pause
  // lands: read again if it flowed past the mark meanwhile.
  for (let attempt = 0; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 250);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/**
 * Until `check` holds, moving the held clock 20 ms at a time (the app's own timers, such as
 * react-query's, need it to move) and never more than `maxMs` in all: a toast that is only shown
 * once an earlier one's 5 seconds are over never shows within that bound.
 */
async function until(page: Page, check: () => Promise<boolean>, maxMs = 2_000): Promise<void> {
  for (let moved = 0; moved <= maxMs; moved += 20) {
    if (await check()) return;
    await page.clock.runFor(20);
    // The poll's pace in real time (responses and rendering run on it), not the page's time.
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`still not so after ${maxMs} ms of the page's time`);
}

const untilShown = (page: Page, locator: Locator, maxMs?: number) =>
  until(page, () => seenOnTop(locator), maxMs);

/** Shown, still there 4 s (of the page's time) later, and gone once its 5 seconds are over. */
async function expectShownForItsDuration(page: Page, title: string) {
  const welcome = toast(page, title);
  await welcome.waitFor({ timeout: 15_000 });
  await holdTime(page);
  expect(await seenOnTop(welcome), `${title} when shown`).toBe(true);
  await page.clock.runFor(4_000);
  expect(await seenOnTop(welcome), `${title} 4 s later`).toBe(true);
  await page.clock.runFor(1_500);
  await page.clock.resume();
  await welcome.waitFor({ state: 'detached', timeout: 5_000 });
}

describe('the welcome toast after the sign-in reload', () => {
  it('Login successful: shown for its 5 s; later toasts still show', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_toast_login' });
    const page = await freshPage();
    await page.goto(at('/auth'));
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(at('/'));
    await expectShownForItsDuration(page, 'Login successful');

    // The welcome toast once stayed stuck, unseen, in the toaster (max 1 at a time) and every
    // later toast queued behind it until the next reload: an in-app save must show its toast.
    await page.getByRole('link', { name: 'Account Settings' }).first().click();
    await page.getByLabel('Full Name').fill('Toast Reader');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect
      .poll(() => seenOnTop(toast(page, 'Profile updated successfully')), { timeout: 10_000 })
      .toBe(true);
  });

  it('Registration successful: shown for its 5 s', async () => {
    const page = await freshPage();
    await page.goto(at('/auth'));
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill('e2e_toast_new');
    await page.getByLabel('Email').fill('e2e_toast_new@example.com');
    await page.getByLabel('Password', { exact: true }).fill('saffron-lighthouse-61');
    await page.getByLabel('Confirm Password').fill('saffron-lighthouse-61');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(at('/'));
    await expectShownForItsDuration(page, 'Registration successful');
  });
});

describe('toasts of quick actions', () => {
  async function passwordForm(page: Page, current: string, next: string) {
    const open = page.getByRole('button', { name: 'Change Password' });
    if (await open.isVisible()) await open.click();
    await page.getByLabel('Current Password').fill(current);
    await page.getByLabel('New Password', { exact: true }).fill(next);
    await page.getByLabel('Confirm New Password').fill(next);
    await strengthShown(page);
    await page.getByRole('button', { name: 'Update Password' }).click();
  }

  it('shows the newest at once above the earlier one, and a success closes its form’s error', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_toast_quick' });
    const page = await freshPage();
    await signInThroughForm(page, stage.s.url, member.username, member.password);
    await page.goto(at('/settings'));
    await page.getByLabel('Full Name').waitFor();
    // The welcome toast of the sign-in is over before the page's time is held.
    await toast(page, 'Login successful').waitFor({ state: 'detached', timeout: 10_000 });
    await holdTime(page);

    // Two actions, one right after the other: the second's toast shows at once, the first's
    // stays beside it (a queue would hold the second for the first one's 5 seconds).
    const refused = page.getByRole('status').filter({ hasText: 'Current password is incorrect' });
    await passwordForm(page, 'not-my-password', 'violet-harbour-82');
    await untilShown(page, refused);
    await page.getByLabel('Full Name').fill('Quick Reader');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const saved = toast(page, 'Profile updated successfully');
    await untilShown(page, saved);
    expect(await seenOnTop(refused), 'the earlier toast is still shown').toBe(true);
    // Newest first: the later toast is read first, and stands nearest the screen's edge.
    const statuses = await page.getByRole('status').allTextContents();
    const order = (text: string) => statuses.findIndex((t) => t.includes(text));
    expect(order('Profile updated successfully')).toBeLessThan(
      order('Current password is incorrect'),
    );
    const savedBox = (await saved.boundingBox())!;
    const refusedBox = (await refused.boundingBox())!;
    expect(savedBox.y).toBeGreaterThan(refusedBox.y);

    // The password form then succeeds: its error toast closes with it, long before its 5 s.
    await passwordForm(page, member.password, 'violet-harbour-82');
    const updated = toast(page, 'Password updated successfully');
    await untilShown(page, updated);
    await page.clock.runFor(500);
    await refused.waitFor({ state: 'detached', timeout: 5_000 });
    expect(await seenOnTop(updated)).toBe(true);
    // The profile's toast belongs to another form: it stays.
    expect(await seenOnTop(saved)).toBe(true);
  });

  it('keeps a short stack of three: a fourth toast closes the oldest', async () => {
    await configureNetwork(stage.s.db, 'ETH');
    const member = await createUser(stage.s.db, { username: 'e2e_toast_stack' });
    const page = await freshPage();
    await signInThroughForm(page, stage.s.url, member.username, member.password);
    await page.goto(at('/payment?tier=pro'));
    const copy = page.getByRole('button', { name: /^(Copy address|Copied)$/ });
    await copy.waitFor();
    await toast(page, 'Login successful').waitFor({ state: 'detached', timeout: 10_000 });
    await holdTime(page);
    // Each copy is an action of its own with a toast of its own ('Copy failed' where the
    // browser refuses the clipboard).
    const copyToasts = page.getByRole('status').filter({ hasText: /Address copied|Copy failed/ });
    for (let i = 1; i <= 4; i++) {
      await copy.click();
      await expect.poll(() => copyToasts.count()).toBeGreaterThanOrEqual(Math.min(i, 3));
    }
    await page.clock.runFor(500);
    await expect.poll(() => copyToasts.count()).toBe(3);
  });

  it('one form shows one toast: each save replaces the one before', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_toast_same' });
    const page = await freshPage();
    await signInThroughForm(page, stage.s.url, member.username, member.password);
    await page.goto(at('/settings'));
    await page.getByLabel('Full Name').waitFor();
    await toast(page, 'Login successful').waitFor({ state: 'detached', timeout: 10_000 });
    await holdTime(page);
    const saved = toast(page, 'Profile updated successfully');
    for (const name of ['One', 'Two', 'Three', 'Four']) {
      await page.getByLabel('Full Name').fill(`Stack ${name}`);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await untilShown(page, saved.last());
      // Saved and reset: the button waits for the next change, no longer busy.
      await until(
        page,
        async () =>
          (await page
            .getByRole('button', { name: 'Save Changes' })
            .getAttribute('data-loading')) === null,
      );
    }
    await page.clock.runFor(500);
    await expect.poll(() => saved.count()).toBe(1);
  });
});

describe('a session that ended is explained on /auth', () => {
  const notice = (page: Page) => page.getByRole('alert').filter({ hasText: MSG.sessionEnded });

  async function signedIn(member: CreatedUser): Promise<Page> {
    const page = await freshPage();
    await signInThroughForm(page, stage.s.url, member.username, member.password);
    await expectText(page, `Welcome back, ${member.username}`);
    return page;
  }

  it('after “Log out other sessions” on another device, the next in-app navigation', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_ended_other' });
    const laptop = await signedIn(member);
    const phone = await signedIn(member);

    await phone.getByRole('link', { name: 'Account Settings' }).first().click();
    // Enabled once the list shows the laptop's session too.
    const logOutOthers = phone.getByRole('button', { name: 'Log out other sessions' });
    await expect.poll(() => logOutOthers.isEnabled(), { timeout: 15_000 }).toBe(true);
    await logOutOthers.click();
    await expectText(phone, 'Signed out elsewhere');

    await laptop.getByRole('link', { name: 'Account Settings' }).first().click();
    // Back on /auth with the page it was opening (?next=), whatever it was.
    await laptop.waitForURL((url) => url.pathname === '/auth', { timeout: 15_000 });
    await notice(laptop).waitFor({ timeout: 15_000 });

    // Told once: a reload of /auth is quiet again; signing in again works.
    await laptop.reload();
    await laptop.getByRole('tab', { name: 'Login' }).waitFor();
    expect(await notice(laptop).count()).toBe(0);
    await signInThroughForm(laptop, stage.s.url, member.username, member.password);
    await expectText(laptop, `Welcome back, ${member.username}`);
    // The phone kept its session, and was told nothing.
    await phone.reload();
    await phone.getByRole('button', { name: 'Log out other sessions' }).waitFor();
    expect(pathOf(phone)).toBe('/settings');
  });

  it('after the server ended every session, on the next full page load', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_ended_server' });
    const page = await signedIn(member);
    // Ended only once the dashboard has made its calls: a call still on its way would meet the
    // ended session first and show the notice before the reload this test is about.
    await page.waitForLoadState('networkidle');
    expect(await deleteUserSessions({ db: stage.s.db, userId: member.id })).toBe(1);
    await page.reload();
    await page.waitForURL(at('/auth'), { timeout: 15_000 });
    await notice(page).waitFor({ timeout: 15_000 });
  });

  it('says nothing after a deliberate Logout', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_left' });
    const page = await signedIn(member);
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL(at('/auth'));
    await expectText(page, 'You have been logged out successfully.');
    expect(await notice(page).count()).toBe(0);
    await page.reload();
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    expect(await notice(page).count()).toBe(0);
  });

  it('a ban that lands before the signed-in page first asks who is signed in', async () => {
    const admin = await createUser(stage.s.db, { role: 'admin', username: 'e2e_toast_admin2' });
    const member = await createUser(stage.s.db, { username: 'e2e_banned_early' });
    const page = await freshPage();
    // auth.me after the sign-in's reload waits until the ban is in.
    let release: () => void = () => undefined;
    const banned = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route(/\/trpc\/[^?]*auth\.me/, async (route) => {
      if (new URL(route.request().frame().url()).pathname !== '/auth') {
        held = true;
        await banned;
      }
      await route.continue();
    });
    await signInThroughForm(page, stage.s.url, member.username, member.password);
    await expect.poll(() => held, { timeout: 15_000 }).toBe(true);
    await banUser({
      db: stage.s.db,
      actor: { id: admin.id, username: admin.username, role: 'admin' },
      id: member.id,
      reason: 'Sharing accounts',
    });
    release();
    await page.waitForURL((url) => url.pathname === '/auth', { timeout: 15_000 });
    await notice(page).waitFor({ timeout: 15_000 });
  });

  it('a banned member is sent to /auth with the notice, and told why at sign-in', async () => {
    const admin = await createUser(stage.s.db, { role: 'admin', username: 'e2e_toast_admin' });
    const member = await createUser(stage.s.db, { username: 'e2e_banned' });
    const page = await signedIn(member);
    await banUser({
      db: stage.s.db,
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
    await page.waitForURL((url) => url.pathname === '/auth', { timeout: 15_000 });
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
