// Steps shared by the browser suites, done the way a person does them.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

export async function signInThroughForm(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
) {
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

export async function expectText(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout: 15_000 });
  expect(await page.getByText(text).first().isVisible()).toBe(true);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Waits for the strength hint under a new password (zxcvbn loads in its own chunk on the first
 * keystroke): when it lands it moves the fields and the button below it, and a click aimed before
 * that lands elsewhere.
 */
export async function strengthShown(page: Page) {
  await page
    .getByText(/^Password strength: /)
    .first()
    .waitFor();
}

/**
 * Chooses `item` in the menu of the button named `menuButton`, until `opens` shows. On a busy
 * machine a click on a menu item that has just appeared was seen to change nothing: the menu
 * stayed open with the focus in it and no dialog came (CI printed the page's state). A person
 * clicks again; so does this, a few times, each time from a closed menu.
 */
export async function chooseFromMenu(
  page: Page,
  menuButton: string | RegExp,
  item: string,
  opens: Locator,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await page.getByRole('menu').first().isVisible())) {
        await page.getByRole('button', { name: menuButton }).click();
      }
      // A menu whose row was drawn again under it (its list refetching) closes with it: then
      // start again from a closed menu rather than wait for an item that will not come back.
      await page.getByRole('menuitem', { name: item }).click({ timeout: 5_000 });
      await opens.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * Waits for the toast with this title and closes it, so it does not cover what follows; with
 * `gone`, also waits until it has left the page (toasts sit over a wizard's buttons).
 */
export async function closeToast(page: Page, title: string, { gone = false } = {}) {
  const shown = page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('status')
    .filter({ hasText: title })
    .first();
  await shown.waitFor({ timeout: 15_000 });
  await shown
    .getByRole('button', { name: 'Close notification' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  if (gone) await shown.waitFor({ state: 'detached' });
}
