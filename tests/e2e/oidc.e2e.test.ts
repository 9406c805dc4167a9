// Sign in with OpenID Connect in a real browser, through a real local OpenID provider
// (oidc-provider's own login page, tests/helpers/oidc.ts): a first sign-in that lands signed in,
// the username follow-up, a link confirmed with the password, linking and unlinking in Account
// Settings, and a sign-in cancelled at the provider.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { users } from '../../src/server/platform/db/schema';
import { insertContest } from '../helpers/contests';
import { createUser } from '../helpers/db';
import {
  callbackFor,
  readyRegistry,
  startOidcProvider,
  type TestOidcProvider,
  type TestOidcUser,
} from '../helpers/oidc';
import { expectText, pathOf } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage();

/** A provider for this test's server, configured on it as 'Local ID'. */
async function withProvider(users: TestOidcUser[], run: (op: TestOidcProvider) => Promise<void>) {
  const op = await startOidcProvider({ redirectUris: [callbackFor(stage.s.url)], users });
  const registry = await readyRegistry([op.config('local', 'Local ID')]);
  stage.s.deps.oidc = registry;
  try {
    await run(op);
  } finally {
    registry.close();
    await op.stop();
  }
}

/** What a person does on the provider's own sign-in page. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByPlaceholder('Enter any login').waitFor();
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('whatever-the-provider-wants');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

describe('Sign in with OpenID Connect', () => {
  it('shows a button per provider, signs in through the provider’s page and lands signed in', async () => {
    const walker = {
      sub: 'walker-sub',
      email: 'walker@example.org',
      email_verified: true,
      preferred_username: 'oidc_walker',
    };
    await withProvider([walker], async () => {
      const page = await stage.anonymousPage();
      await page.goto(stage.url('/auth'));
      const button = page.getByRole('link', { name: 'Continue with Local ID' });
      await button.waitFor();
      // On the register tab too.
      // Each panel's own link: while the tabs switch, the panel on its way out is still there.
      const inPanel = (name: string) =>
        page.getByRole('tabpanel', { name }).getByRole('link', { name: 'Continue with Local ID' });
      await page.getByRole('tab', { name: 'Register' }).click();
      await inPanel('Register').waitFor();
      await page.getByRole('tab', { name: 'Login' }).click();
      await inPanel('Login').click();

      await signInAtProvider(page, walker.sub);
      await page.waitForURL(stage.url('/'));
      await expectText(page, 'oidc_walker');
      expect(pathOf(page)).toBe('/');

      // Account Settings: the provider is linked, and it is the only way in.
      await page.goto(stage.url('/settings'));
      const methods = page.getByRole('list', { name: 'Sign-in methods' });
      await methods.getByText('Linked', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Unlink Local ID' }).isDisabled()).toBe(true);
      await expectText(page, /your only way to sign in/);
      // A first password, without a current one.
      await page.getByRole('button', { name: 'Set a password' }).click();
      await page.getByLabel('New Password', { exact: true }).fill('quartz-harbor-83');
      await page.getByLabel('Confirm New Password').fill('quartz-harbor-83');
      await page.getByRole('button', { name: 'Set Password' }).click();
      await expectText(page, 'Password set');
      await expect
        .poll(() => page.getByRole('button', { name: 'Unlink Local ID' }).isDisabled())
        .toBe(false);
    });
  });

  it('returns to the contest link that sent a signed-out visitor to /auth', async () => {
    const admin = await createUser(stage.s.db, { role: 'admin' });
    const contest = await insertContest(stage.s.db, {
      createdBy: admin.id,
      title: 'OIDC Link Cup',
    });
    const link = `/contests/${contest.id}`;
    const rover = {
      sub: 'rover-sub',
      email: 'rover@example.org',
      email_verified: true,
      preferred_username: 'oidc_rover',
    };
    await withProvider([rover], async () => {
      const page = await stage.anonymousPage();
      await page.goto(stage.url(link));
      await page.waitForURL(stage.url(`/auth?next=${encodeURIComponent(link)}`));
      await page.getByRole('link', { name: 'Continue with Local ID' }).click();
      // The provider's page: the target waits in the sealed flow, not in the provider's address.
      await signInAtProvider(page, rover.sub);
      await page.waitForURL(stage.url(link));
      await page.getByRole('heading', { name: 'OIDC Link Cup' }).first().waitFor();
    });
  });

  it('asks for a username when the provider’s is taken, then signs in', async () => {
    await createUser(stage.s.db, { username: 'taken_name' });
    const newcomer = {
      sub: 'newcomer-sub',
      email: 'newcomer@example.org',
      email_verified: true,
      preferred_username: 'taken_name',
    };
    await withProvider([newcomer], async () => {
      const page = await stage.anonymousPage();
      await page.goto(stage.url('/auth'));
      await page.getByRole('link', { name: 'Continue with Local ID' }).click();
      await signInAtProvider(page, newcomer.sub);
      await page.getByRole('heading', { name: 'Choose a username' }).waitFor();
      expect(await page.getByRole('tab', { name: 'Login' }).isVisible()).toBe(false);
      // The sign-in tabs are hidden meanwhile (their fields are not in the accessibility tree).
      const field = page.getByRole('textbox', { name: 'Username' });
      expect(await field.inputValue()).toBe('taken_name2');
      await field.fill('taken_name');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expectText(page, 'Username already exists');
      await field.fill('fresh_name');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(stage.url('/'));
      await expectText(page, 'fresh_name');
    });
  });

  it('links to the account with the same verified e-mail once its password is given', async () => {
    const member = await createUser(stage.s.db, {
      username: 'verified_member',
      email: 'verified@example.org',
    });
    await stage.s.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, member.id));
    const same = {
      sub: 'verified-sub',
      email: 'verified@example.org',
      email_verified: true,
      preferred_username: 'someone_else',
    };
    await withProvider([same], async () => {
      const page = await stage.anonymousPage();
      await page.goto(stage.url('/auth'));
      await page.getByRole('link', { name: 'Continue with Local ID' }).click();
      await signInAtProvider(page, same.sub);
      await page.getByRole('heading', { name: 'Link Local ID to your account' }).waitFor();
      await expectText(page, 'verified_member');
      // The hidden sign-in form has a Password field too: this is the visible one.
      const password = page.getByLabel('Password').filter({ visible: true });
      await password.fill('not-the-password');
      await page.getByRole('button', { name: 'Link and sign in' }).click();
      await expectText(page, 'The password is not correct');
      await password.fill(member.password);
      await page.getByRole('button', { name: 'Link and sign in' }).click();
      await page.waitForURL(stage.url('/'));
      await expectText(page, 'verified_member');
    });
  });

  it('links and unlinks a provider in Account Settings', async () => {
    const member = await createUser(stage.s.db, { username: 'settings_member' });
    const identity = { sub: 'settings-sub', email: 'elsewhere@example.org', email_verified: true };
    await withProvider([identity], async () => {
      const page = await stage.pageAs(member);
      await page.goto(stage.url('/settings'));
      await page.getByRole('link', { name: 'Link Local ID' }).click();
      await signInAtProvider(page, identity.sub);
      await page.waitForURL((url) => url.pathname === '/settings');
      await expectText(page, 'Linked Local ID');
      await expectText(page, /As elsewhere@example\.org, linked/);
      await page.getByRole('button', { name: 'Unlink Local ID' }).click();
      await expectText(page, 'Unlinked Local ID');
      await page.getByRole('link', { name: 'Link Local ID' }).waitFor();
    });
  });

  it('says so on /auth when the sign-in is cancelled at the provider', async () => {
    await withProvider([{ sub: 'quitter' }], async () => {
      const page = await stage.anonymousPage();
      await page.goto(stage.url('/auth'));
      await page.getByRole('link', { name: 'Continue with Local ID' }).click();
      await page.getByRole('link', { name: '[ Cancel ]' }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await page.getByRole('alert').filter({ hasText: 'Sign-in did not complete' }).waitFor();
      await expectText(page, 'Sign-in with Local ID was cancelled.');
      // The tabs are still there to try again.
      await page.getByRole('link', { name: 'Continue with Local ID' }).waitFor();
    });
  });
});
