// Account Settings' sessions list in a real browser: one member signed in twice, one session
// signed out from the other; and the password strength hint with the server's refusal beside
// the field on the register form.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { generate } from 'otplib';
import { describeUserAgent } from '../../src/client/lib/userAgent';
import { createUser } from '../helpers/db';
import { expectText, pathOf, signInThroughForm } from './flows';
import { standaloneStage } from './stage';

// Each test stands alone (stage.ts): its own server.
const stage = standaloneStage();

/** A fresh browser context: its own cookies, as another device would have. */
async function freshPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  return stage.anonymousPage({ viewport });
}

/**
 * What a screen reader reads about a field besides its name: the texts its aria-describedby and
 * (when invalid) its aria-errormessage point to. Chakra's Field ties the error text the second way.
 */
function fieldMessages(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    ['aria-describedby', 'aria-errormessage']
      .flatMap((attr) => (el.getAttribute(attr) ?? '').split(/\s+/))
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
      .join(' ')
      .trim(),
  );
}

describe('Account Settings: active sessions', () => {
  it('lists both sessions, marks this one, and signs the other one out', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_twice' });
    // The first device is a phone-sized window: the list must fit it.
    const phone = await freshPage({ width: 390, height: 844 });
    const laptop = await freshPage();
    await signInThroughForm(phone, stage.s.url, member.username, member.password);
    await signInThroughForm(laptop, stage.s.url, member.username, member.password);

    await phone.goto(`${stage.s.url}/settings`);
    const list = phone.getByRole('list', { name: 'Active sessions' });
    const items = list.getByRole('listitem');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2);
    expect(await items.filter({ hasText: 'This device' }).count()).toBe(1);
    // Both windows are the same headless Chromium on Linux.
    expect(await items.filter({ hasText: 'Chrome on Linux' }).count()).toBe(2);
    expect(await items.filter({ hasText: 'Last seen just now' }).count()).toBe(2);
    // The current session cannot be signed out from here: only the other has a button.
    const signOut = phone.getByRole('button', { name: /^Sign out / });
    expect(await signOut.count()).toBe(1);
    expect(await signOut.getAttribute('aria-label')).toBe('Sign out Chrome on Linux');

    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await signOut.click();
    await expectText(phone, 'Session signed out');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(1);
    expect(await items.filter({ hasText: 'This device' }).count()).toBe(1);
    expect(await phone.getByRole('button', { name: 'Log out other sessions' }).isDisabled()).toBe(
      true,
    );

    // The other device finds out on its next navigation (an in-app one: no reload).
    await laptop.getByRole('link', { name: 'Account Settings' }).first().click();
    await laptop.waitForURL((url) => url.pathname === '/auth', { timeout: 15_000 });
    expect(pathOf(laptop)).toBe('/auth');

    // The first device carries on.
    await phone.reload();
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(1);
    expect(pathOf(phone)).toBe('/settings');
  });
});

describe('Account Settings: turning on two-factor sign-in', () => {
  it('lists only this session at once, as the others were signed out', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_twice_2fa' });
    const laptop = await freshPage();
    const phone = await freshPage();
    await signInThroughForm(phone, stage.s.url, member.username, member.password);
    await signInThroughForm(laptop, stage.s.url, member.username, member.password);

    await laptop.goto(`${stage.s.url}/settings`);
    const items = laptop.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2);

    await laptop.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secretText = laptop.getByLabel('Or type this secret key into the app:');
    await secretText.waitFor();
    const secret = (await secretText.textContent())!.replace(/\s/g, '');
    await laptop
      .getByLabel('2. Enter the 6-digit code the app shows')
      .fill(await generate({ secret }));
    await laptop.getByRole('button', { name: 'Turn on', exact: true }).click();
    await laptop.getByRole('list', { name: 'Your recovery codes' }).waitFor({ timeout: 15_000 });
    // The phone's session ended with it: the list says so without a reload, while the recovery
    // codes are still on the screen.
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(1);
    expect(await items.filter({ hasText: 'This device' }).count()).toBe(1);
  });
});

describe('Register: password strength and the server refusal', () => {
  it('rates a common password weak and shows the server refusal beside the field', async () => {
    const page = await freshPage();
    await page.goto(`${stage.s.url}/auth`);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill('e2e_common');
    await page.getByLabel('Email').fill('e2e_common@example.com');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('password1');

    const hint = page.getByRole('status').filter({ hasText: 'Password strength' });
    await expect
      .poll(() => hint.textContent(), { timeout: 15_000 })
      .toMatch(/^Password strength: (Very weak|Weak)\b/);

    await page.getByLabel('Confirm Password').fill('password1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect
      .poll(() => fieldMessages(password), { timeout: 15_000 })
      .toContain('This password is too common. Please choose a less predictable one');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(pathOf(page)).toBe('/auth');

    // A stronger one: the hint says so, and the server accepts it.
    await password.fill('violet-harbour-kettle-42');
    await expect
      .poll(() => hint.textContent(), { timeout: 15_000 })
      .toMatch(/^Password strength: (Good|Strong)$/);
    await page.getByLabel('Confirm Password').fill('violet-harbour-kettle-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${stage.s.url}/`, { timeout: 15_000 });
  });
});

describe('device names', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:120.0) Gecko/20100101 Firefox/120.0',
      'Firefox on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'curl'],
    [null, 'Unknown device'],
  ])('%s reads as %s', (ua, name) => {
    expect(describeUserAgent(ua)).toBe(name);
  });
});
