// Where the keyboard focus goes, as a keyboard or screen reader user meets it: onto the new
// page's h1 after a navigation (not on the first load), back onto a dialog's trigger when it
// closes (the menu's button for a dialog opened from a menu), onto the first field in error after
// a failed submit; and every field's error tied to its input with aria-describedby.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../helpers/browser';
import { createUser, type CreatedUser } from '../helpers/db';
import { startTestServer, type TestServer } from '../helpers/server';
import { signInThroughForm } from './flows';

let s: TestServer;
let b: TestBrowser;
let admin: CreatedUser;
let member: CreatedUser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startTestServer({ withClient: true });
  b = await launchBrowser();
  admin = await createUser(s.db, { role: 'admin', username: 'e2e_focus_admin' });
  member = await createUser(s.db, { username: 'e2e_focus_member' });
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await b?.close();
  await s?.stop();
});

async function signedIn(who: CreatedUser): Promise<Page> {
  const context = await b.browser.browser()!.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await signInThroughForm(page, s.url, who.username, who.password);
  return page;
}

/** What has the focus: its tag, its text or accessible name, and its aria-describedby. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      id: el?.id ?? '',
    };
  });
}

async function focusedTag(page: Page) {
  return (await focused(page)).tag;
}

describe('after a navigation', () => {
  it('focus is on the new page’s h1, and stays where it was on the first load', async () => {
    const page = await signedIn(member);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The first load leaves the focus alone: the skip link is the first Tab stop.
    expect(await focusedTag(page)).toBe('body');

    await page.getByRole('link', { name: 'Contests', exact: true }).first().click();
    await page.waitForURL(`${s.url}/contests`);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Contests' });
    // A landing point, not a control: no ring around the title.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe(
      'none',
    );

    // A screen whose code loads on demand (the wizard) gets it too, once it is there.
    await page.getByRole('link', { name: 'New Contest' }).first().click();
    await page.waitForURL(`${s.url}/contests/create`);
    await expect.poll(() => focusedTag(page), { timeout: 15_000 }).toBe('h1');

    // Back: the browser's history moves focus the same way.
    await page.goBack();
    await page.waitForURL(`${s.url}/contests`);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Contests' });
  });

  it('a query-string change on the same page (a tab) does not move the focus', async () => {
    const page = await signedIn(member);
    await page.getByRole('link', { name: 'Account Settings' }).first().click();
    await expect.poll(() => focusedTag(page)).toBe('h1');
    const tab = page.getByRole('tab', { name: 'Payment Methods' });
    await tab.click();
    await page.waitForURL(/tab=payment/);
    expect((await focused(page)).text).toBe('Payment Methods');
  });
});

describe('closing a dialog', () => {
  it('returns focus to the button that opened it', async () => {
    const page = await signedIn(admin);
    await page.goto(`${s.url}/admin/users`);
    const add = page.getByRole('button', { name: 'Add User' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'button', text: 'Add User' });

    // With its Cancel button as well.
    await add.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'button', text: 'Add User' });
  });

  it('opened from a row’s menu, returns focus to that menu’s button', async () => {
    const page = await signedIn(admin);
    await page.goto(`${s.url}/admin/users`);
    const actions = page.getByRole('button', { name: `Actions for ${member.username}` });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Change Role/Subscription' }).click();
    const update = page.getByRole('dialog', { name: 'Update User' });
    await update.waitFor();
    await page.keyboard.press('Escape');
    await update.waitFor({ state: 'detached' });
    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'button', text: `Actions for ${member.username}` });

    // A confirmation (it opens on Cancel) does the same.
    await actions.click();
    await page.getByRole('menuitem', { name: 'Delete User' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete User' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'button', text: `Actions for ${member.username}` });
  });
});

describe('a failed submit', () => {
  it('focuses the first field in error, whose error is its description', async () => {
    const page = await signedIn(admin);
    await page.goto(`${s.url}/admin/users`);
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.waitFor();
    // A valid username, a bad e-mail: the e-mail is the first field in error.
    await dialog.getByLabel('Username').fill('focus_new_user');
    await dialog.getByLabel('Email').fill('not-an-email');
    // Tab to the button and press it, as a keyboard user does (a pointer's click would land
    // where the button was before the field's blur showed its message and moved it).
    await dialog.getByRole('button', { name: 'Create User' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await focused(page)).id)
      .toBe(await dialog.getByLabel('Email').getAttribute('id'));
    // The error is read with the field: aria-describedby names the text shown beside it.
    const email = dialog.getByLabel('Email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    const description = await page.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      describedBy!,
    );
    expect(description).toContain('Please enter a valid email address');
  });

  it('on a page form: focus leaves the button for the field', async () => {
    const page = await signedIn(member);
    await page.goto(`${s.url}/settings`);
    const username = page.getByLabel('Username');
    await username.fill('ab');
    await page.getByRole('button', { name: 'Save Changes' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).id).toBe(await username.getAttribute('id'));
    const describedBy = (await username.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      'Username must be at least 3 characters',
    );
  });
});
