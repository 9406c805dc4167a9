// The admin tables in a real browser: ban with a reason and unban, filters and sorting, the
// member table and the audit log on a phone-sized screen, and the Add User form's messages.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { writeAudit } from '../../src/server/domain/audit';
import { createUser, type CreatedUser } from '../helpers/db';
import { expectText, pathOf, signInThroughForm } from './flows';
import { standaloneStage } from './stage';

// Each test stands alone (stage.ts): its own server, with only the people it makes.
const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });
let admin: CreatedUser;

beforeEach(async () => {
  admin = await createUser(stage.s.db, { role: 'admin', username: 'e2e_tables_admin' });
});

async function freshPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  return stage.anonymousPage({ viewport });
}

async function adminPage(viewport?: { width: number; height: number }): Promise<Page> {
  return stage.pageAs(admin, viewport ? { viewport } : {});
}

async function openMenu(page: Page, username: string) {
  await page.getByRole('button', { name: `Actions for ${username}` }).click();
}

describe('Ban and unban', () => {
  it('bans with a reason: the member is sent to /auth and told why; unban lets them back', async () => {
    const member = await createUser(stage.s.db, { username: 'e2e_ban_me', tier: 'pro' });
    const memberPage = await freshPage();
    await signInThroughForm(memberPage, stage.s.url, member.username, member.password);

    const page = await adminPage();
    await page.goto(`${stage.s.url}/admin/users`);
    const row = page.getByRole('row', { name: /e2e_ban_me/ });
    await row.waitFor();
    await openMenu(page, member.username);
    // Banning is its own action now, not a role to pick.
    await page.getByRole('menuitem', { name: 'Ban…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ban User' });
    await dialog.waitFor();
    // The dialog opens on Cancel, so a stray Enter bans nobody.
    await expect
      .poll(() =>
        dialog
          .getByRole('button', { name: 'Cancel' })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await dialog.getByRole('button', { name: 'Ban User' }).click();
    await expectText(page, 'Please give a reason');
    await dialog.getByLabel('Reason').fill('Spamming the contest chat');
    await dialog.getByRole('button', { name: 'Ban User' }).click();
    await expectText(page, 'User banned');
    await row.getByText('Spamming the contest chat').waitFor();
    expect(await row.getByText('Pro', { exact: true }).count()).toBe(0);

    // The member's open page: their next navigation ends at /auth.
    await memberPage.getByRole('link', { name: 'Account Settings' }).first().click();
    await memberPage.waitForURL(`${stage.s.url}/auth?next=%2Fsettings`);
    await memberPage.getByRole('tab', { name: 'Login' }).click();
    await memberPage.getByLabel('Username').fill(member.username);
    await memberPage.getByLabel('Password').fill(member.password);
    await memberPage.getByRole('button', { name: 'Login', exact: true }).click();
    await expectText(
      memberPage,
      'Your account has been suspended. Reason: Spamming the contest chat',
    );

    await openMenu(page, member.username);
    await page.getByRole('menuitem', { name: 'Unban' }).click();
    await expectText(page, 'User unbanned');
    await row.getByText('Pro', { exact: true }).waitFor();
    await row.getByText('User', { exact: true }).waitFor();
    await signInThroughForm(memberPage, stage.s.url, member.username, member.password);
    expect(pathOf(memberPage)).toBe('/');
  });
});

describe('Filters and sorting', () => {
  it('filters by role and sorts by name both ways', async () => {
    await createUser(stage.s.db, {
      username: 'e2e_mod_beta',
      role: 'moderator',
      neverSignedIn: true,
    });
    await createUser(stage.s.db, { username: 'E2E_mod_alpha', role: 'moderator' });
    const page = await adminPage();
    await page.goto(`${stage.s.url}/admin/users`);
    await page.getByRole('row', { name: /e2e_mod_beta/ }).waitFor();

    await page.getByLabel('Filter by role').selectOption('moderator');
    await page
      .getByRole('row', { name: new RegExp(admin.username) })
      .waitFor({ state: 'detached' });
    const usernames = async () =>
      (await page.getByRole('row').allInnerTexts()).slice(1).map((t) => t.split(/\s/)[0]);
    expect(await usernames()).toEqual(['e2e_mod_beta', 'E2E_mod_alpha']);
    await expectText(page, 'Total users: 2');

    const header = page.getByRole('columnheader', { name: 'Username' });
    expect(await header.getAttribute('aria-sort')).toBe('none');
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(usernames).toEqual(['E2E_mod_alpha', 'e2e_mod_beta']);
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(usernames).toEqual(['e2e_mod_beta', 'E2E_mod_alpha']);
    // A member who never signed in says so.
    await page
      .getByRole('row', { name: /e2e_mod_beta/ })
      .getByText('Never')
      .waitFor();
  });
});

describe('On a phone (390 x 844)', () => {
  it('the users page does not scroll sideways; Role and the actions are visible', async () => {
    await createUser(stage.s.db, {
      username: 'e2e_phone_member',
      email: 'a.rather.long.address.for.a.phone@example-domain.com',
      tier: 'elite',
    });
    const page = await adminPage({ width: 390, height: 844 });
    await page.goto(`${stage.s.url}/admin/users`);
    const card = page
      .getByRole('list', { name: 'Users' })
      .getByRole('listitem')
      .filter({ hasText: 'e2e_phone_member' });
    await card.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await card.getByText('Role:').isVisible()).toBe(true);
    expect(await card.getByText('User', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText('Elite').isVisible()).toBe(true);
    const actions = page.getByRole('button', { name: 'Actions for e2e_phone_member' });
    expect(await actions.isVisible()).toBe(true);
    await actions.click();
    await page.getByRole('menuitem', { name: 'Ban…' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });

  it('the audit log names actions, stays compact for 23 entries, and shows details', async () => {
    const target = await createUser(stage.s.db, { username: 'e2e_audit_target' });
    // Another admin's 23 entries, so the filter below shows exactly those.
    const auditor = await createUser(stage.s.db, { role: 'admin', username: 'e2e_auditor' });
    const actor = {
      id: auditor.id,
      username: auditor.username,
      ip: '203.0.113.9',
      userAgent: 'Probe',
    };
    for (let i = 0; i < 22; i += 1) {
      await writeAudit({
        db: stage.s.db,
        actor,
        action: 'settings.update',
        targetType: 'settings',
        before: { siteName: 'Contest Platform', contactEmail: `before-${i}@example.com` },
        after: { siteName: `A much longer platform name, number ${i}`, contactEmail: 'x@e.com' },
      });
    }
    await writeAudit({
      db: stage.s.db,
      actor,
      action: 'user.ban',
      targetType: 'user',
      targetId: target.id,
      before: { role: 'user', banReason: null },
      after: { role: 'banned', banReason: 'A reason long enough to wrap on a narrow phone screen' },
    });
    const page = await adminPage({ width: 390, height: 844 });
    await page.goto(`${stage.s.url}/admin/audit`);
    await page.getByLabel('Actor').fill('e2e_auditor');
    await page.getByLabel('From').fill('2000-01-01');
    const list = page.getByRole('list', { name: 'Audit log entries' });
    const first = list.getByRole('listitem').first();
    await first.getByText('Banned user').waitFor();
    await first.getByText('e2e_audit_target').waitFor();
    await expectText(page, '23 entries');
    expect(await list.getByRole('listitem').count()).toBe(23);
    const size = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      height: document.documentElement.scrollHeight,
    }));
    expect(size.width).toBeLessThanOrEqual(390);
    expect(size.height).toBeLessThan(3000);

    await first.getByRole('button', { name: /Details/ }).click();
    await first.getByText('203.0.113.9').waitFor();
  });
});

describe('Add User', () => {
  it('submitted empty shows every field’s message at once', async () => {
    const page = await adminPage();
    await page.goto(`${stage.s.url}/admin/users`);
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByLabel('Username').waitFor();
    // A person's click: the button is held down a moment, as the focused field blurs.
    await dialog.getByRole('button', { name: 'Create User' }).click({ delay: 150 });
    for (const message of [
      'Username is required',
      'Email is required',
      'Password must be at least 8 characters',
      'Passwords do not match',
    ]) {
      await dialog.getByText(message).waitFor();
    }
  });
});
