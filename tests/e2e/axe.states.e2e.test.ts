// Accessibility with axe-core of the page states issue 15 named (Platform Settings › Payments, the
// Drafts tab, open action menus) and of the wizard while its code loads; then the navigation
// aids: the skip link, tabs kept in the URL, and a rename of the platform followed everywhere.
// The shared parts are in ./axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../helpers/server';
import { signInThroughForm } from './flows';
import {
  THEMES,
  VIEWPORTS,
  animationsDone,
  audit,
  expectNoSerious,
  navigate,
  report,
  settle,
  startAxeStage,
  type AxeStage,
  type Finding,
  type ViewportName,
} from './axe/support';

let stage: AxeStage;
// The stage's parts, under the names the tests use.
let s: TestServer;
let browser: Browser;
let tabs: AxeStage['tabs'];
let people: AxeStage['people'];
let setTheme: AxeStage['setTheme'];
beforeAll(async () => {
  // The pending contest (its red Reject in the action menu) and the member's draft (the Drafts
  // tab).
  stage = await startAxeStage({
    seed: ['contests', 'takingPart'],
    tabs: ['guest', 'member', 'admin'],
  });
  ({ s, browser, tabs, people, setTheme } = stage);
});
afterAll(async () => {
  await stage?.stop();
});

describe('the page states issue 15 named', () => {
  /** Nothing serious, and none of the findings the review named, on these states. */
  function expectClean(findings: Finding[]) {
    expectNoSerious(findings);
    const named = findings.filter((f) => f.id === 'heading-order' || f.id === 'region');
    expect(named.map((f) => `${f.id} ${f.target} @ ${f.where}`)).toEqual([]);
  }

  it.each(THEMES)(
    'Platform Settings › Payments, the Drafts tab and an open action menu (%s)',
    async (theme) => {
      const findings: Finding[] = [];
      const admin = tabs.admin.page;
      const member = tabs.member.page;
      try {
        await setTheme(admin, theme);
        await setTheme(member, theme);
        for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
          await admin.setViewportSize(VIEWPORTS[viewport]);
          await member.setViewportSize(VIEWPORTS[viewport]);
          await navigate(admin, '/admin/settings?tab=payments');
          await admin.getByLabel('Standard price for 30 days').waitFor();
          await audit(admin, `admin ${viewport} ${theme} Platform Settings › Payments`, findings);

          await navigate(member, '/contests?tab=drafts');
          await member.getByText('Axe Draft Cup').first().waitFor();
          await audit(member, `member ${viewport} ${theme} Drafts tab`, findings);

          for (const [path, name, item] of [
            ['/admin/users', `Actions for ${people.member.username}`, 'Delete User'],
            // A pending contest's menu has its red Reject too.
            ['/admin/contests', 'Actions for Axe Pending Cup', 'Reject'],
          ] as const) {
            await navigate(admin, path);
            await admin.getByRole('button', { name }).click();
            await admin.getByRole('menuitem', { name: item }).waitFor();
            await animationsDone(admin);
            await audit(admin, `admin ${viewport} ${theme} ${path} action menu`, findings);
            // The menu opens inside the page's main landmark.
            expect(
              await admin.evaluate(() =>
                Boolean(document.querySelector('[role="menu"]')?.closest('main')),
              ),
            ).toBe(true);
            await admin.keyboard.press('Escape');
            await admin.getByRole('menu').waitFor({ state: 'hidden' });
          }
        }
      } finally {
        report(`issue 15 states (${theme})`, findings);
      }
      expectClean(findings);
    },
    90_000,
  );

  it('the wizard while its code loads: the spinner stands in the layout’s main', async () => {
    const findings: Finding[] = [];
    // A page that has never loaded the wizard's code.
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    try {
      const page = await context.newPage();
      await signInThroughForm(page, s.url, people.member.username, people.member.password);
      await settle(page);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/(CreateContestPage|ContestWizard)-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.evaluate(() => {
        history.pushState(null, '', '/contests/create');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      const loading = page.getByRole('status', { name: 'Loading page' });
      await loading.waitFor();
      expect(await loading.evaluate((el) => Boolean(el.closest('main')))).toBe(true);
      // The layout stays: its navigation is still there while the screen loads.
      await page.getByRole('link', { name: 'Contests', exact: true }).first().waitFor();
      await audit(page, 'member wizard loading', findings);
      release();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    } finally {
      await context.close();
      report('wizard loading', findings);
    }
    expectClean(findings);
  });
});

describe('navigation aids', () => {
  it('starts every page with a skip link to the main content', async () => {
    for (const [who, path] of [
      ['member', '/contests'],
      ['admin', '/admin/users'],
      ['guest', '/auth'],
      ['guest', '/debug'],
      ['guest', '/no-such-page'],
    ] as const) {
      const { page } = tabs[who];
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.goto(s.url + path);
      await settle(page);
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      expect(await focused.textContent(), `${who} ${path}`).toBe('Skip to main content');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.tagName), { timeout: 3_000 })
        .toBe('MAIN');
    }
  });

  it('keeps the settings tab in the URL, and /debug leads back to the dashboard', async () => {
    const member = tabs.member.page;
    await member.goto(`${s.url}/settings`);
    await settle(member);
    await member.getByRole('tab', { name: 'Payment Methods' }).click();
    await member.waitForURL(/\/settings\?tab=payment$/);
    await member.reload();
    await settle(member);
    expect(
      await member.getByRole('tab', { name: 'Payment Methods' }).getAttribute('aria-selected'),
    ).toBe('true');

    const admin = tabs.admin.page;
    await admin.goto(`${s.url}/admin/settings?tab=payments`);
    await settle(admin);
    expect(await admin.getByRole('tab', { name: 'Payments' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await admin.getByLabel('Standard price for 30 days').waitFor();
    await admin.getByRole('tab', { name: 'General' }).click();
    await admin.waitForURL(/\/admin\/settings(\?tab=general)?$/);

    await member.goto(`${s.url}/debug`);
    await settle(member);
    await member.getByRole('link', { name: /dashboard/i }).click();
    await member.waitForURL(`${s.url}/`);
  });

  it('follows a rename of the platform in the footer, the logo and the title', async () => {
    const year = new Date().getFullYear();
    const admin = tabs.admin.page;
    await admin.setViewportSize(VIEWPORTS.desktop);
    await admin.goto(`${s.url}/admin/settings`);
    await settle(admin);
    await admin.getByText(`© ${year} Contest Platform`).waitFor();
    await admin.getByLabel('Platform Name').fill('Acme Arena');
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await admin.getByText(`© ${year} Acme Arena`).waitFor();
    expect(await admin.getByText('Contest Platform').count()).toBe(0);
    expect(await admin.getByRole('link', { name: 'Acme Arena' }).count()).toBeGreaterThan(0);
    await expect.poll(() => admin.title()).toBe('Platform Settings · Acme Arena');
    await admin.getByRole('link', { name: 'Users' }).first().click();
    await expect.poll(() => admin.title()).toBe('Users · Acme Arena');

    const guest = tabs.guest.page;
    await guest.goto(`${s.url}/auth`);
    await settle(guest);
    await guest.getByRole('heading', { name: 'Acme Arena', level: 1 }).waitFor();
    await expect.poll(() => guest.title()).toMatch(/ · Acme Arena$/);
  });
});
