// The foundation in headless Chromium, done the way a person does it: register, theme kept
// across a reload, logout and login, the route guards of SPEC 2.1, the 404 page, the admin
// landing, and the sign-in forms' messages. Elements are found by role, label and text. Each test
// stands alone (stage.ts): its own server, and a step of the new member's story starts from the
// state the steps before it leave, made directly.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { beginSetup, enableTwoFactor } from '../../src/server/domain/accounts/twoFactor';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { strengthShown } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage();

/** A fresh, anonymous browser context (its own cookies and storage). */
async function freshPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  return stage.anonymousPage({ viewport });
}

const at = (urlPath: string) => stage.url(urlPath);

async function expectText(page: Page, text: string | RegExp, exact = false) {
  await expect
    .poll(() => page.getByText(text, { exact }).first().isVisible(), { timeout: 15_000 })
    .toBe(true);
}

async function htmlClass(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.className);
}

async function loginThroughForm(page: Page, username: string, password: string) {
  await page.goto(at('/auth'));
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('a new member, start to finish', () => {
  // One person's story, a step per test: each step starts from where the steps before leave the
  // member (registered, signed in or out), made directly, and every step's page is watched for
  // Content Security Policy violations.
  let page: Page;
  const name = 'e2e_newbie';
  const password = 'kestrel-orbit-93';
  let cspErrors: string[] = [];

  function watchCsp(target: Page) {
    target.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) {
        cspErrors.push(m.text());
      }
    });
  }

  beforeEach(async () => {
    cspErrors = [];
    page = await freshPage();
    watchCsp(page);
  });
  afterEach(() => {
    expect(cspErrors).toEqual([]);
  });

  /** The member as registration leaves them: an account, signed in, on the dashboard. */
  async function registered(): Promise<CreatedUser> {
    const member = await createUser(stage.s.db, { username: name, password });
    page = await stage.pageAs(member);
    watchCsp(page);
    await page.goto(at('/'));
    // vitest's poll gives up after 1 s by default: a first page under load takes longer.
    await expect
      .poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    return member;
  }

  it('registers through the Register tab and lands on the dashboard', async () => {
    await page.goto(at('/auth'));
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(name);
    await page.getByLabel('Email').fill(`${name}@example.com`);
    await page.getByLabel('Phone (optional)').fill('+1 555 0100');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await strengthShown(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(at('/'));
    // A new member is welcomed, not welcomed back.
    await expectText(page, `Welcome, ${name}`, true);
    expect(await page.getByText(`Welcome back, ${name}`).count()).toBe(0);
    await expectText(page, 'Registration successful');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible())
      .toBe(true);
  });

  it('is dark by default; the toggle makes it light, remembered after a reload', async () => {
    await registered();
    expect(await htmlClass(page)).toContain('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await page.getByRole('button', { name: 'Switch to light theme' }).first().click();
    await expect.poll(() => htmlClass(page)).toContain('light');
    expect(await htmlClass(page)).not.toContain('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    // ('Welcome, …' in the tab the member registered in, 'Welcome back, …' in any other.)
    await expectText(page, new RegExp(`^Welcome(?: back)?, ${name}$`));
    expect(await htmlClass(page)).toContain('light');
    expect(await htmlClass(page)).not.toContain('dark');
    // The toggle now offers the way back.
    await page.getByRole('button', { name: 'Switch to dark theme' }).first().waitFor();
  });

  it('logs out and lands on /auth', async () => {
    await registered();
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL(at('/auth'));
    await expectText(page, 'Logged out');
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    // The session is really gone: a signed-in route sends us back.
    await page.goto(at('/settings'));
    await page.waitForURL(at('/auth?next=%2Fsettings'));
  });

  it('logs in through the Login tab and sees the dashboard', async () => {
    // Registered, and logged out (this browser holds no session).
    await createUser(stage.s.db, { username: name, password });
    await loginThroughForm(page, name, password);
    await page.waitForURL(at('/'));
    await expectText(page, 'Login successful');
    await expectText(page, `Welcome back, ${name}`);
  });

  it('on the first sign-in of an account an admin made, is welcomed, not welcomed back', async () => {
    await createUser(stage.s.db, { username: name, password, neverSignedIn: true });
    await loginThroughForm(page, name, password);
    await page.waitForURL(at('/'));
    await expectText(page, `Welcome, ${name}!`);
    // The dashboard's greeting too.
    await page.getByText(`Welcome, ${name}`, { exact: true }).first().waitFor();
    expect(await page.getByText(`Welcome back, ${name}`).count()).toBe(0);
  });

  it('is sent to / when opening an admin route, and told why', async () => {
    await registered();
    await page.goto(at('/admin/users'));
    await page.waitForURL(at('/'));
    await expectText(page, 'That page is for administrators');
    await expectText(page, `Welcome back, ${name}`);
  });

  it('is sent to / when opening /auth while signed in', async () => {
    await registered();
    await page.goto(at('/auth'));
    await page.waitForURL(at('/'));
    await expectText(page, `Welcome back, ${name}`);
  });

  it('ran without Content Security Policy violations', async () => {
    // The story's screens in one go: /auth's two tabs, a sign-in and its full reload, the
    // dashboard, a signed-in route; the watch above checks every other step as well.
    await createUser(stage.s.db, { username: name, password });
    await page.goto(at('/auth'));
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Confirm Password').waitFor();
    await loginThroughForm(page, name, password);
    await page.waitForURL(at('/'));
    await expectText(page, `Welcome back, ${name}`);
    await page.goto(at('/settings'));
    await page.getByLabel('Full Name').waitFor();
    expect(cspErrors).toEqual([]);
  });
});

