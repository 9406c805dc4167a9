// Accessibility with axe-core of the sign-in screens beyond the form: OpenID's provider buttons,
// follow-ups and refusals and the Sign-in methods card (issue 20, against a local provider), and
// two-factor sign-in's code step, Account Settings card, staff setup screen and the admin's reset
// confirmation. Fails on any serious or critical violation. The shared parts are in ./axe.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { userIdentities, users } from '../../src/server/platform/db/schema';
import { NO_PASSWORD } from '../../src/server/domain/accounts/passwords';
import type { OidcFlow } from '../../src/server/domain/accounts/oidc/flow';
import { beginSetup, enableTwoFactor } from '../../src/server/domain/accounts/twoFactor';
import { sessionCookie } from '../helpers/accounts';
import { createUser, type CreatedUser } from '../helpers/db';
import {
  callbackFor,
  flowCookie,
  readyRegistry,
  startOidcProvider,
  type TestOidcProvider,
} from '../helpers/oidc';
import type { TestServer } from '../helpers/server';
import { signInThroughForm } from './flows';
import {
  EACH_ONCE,
  THEMES,
  VIEWPORTS,
  animationsDone,
  audit,
  expectNoSerious,
  frames,
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
let setSettings: AxeStage['setSettings'];
beforeAll(async () => {
  // Nothing seeded: each test makes the members it needs; the admin's tab confirms the reset.
  stage = await startAxeStage({ seed: [], tabs: ['admin'] });
  ({ s, browser, tabs, people, setTheme, setSettings } = stage);
});
afterAll(async () => {
  await stage?.stop();
});

describe('the OpenID sign-in screens (issue 20)', () => {
  let op: TestOidcProvider;
  beforeAll(async () => {
    op = await startOidcProvider({ redirectUris: [callbackFor(s.url)] });
    s.deps.oidc = await readyRegistry([op.config('local', 'Local ID')]);
  });
  afterAll(async () => {
    s.deps.oidc?.close();
    s.deps.oidc = undefined;
    await op?.stop();
  });

  it('the provider buttons, the follow-ups, a refusal and Sign-in methods', async () => {
    const findings: Finding[] = [];
    const owner = await createUser(s.db, { username: 'axe_owner', email: 'owner@example.org' });
    // A member made through the provider: no password, one linked identity.
    const linked = await createUser(s.db, { username: 'axe_linked' });
    await s.db.update(users).set({ password: NO_PASSWORD }).where(eq(users.id, linked.id));
    await s.db.insert(userIdentities).values({
      userId: linked.id,
      provider: 'local',
      subject: 'axe-sub',
      email: 'axe@idp.example',
    });
    const flows: Record<string, OidcFlow> = {
      username: {
        stage: 'username',
        provider: 'local',
        subject: 'new-sub',
        email: 'newcomer@example.org',
        emailVerified: true,
        suggested: 'newcomer',
      },
      confirm: {
        stage: 'confirm',
        provider: 'local',
        subject: 'owner-sub',
        email: owner.email,
        userId: owner.id,
      },
      error: {
        stage: 'error',
        intent: 'signin',
        message: 'Sign-in with Local ID was cancelled.',
      },
    };
    const screens: {
      who: string;
      user?: CreatedUser;
      path: string;
      flow?: OidcFlow;
      shows: string;
    }[] = [
      { who: 'guest', path: '/auth', shows: 'Continue with Local ID' },
      {
        who: 'guest',
        path: '/auth?oidc=username',
        flow: flows.username,
        shows: 'Choose a username',
      },
      {
        who: 'guest',
        path: '/auth?oidc=confirm',
        flow: flows.confirm,
        shows: 'Link Local ID to your account',
      },
      {
        who: 'guest',
        path: '/auth?oidc=error',
        flow: flows.error,
        shows: 'Sign-in did not complete',
      },
      { who: 'member', user: people.member, path: '/settings', shows: 'Sign-in methods' },
      { who: 'linked', user: linked, path: '/settings', shows: 'Set a password' },
      {
        who: 'member',
        user: people.member,
        path: '/settings?oidc=error',
        flow: {
          stage: 'error',
          intent: 'link',
          message: 'That Local ID account is already linked to another member.',
        },
        shows: 'The provider was not linked',
      },
    ];
    try {
      for (const screen of screens) {
        const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
        try {
          const cookies = [];
          if (screen.user) {
            const cookie = await sessionCookie(s, screen.user.id);
            const at = cookie.indexOf('=');
            cookies.push({ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: s.url });
          }
          if (screen.flow)
            cookies.push({ ...(await flowCookie(s.deps.sessionSecret, screen.flow)), url: s.url });
          await context.addCookies(cookies);
          const page = await context.newPage();
          for (const [theme, viewport] of EACH_ONCE) {
            await setTheme(page, theme);
            await page.setViewportSize(VIEWPORTS[viewport]);
            await page.goto(s.url + screen.path);
            await settle(page);
            await page.getByText(screen.shows).first().waitFor();
            if (screen.who === 'linked') {
              await page.getByRole('button', { name: 'Set a password' }).click();
              await page.getByLabel('Confirm New Password').waitFor();
            }
            await animationsDone(page);
            await audit(page, `${screen.who} ${viewport} ${theme} ${screen.path}`, findings);
          }
        } finally {
          await context.close();
        }
      }
    } finally {
      report('OpenID screens', findings);
    }
    expectNoSerious(findings);
  }, 120_000);
});

describe('two-factor sign-in screens', () => {
  /** Turns it on for `user` straight through the service, as Account Settings would. */
  async function turnOn(user: CreatedUser): Promise<string> {
    const actor = { id: user.id, username: user.username, role: user.role, ip: '127.0.0.1' };
    const { secret } = await beginSetup({ db: s.db, actor, sessionSecret: s.deps.sessionSecret });
    await enableTwoFactor({
      db: s.db,
      actor,
      sessionId: '',
      sessionSecret: s.deps.sessionSecret,
      limits: s.deps.limits,
      code: await generate({ secret }),
    });
    return secret;
  }

  it('the code step, the Account Settings card in each state, the staff setup screen and the reset confirmation', async () => {
    const findings: Finding[] = [];
    const member = await createUser(s.db, { username: 'axe_twofactor' });
    const protectedMember = await createUser(s.db, { username: 'axe_protected' });
    await turnOn(protectedMember);
    const staff = await createUser(s.db, { username: 'axe_staff', role: 'moderator' });
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    try {
      const page = await context.newPage();
      await signInThroughForm(page, s.url, member.username, member.password);
      for (const [theme, viewport] of EACH_ONCE) {
        await setTheme(page, theme);
        await page.setViewportSize(VIEWPORTS[viewport]);
        await navigate(page, '/settings');
        // By keyboard: on a phone a toast or the bottom navigation may cover a button.
        await page.getByRole('button', { name: 'Set up two-factor sign-in' }).press('Enter');
        await page.getByRole('img', { name: /QR code for your authenticator app/ }).waitFor();
        await page.getByLabel('2. Enter the 6-digit code the app shows').fill('000000');
        await page.getByRole('button', { name: 'Turn on', exact: true }).press('Enter');
        await page.getByText('That code is not valid', { exact: false }).first().waitFor();
        await animationsDone(page);
        await audit(page, `member ${viewport} ${theme} two-factor setup with error`, findings);
        await page.getByRole('button', { name: 'Cancel' }).press('Enter');
      }
      // On (which ends the member's sessions): the sign-in's code step, then the card. A reload
      // (the theme's) leaves the code step, so each theme signs in again.
      const secret = await turnOn(member);
      await page.setViewportSize(VIEWPORTS.desktop);
      const codeField = page.getByLabel('Authentication code');
      for (const theme of THEMES) {
        await page.goto(`${s.url}/auth`);
        await setTheme(page, theme);
        await page.getByRole('tab', { name: 'Login' }).click();
        await page.getByLabel('Username').fill(member.username);
        await page.getByLabel('Password').fill(member.password);
        await page.getByRole('button', { name: 'Login', exact: true }).click();
        await codeField.fill('000000');
        await page.getByRole('button', { name: 'Verify' }).click();
        await page.getByRole('alert').filter({ hasText: 'That code is not valid' }).waitFor();
        await animationsDone(page);
        await audit(page, `guest ${theme} two-factor code step with error`, findings);
      }
      await codeField.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(`${s.url}/`);
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await navigate(page, '/settings');
        await page.getByRole('button', { name: 'Turn off', exact: true }).click();
        await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
        await page.getByText('Current password is required').waitFor();
        await animationsDone(page);
        await audit(page, `member ${theme} two-factor turn-off form with errors`, findings);
        await page.getByRole('button', { name: 'Cancel' }).press('Enter');
      }

      // Staff the platform requires it of: the setup screen before anything else.
      await setSettings({ requireStaffTwoFactor: true });
      try {
        // A browser of the moderator's own (the member is signed in on this one).
        const staffPage = await (
          await browser.newContext({ viewport: VIEWPORTS.desktop })
        ).newPage();
        await signInThroughForm(staffPage, s.url, staff.username, staff.password);
        await staffPage.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
        for (const theme of THEMES) {
          await setTheme(staffPage, theme);
          for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
            await staffPage.setViewportSize(VIEWPORTS[viewport]);
            await frames(staffPage);
            await audit(staffPage, `moderator ${viewport} ${theme} required setup`, findings);
          }
        }
        // The recovery codes, shown once (in the last theme: a reload would leave them).
        await staffPage.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
        const secretText = staffPage.getByLabel('Or type this secret key into the app:');
        const staffSecret = (await secretText.textContent())!.replace(/\s/g, '');
        await staffPage
          .getByLabel('2. Enter the 6-digit code the app shows')
          .fill(await generate({ secret: staffSecret }));
        await staffPage.getByRole('button', { name: 'Turn on', exact: true }).click();
        await staffPage.getByRole('list', { name: 'Your recovery codes' }).waitFor();
        await animationsDone(staffPage);
        await audit(staffPage, 'moderator recovery codes', findings);
        await staffPage.context().close();
      } finally {
        await setSettings({ requireStaffTwoFactor: false });
      }

      // The admin's confirmation.
      const admin = tabs.admin.page;
      for (const theme of THEMES) {
        await setTheme(admin, theme);
        await admin.setViewportSize(VIEWPORTS.desktop);
        await navigate(admin, '/admin/users');
        // Found by name: the list's first page need not hold them.
        await admin.getByLabel('Search users').fill(protectedMember.username);
        await admin
          .getByRole('button', { name: `Actions for ${protectedMember.username}` })
          .click();
        await admin.getByRole('menuitem', { name: 'Reset Two-Factor Sign-In' }).click();
        const confirm = admin.getByRole('alertdialog', { name: 'Reset Two-Factor Sign-In' });
        await confirm.waitFor();
        await animationsDone(admin);
        await audit(admin, `admin ${theme} Reset Two-Factor Sign-In confirmation`, findings);
        await admin.keyboard.press('Escape');
        await confirm.waitFor({ state: 'detached' });
      }
    } finally {
      await context.close();
      report('two-factor', findings);
    }
    expectNoSerious(findings);
  }, 120_000);
});
