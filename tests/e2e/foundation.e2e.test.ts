// Issue 'Foundation' in a real browser: register, theme, logout/login, guards, 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../helpers/browser';
import { createUser } from '../helpers/db';
import { startTestServer, type TestServer } from '../helpers/server';
import { expectText, pathOf, signInThroughForm, strengthShown } from './flows';

let s: TestServer;
let b: TestBrowser;
beforeAll(async () => {
  s = await startTestServer({ withClient: true });
  b = await launchBrowser();
});
afterAll(async () => {
  await b?.close();
  await s?.stop();
});

describe('a new member', () => {
  it('registers, lands on the dashboard, keeps the theme, logs out and back in', async () => {
    const page = await b.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${s.url}/auth`);
    await expectText(page, 'Join our platform to participate in exciting contests and tournaments');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill('e2e_member');
    await page.getByLabel('Email').fill('e2e_member@example.com');
    await page.getByLabel('Phone (optional)').fill('+1 555 0100');
    await page.getByLabel('Password', { exact: true }).fill('kestrel-orbit-93');
    await page.getByLabel('Confirm Password').fill('kestrel-orbit-93');
    await strengthShown(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${s.url}/`);
    await expectText(page, 'Welcome, e2e_member');
    await expectText(page, 'Registration successful');
    await expectText(page, 'Upgrade to Standard, Pro or Elite');

    // Dark by default; the toggle switches to light, stored under 'theme', kept after reload.
    expect(await page.evaluate(() => document.documentElement.className)).toContain('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).first().click();
    expect(await page.evaluate(() => document.documentElement.className)).toContain('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expectText(page, 'Welcome, e2e_member');
    expect(await page.evaluate(() => document.documentElement.className)).toContain('light');

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL(`${s.url}/auth`);
    await expectText(page, 'Logged out');

    await signInThroughForm(page, s.url, 'e2e_member', 'kestrel-orbit-93');
    expect(pathOf(page)).toBe('/');
    await expectText(page, 'Login successful');
    await expectText(page, 'Welcome back, e2e_member');

    // A member opening an admin route goes to '/'; opening /auth while signed in too.
    await page.goto(`${s.url}/admin/users`);
    await page.waitForURL(`${s.url}/`);
    await page.goto(`${s.url}/auth`);
    await page.waitForURL(`${s.url}/`);
    // The built client runs under the CSP without violations.
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await page.close();
  });

  it('shows the login form’s validation and a failed sign-in', async () => {
    const context = await b.browser.browser()!.newContext();
    const page = await context.newPage();
    await page.goto(`${s.url}/auth`);
    await page.getByLabel('Username').fill('someone');
    await page.getByLabel('Password').fill('123');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectText(page, 'Password must be at least 6 characters');
    await page.getByLabel('Password').fill('wrongpass');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectText(page, 'Login failed');
    await expectText(page, 'Invalid username or password');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${s.url}/forgot-password`);
    await context.close();
  });
});

describe('guards', () => {
  it('sends anonymous visitors to /auth and shows Page Not Found for unknown paths', async () => {
    const context = await b.browser.browser()!.newContext();
    const page = await context.newPage();
    await page.goto(`${s.url}/settings`);
    await page.waitForURL(`${s.url}/auth?next=%2Fsettings`);
    await page.goto(`${s.url}/no/such/page`);
    await expectText(page, 'Page Not Found');
    await page.goto(`${s.url}/debug`);
    await expectText(page, 'Image Debug');
    await page.getByText('✓ Loaded').nth(4).waitFor();
    await context.close();
  });

  it('lands an admin on the admin dashboard with the admin navigation', async () => {
    const admin = await createUser(s.db, { role: 'admin', username: 'e2e_admin' });
    const context = await b.browser.browser()!.newContext();
    const page = await context.newPage();
    await signInThroughForm(page, s.url, admin.username, admin.password);
    await page.waitForURL(`${s.url}/admin`);
    await expectText(page, 'Admin Dashboard');
    await expectText(page, 'Administrator');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const item of ['Dashboard', 'Users', 'Subscriptions', 'Contests', 'Account Settings']) {
      await nav.getByRole('link', { name: item }).waitFor();
    }
    await context.close();
  });

  it('shows the mobile top bar and bottom navigation on a phone', async () => {
    const member = await createUser(s.db, { username: 'e2e_phone', tier: 'pro' });
    const context = await b.browser
      .browser()!
      .newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await signInThroughForm(page, s.url, member.username, member.password);
    const bottom = page.getByRole('navigation', { name: 'Bottom navigation' });
    for (const item of ['Dashboard', 'Contests', 'Leaderboards', 'Analytics', 'Payment']) {
      await bottom.getByRole('link', { name: item }).waitFor();
    }
    await expectText(page, 'Pro');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Account Settings' }).click();
    await page.waitForURL(`${s.url}/settings`);
    await context.close();
  });
});