describe('anonymous visitors', () => {
  it('are sent to /auth from signed-in and admin routes', async () => {
    const page = await freshPage();
    // With the page they opened, to return to after signing in (the dashboard needs none).
    for (const [route, auth] of [
      ['/settings', '/auth?next=%2Fsettings'],
      ['/', '/auth'],
      ['/admin', '/auth?next=%2Fadmin'],
    ] as const) {
      await page.goto(at(route));
      await page.waitForURL(at(auth));
    }
    await page.getByRole('tab', { name: 'Login' }).waitFor();
  });

  it('see Page Not Found for an unknown path', async () => {
    const page = await freshPage();
    await page.goto(at('/no/such/page'));
    await expectText(page, 'Page Not Found');
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
  });

  it('may open /debug', async () => {
    const page = await freshPage();
    await page.goto(at('/debug'));
    await expectText(page, 'Image Debug');
    expect(new URL(page.url()).pathname).toBe('/debug');
  });
});

describe('a contest’s link opened signed out', () => {
  /** A contest members can open, and its address. */
  async function contestLink(title: string) {
    const admin = await createUser(stage.s.db, { role: 'admin' });
    const contest = await insertContest(stage.s.db, { createdBy: admin.id, title });
    return `/contests/${contest.id}`;
  }

  it('goes to /auth with the link, and after signing in arrives on the contest', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_from_chat' });
    const link = await contestLink('Link From Chat Cup');
    const page = await freshPage();
    await page.goto(at(link));
    await page.waitForURL(at(`/auth?next=${encodeURIComponent(link)}`));
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(at(link));
    await page.getByRole('heading', { name: 'Link From Chat Cup' }).first().waitFor();
    await expectText(page, 'Login successful');
  });

  it('arrives there after the two-factor step too', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_from_mail_2fa' });
    const actor = { id: member.id, username: member.username, role: 'user' as const };
    const { secret } = await beginSetup({
      db: stage.s.db,
      actor,
      sessionSecret: stage.s.deps.sessionSecret,
    });
    const recoveryCodes = await enableTwoFactor({
      db: stage.s.db,
      actor,
      sessionId: '',
      sessionSecret: stage.s.deps.sessionSecret,
      limits: stage.s.deps.limits,
      code: await generate({ secret }),
    });
    const link = await contestLink('Match Mail Cup');
    const page = await freshPage();
    await page.goto(at(`${link}?tab=matches`));
    await page.waitForURL(at(`/auth?next=${encodeURIComponent(`${link}?tab=matches`)}`));
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByLabel('Authentication code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(at(`${link}?tab=matches`));
    await page.getByRole('heading', { name: 'Match Mail Cup' }).first().waitFor();
  });

  it('never leaves the site for a forged ?next=: the dashboard instead', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_forged_next' });
    const page = await freshPage();
    await page.goto(at(`/auth?next=${encodeURIComponent('//example.org/phish')}`));
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(at('/'));
    await expectText(page, `Welcome back, ${member.username}`);
  });
});

