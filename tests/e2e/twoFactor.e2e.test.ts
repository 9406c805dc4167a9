// Two-factor sign-in in a real browser, as a person does it: turn it on in Account Settings (the
// secret read from the page, the code computed with otplib as an authenticator app would), sign
// out, sign in with a code, sign out, sign in with a recovery code. And the staff who must set it
// up first, and the admin's reset from the users table.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { getPlatformSettings, savePlatformSettings } from '../../src/server/domain/settings';
import { createUser } from '../helpers/db';
import { chooseFromMenu, expectText, pathOf, signInThroughForm } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage();

/**
 * What an authenticator app shows now (`steps` 0), or 30 seconds later (1). The setup takes the
 * code of now; a sign-in right after takes the next one, since a code is accepted only once and
 * the server accepts the codes of the step before and after its own.
 */
function codeOf(secret: string, steps: 0 | 1): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** The setup as a person does it: begin, read the secret, type a code, save the codes. */
async function turnOnInSettings(page: Page): Promise<{ secret: string; codes: string[] }> {
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secretText = page.getByLabel('Or type this secret key into the app:');
  await secretText.waitFor();
  const qr = page.getByRole('img', { name: /QR code for your authenticator app/ });
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  const secret = (await secretText.textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('2. Enter the 6-digit code the app shows').fill(await codeOf(secret, 0));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  const list = page.getByRole('list', { name: 'Your recovery codes' });
  await list.waitFor({ timeout: 15_000 });
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  return { secret, codes };
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.waitForURL((url) => url.pathname === '/auth');
}

/** The password step: the form then asks for the code instead of signing in. */
async function passwordStep(page: Page, username: string, password: string) {
  await page.goto(stage.url('/auth'));
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor({ timeout: 15_000 });
  expect(pathOf(page)).toBe('/auth');
}

async function codeStep(page: Page, code: string) {
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

describe('two-factor sign-in', () => {
  it('turns on in Account Settings; then signs in with a code, and with a recovery code once', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_twofactor' });
    const page = await stage.anonymousPage();
    await signInThroughForm(page, stage.s.url, member.username, member.password);
    await page.goto(stage.url('/settings'));
    await page.getByRole('heading', { name: 'Two-Factor Sign-In' }).waitFor();

    // A wrong code is refused beside the field, and nothing is turned on.
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const field = page.getByLabel('2. Enter the 6-digit code the app shows');
    await field.fill('000000');
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expectText(page, 'That code is not valid. Check your authenticator app and try again.');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Cancel' }).click();

    const { secret, codes } = await turnOnInSettings(page);
    await expectText(page, '10 recovery codes left.');
    await logOut(page);

    // Password, then a code from the app.
    await passwordStep(page, member.username, member.password);
    // Nobody is signed in yet: another tab of this browser is sent to /auth.
    const other = await page.context().newPage();
    await other.goto(stage.url('/settings'));
    await other.waitForURL((url) => url.pathname === '/auth');
    await other.close();
    await codeStep(page, '111111');
    await expectText(page, 'That code is not valid. Check your authenticator app and try again.');
    await codeStep(page, await codeOf(secret, 1));
    await page.waitForURL(stage.url('/'), { timeout: 15_000 });
    await expectText(page, 'Login successful');
    await logOut(page);

    // Password, then a recovery code (the phone is lost), after a reload of the code step: the
    // pending sign-in is still this cookie's, and the page stays at the code step.
    await passwordStep(page, member.username, member.password);
    await page.reload();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await codeStep(page, codes[0]!);
    await page.waitForURL(stage.url('/'), { timeout: 15_000 });
    await page.goto(stage.url('/settings'));
    await expectText(page, '9 recovery codes left.');
    await logOut(page);

    // The same recovery code does not work twice.
    await passwordStep(page, member.username, member.password);
    await codeStep(page, codes[0]!);
    await expectText(page, 'That code is not valid. Check your authenticator app and try again.');
    expect(pathOf(page)).toBe('/auth');
    await codeStep(page, codes[1]!);
    await page.waitForURL(stage.url('/'), { timeout: 15_000 });
  });

  it('leads an admin to set it up first when the platform requires it, and resets a member’s', async () => {
    const settings = await getPlatformSettings({ db: stage.s.db });
    await savePlatformSettings({
      db: stage.s.db,
      value: { ...settings, requireStaffTwoFactor: true },
    });
    const admin = await createUser(stage.s.db, { role: 'admin', username: 'e2e_boss' });
    const member = await createUser(stage.s.db, { username: 'e2e_lost_phone' });

    // The member turns it on (members are not required to).
    const memberPage = await stage.anonymousPage();
    await signInThroughForm(memberPage, stage.s.url, member.username, member.password);
    await memberPage.goto(stage.url('/settings'));
    await turnOnInSettings(memberPage);

    // The admin signs in: whatever address, the setup comes first.
    const page = await stage.anonymousPage();
    await signInThroughForm(page, stage.s.url, admin.username, admin.password);
    await page.goto(stage.url('/admin/users'));
    await page.getByRole('heading', { name: 'Set up two-factor sign-in', level: 1 }).waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
    await turnOnInSettings(page);
    await page.waitForURL(stage.url('/admin'), { timeout: 15_000 });

    // The member lost their phone and codes: the admin resets it, after a confirmation.
    await page.goto(stage.url('/admin/users'));
    const confirm = page.getByRole('alertdialog', { name: 'Reset Two-Factor Sign-In' });
    await chooseFromMenu(
      page,
      `Actions for ${member.username}`,
      'Reset Two-Factor Sign-In',
      confirm,
    );
    await confirm.getByRole('button', { name: 'Reset' }).click();
    await expectText(page, 'Two-factor sign-in reset');

    // The member's session ended; the password alone signs them in again.
    await memberPage.goto(stage.url('/settings'));
    await memberPage.waitForURL((url) => url.pathname === '/auth');
    await signInThroughForm(memberPage, stage.s.url, member.username, member.password);
    expect(pathOf(memberPage)).toBe('/');
  });
});
