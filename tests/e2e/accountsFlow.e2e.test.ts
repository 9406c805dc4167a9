// Issue 'Accounts' in a real browser: settings, avatar, password, payout; admin user management;
// platform settings that take effect.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser, type CreatedUser } from '../helpers/db';
import { expectText, pathOf, signInThroughForm, strengthShown } from './flows';
import { standaloneStage } from './stage';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// Each test stands alone (stage.ts): a fresh install of its own, with its admin.
const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });
let admin: CreatedUser;
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-e2e-files-'));
});
beforeEach(async () => {
  admin = await createUser(stage.s.db, { role: 'admin', username: 'e2e_chief' });
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function newPage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await stage.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

describe('Account Settings', () => {
  it('changes the profile, the avatar, the password and the payout method', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_profile' });
    const { page, close } = await newPage();
    await signInThroughForm(page, stage.s.url, member.username, member.password);
    await page.goto(`${stage.s.url}/settings`);

    const save = page.getByRole('button', { name: 'Save Changes' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Phone Number').fill('+44 20 7946 0000');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await expectText(page, 'Profile updated successfully');

    const file = path.join(dir, 'avatar.png');
    fs.writeFileSync(file, PNG);
    await page.getByLabel('Profile Picture', { exact: true }).setInputFiles(file);
    await expectText(page, 'Profile picture updated successfully');
    await page.locator('aside img[src^="/uploads/"]').first().waitFor();

    // A file that is not an image is refused before it is sent.
    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'hello');
    await page.getByRole('button', { name: 'Remove file' }).click();
    await expectText(page, 'Profile picture removed');
    await page.getByLabel('Profile Picture', { exact: true }).setInputFiles(text);
    await expectText(page, 'Invalid file type. Please upload image files.');

    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByLabel('Current Password').fill(member.password);
    await page.getByLabel('New Password', { exact: true }).fill('changed-pass');
    await page.getByLabel('Confirm New Password').fill('different');
    await strengthShown(page);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectText(page, 'Passwords do not match');
    await page.getByLabel('Confirm New Password').fill('changed-pass');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectText(page, 'Password updated successfully');

    await page.getByRole('tab', { name: 'Payment Methods' }).click();
    await expectText(page, 'Important');
    // What each method needs is told beside its field (PRODUCT.md 'Money').
    const savePayout = page.getByRole('button', { name: 'Save Payment Method' });
    await page.getByLabel('Payment Method', { exact: true }).selectOption('crypto');
    await page.getByLabel('Wallet Address').fill('0x52908400098527886E0F7030069857D2E4169EE7');
    await savePayout.click();
    await expectText(page, 'Enter a valid BTC address');
    await page.getByLabel('Payment Method', { exact: true }).selectOption('paypal');
    expect(await page.getByLabel('PayPal Email').inputValue()).toBe(member.email);
    await page.getByLabel('PayPal Email').fill('');
    await savePayout.click();
    await expectText(page, 'PayPal email is required');
    await page.getByLabel('PayPal Email').fill('payouts@example.com');
    await page.getByRole('button', { name: 'Save Payment Method' }).click();
    await expectText(page, 'Payment settings updated successfully');
    await page.reload();
    await page.getByRole('tab', { name: 'Payment Methods' }).click();
    expect(await page.getByLabel('PayPal Email').inputValue()).toBe('payouts@example.com');

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL(`${stage.s.url}/auth`);
    await signInThroughForm(page, stage.s.url, member.username, 'changed-pass');
    await expectText(page, 'Welcome back, e2e_profile');
    await close();
  });
});

describe('User Management', () => {
  it('adds a member, changes role and tier, bans them out of their session, deletes them', async () => {
    const { page, close } = await newPage();
    await signInThroughForm(page, stage.s.url, admin.username, admin.password);
    await page.goto(`${stage.s.url}/admin/users`);
    await expectText(page, `${admin.username}`);
    await expectText(page, '(you)');

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByLabel('Username').fill('e2e_added');
    await dialog.getByLabel('Email').fill('e2e_added@example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm Password').fill('short');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectText(page, 'Password must be at least 8 characters');
    await dialog.getByLabel('Password', { exact: true }).fill('longenough1');
    await dialog.getByLabel('Confirm Password').fill('longenough1');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectText(page, 'User has been created successfully');
    const row = page.getByRole('row', { name: /e2e_added/ });
    await row.waitFor();

    await page.getByRole('button', { name: 'Actions for e2e_added' }).click();
    await page.getByRole('menuitem', { name: 'Change Role/Subscription' }).click();
    const update = page.getByRole('dialog', { name: 'Update User' });
    await update.getByLabel('Role').selectOption('moderator');
    await update.getByLabel('Subscription').selectOption('elite');
    await update.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'User updated successfully');
    await row.getByText('Moderator').waitFor();
    await row.getByText('Elite').waitFor();

    // The member signs in elsewhere, then gets banned: their session ends at once.
    const other = await newPage();
    await signInThroughForm(other.page, stage.s.url, 'e2e_added', 'longenough1');
    await page.getByRole('button', { name: 'Actions for e2e_added' }).click();
    await page.getByRole('menuitem', { name: 'Ban…' }).click();
    const ban = page.getByRole('dialog', { name: 'Ban User' });
    await ban.getByLabel('Reason').fill('Testing the ban');
    await ban.getByRole('button', { name: 'Ban User' }).click();
    await row.getByText('Testing the ban').waitFor();
    await other.page.reload();
    await other.page.waitForURL(`${stage.s.url}/auth`);
    await other.page.getByLabel('Username').fill('e2e_added');
    await other.page.getByLabel('Password').fill('longenough1');
    await other.page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectText(other.page, 'Your account has been suspended. Reason: Testing the ban');
    await other.close();

    await page.getByRole('button', { name: 'Actions for e2e_added' }).click();
    await page.getByRole('menuitem', { name: 'Delete User' }).click();
    await expectText(page, 'contest participations and submissions');
    await page
      .getByRole('alertdialog', { name: 'Delete User' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectText(page, 'User has been deleted successfully');
    await row.waitFor({ state: 'detached' });

    await page.getByLabel('Search users').fill('no-such-member');
    await expectText(page, 'No users found.');
    await close();
  });
});

describe('Platform Settings', () => {
  it('turns registration off and maintenance on, and both take effect', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_maint' });
    const { page, close } = await newPage();
    await signInThroughForm(page, stage.s.url, admin.username, admin.password);
    await page.goto(`${stage.s.url}/admin/settings`);
    await page.getByLabel('Platform Name').waitFor();
    expect(await page.getByLabel('Platform Name').inputValue()).toBe('Contest Platform');
    const save = page.getByRole('button', { name: 'Save Settings' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByText('User Registration').click();
    await save.click();
    await expectText(page, 'Platform settings updated successfully');

    const visitor = await newPage();
    await visitor.page.goto(`${stage.s.url}/auth`);
    await visitor.page.getByRole('tab', { name: 'Register' }).click();
    await expectText(visitor.page, 'Registration is currently disabled');
    const refused = await visitor.page.evaluate(async () => {
      const res = await fetch('/api/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'sneaky',
          email: 's@example.com',
          password: 'kestrel-orbit-93',
          confirmPassword: 'kestrel-orbit-93',
        }),
      });
      return { status: res.status, body: (await res.json()) as { message: string } };
    });
    expect(refused).toEqual({
      status: 403,
      body: expect.objectContaining({ message: 'Registration is currently disabled' }),
    });
    await visitor.close();

    const memberPage = await newPage();
    await signInThroughForm(memberPage.page, stage.s.url, member.username, member.password);
    await page.getByText('Maintenance Mode', { exact: true }).click();
    await save.click();
    await expectText(page, 'Platform settings updated successfully');
    await memberPage.page.reload();
    await expectText(memberPage.page, 'Under Maintenance');
    // The admin keeps working.
    await page.goto(`${stage.s.url}/admin/users`);
    await expectText(page, 'e2e_maint');
    expect(pathOf(page)).toBe('/admin/users');
    await page.goto(`${stage.s.url}/admin/audit`);
    await page.getByRole('cell', { name: 'Changed platform settings' }).first().waitFor();

    await page.goto(`${stage.s.url}/admin/settings`);
    await page.getByText('Maintenance Mode', { exact: true }).click();
    await page.getByText('User Registration').click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectText(page, 'Platform settings updated successfully');
    await memberPage.page.reload();
    await expectText(memberPage.page, 'Welcome back, e2e_maint');
    await memberPage.close();
    await close();
  });

  it('saves a tier price on the Payments tab of a fresh install (empty wallets are valid)', async () => {
    const { page, close } = await newPage();
    await signInThroughForm(page, stage.s.url, admin.username, admin.password);
    await page.goto(`${stage.s.url}/admin/settings`);
    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.getByLabel('Standard price for 30 days').fill('12');
    await page.getByRole('button', { name: /Save/ }).last().click();
    await expectText(page, 'Payment settings updated successfully');
    expect(await page.getByText(/expected string, received undefined/).count()).toBe(0);
    await page.reload();
    await page.getByRole('tab', { name: 'Payments' }).click();
    expect(await page.getByLabel('Standard price for 30 days').inputValue()).toBe('12');
    await close();
  });
});