describe('the sign-in forms', () => {
  it('show the login validation message for a too-short password', async () => {
    const page = await freshPage();
    await page.goto(at('/auth'));
    await page.getByLabel('Username').fill('someone');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectText(page, 'Password must be at least 6 characters');
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('show every empty field as required, with the schema fetched once the form is focused', async () => {
    const page = await freshPage();
    const schemaFetched = page.waitForRequest(/\/assets\/schemas-[^/]+\.js$/);
    await page.goto(at('/auth'));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await schemaFetched;
    await expectText(page, 'Username is required');
    await expectText(page, 'Password is required');
  });

  it('still sign in when the validation schema cannot be fetched: the server checks it', async () => {
    const member = await createUser(stage.s.db);
    const page = await freshPage();
    await page.route(/\/assets\/schemas-[^/]+\.js$/, (route) => route.abort());
    await page.goto(at('/auth'));
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // Refused by the server's copy of the schema, told in the toast.
    await expectText(page, 'Login failed');
    await expectText(page, 'Password must be at least 6 characters');
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('show the Login failed toast for a wrong password', async () => {
    const member = await createUser(stage.s.db);
    const page = await freshPage();
    await loginThroughForm(page, member.username, 'wrongpass');
    await expectText(page, 'Login failed');
    // Said in the form too, as an alert that stays after the toast has gone.
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid username or password' });
    await alert.waitFor();
    expect(await page.getByRole('tabpanel', { name: 'Login' }).getByRole('alert').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/auth');
    // The next try clears it; a right password goes on to the dashboard.
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(at('/'));
  });

  it('show a lock-out and a suspension in the form as alerts', async () => {
    const member = await createUser(stage.s.db);
    const banned = await createUser(stage.s.db, { role: 'banned' });
    const page = await freshPage();
    for (let i = 0; i < 5; i++) {
      await loginThroughForm(page, member.username, `wrong-guess-${i}`);
      await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    }
    await loginThroughForm(page, member.username, member.password);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Too many failed sign-in attempts. Please try again later.' })
      .waitFor();
    await loginThroughForm(page, banned.username, banned.password);
    await page.getByRole('alert').filter({ hasText: 'Your account has been suspended' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('show the registration validation message and the failure toast', async () => {
    const taken = await createUser(stage.s.db);
    const page = await freshPage();
    await page.goto(at('/auth'));
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(taken.username);
    await page.getByLabel('Email').fill('brand.new@example.com');
    await page.getByLabel('Password', { exact: true }).fill('kestrel-orbit-93');
    await page.getByLabel('Confirm Password').fill('secret2');
    await strengthShown(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectText(page, 'Passwords do not match');
    await page.getByLabel('Confirm Password').fill('kestrel-orbit-93');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectText(page, 'Registration failed');
    await expectText(page, 'Username already exists');
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('open the reset form from Forgot password?', async () => {
    const page = await freshPage();
    await page.goto(at('/auth'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(at('/forgot-password'));
    await page.getByLabel('Username or e-mail').waitFor();
  });
});

describe('an admin', () => {
  it('logs in through the form and lands on /admin with the admin sidebar', async () => {
    const admin = await createUser(stage.s.db, { role: 'admin', username: 'e2e_boss' });
    const page = await freshPage();
    await loginThroughForm(page, admin.username, admin.password);
    await page.waitForURL(at('/admin'));
    await expectText(page, 'Admin Dashboard');
    await expectText(page, `Welcome back, ${admin.username}`);
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    for (const item of ['Dashboard', 'Users', 'Subscriptions', 'Contests', 'Account Settings']) {
      await sidebar.getByRole('link', { name: item }).waitFor();
    }
    await expectText(page, 'Administrator', true);
    // Admin routes open for an admin.
    await sidebar.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(at('/admin/users'));
  });
});

describe('on a phone', () => {
  it('shows the top bar with the tier and the bottom navigation', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_phone', tier: 'pro' });
    const page = await freshPage({ width: 390, height: 800 });
    await loginThroughForm(page, member.username, member.password);
    await page.waitForURL(at('/'));
    const bottom = page.getByRole('navigation', { name: 'Bottom navigation' });
    for (const item of ['Dashboard', 'Contests', 'Leaderboards', 'Analytics', 'Payment']) {
      await bottom.getByRole('link', { name: item }).waitFor();
    }
    await expectText(page, 'Pro', true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Account Settings' }).click();
    await page.waitForURL(at('/settings'));
  });
});
