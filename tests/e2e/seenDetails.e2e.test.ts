// Smaller things a person sees: an uploaded file keeps the name it had on their device (after
// the upload and when the form is opened again); the audit log tells facts as facts and only real
// changes as 'a → b'; the maintenance page lets the member back in by itself once it is over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { writeAudit } from '../../src/server/domain/audit';
import { getPlatformSettings, savePlatformSettings } from '../../src/server/domain/settings';
import { PNG } from '../helpers/accounts';
import { launchBrowser, type TestBrowser } from '../helpers/browser';
import { createUser, type CreatedUser } from '../helpers/db';
import { startTestServer, type TestServer } from '../helpers/server';
import { signInThroughForm } from './flows';

let s: TestServer;
let b: TestBrowser;
let admin: CreatedUser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  s = await startTestServer({ withClient: true });
  b = await launchBrowser();
  admin = await createUser(s.db, { role: 'admin', username: 'e2e_seen_admin' });
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

async function setMaintenance(on: boolean) {
  await savePlatformSettings({
    db: s.db,
    value: { ...(await getPlatformSettings({ db: s.db })), maintenanceMode: on },
  });
}

describe('an uploaded file', () => {
  it('shows the name it had on the device, after the upload and when opened again', async () => {
    const page = await signedIn(admin);
    await page.goto(`${s.url}/admin/education/new`);
    const name = 'Trading desk – cover.png';
    await page.getByLabel('Title').fill('Reading the Order Book');
    await page.getByLabel('Excerpt').fill('What the depth of market says before a move.');
    await page.getByLabel('Featured Image', { exact: true }).setInputFiles({
      name,
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByRole('img', { name: 'Uploaded file preview' }).waitFor();
    await page.getByText(name, { exact: true }).waitFor();
    // Not the server's random name.
    expect(await page.getByText(/^[a-f0-9]{32}\.png$/).count()).toBe(0);
    await page.getByLabel('Content (Markdown)').fill('## Depth\n\nBids and asks, stacked.');
    await page.getByRole('button', { name: 'Create Content' }).click();
    await page.waitForURL(`${s.url}/admin/education`);

    // Opened again, on a fresh load: the name is asked of the server, which kept it.
    const edit = page.getByRole('link', { name: 'Reading the Order Book' });
    const href = (await edit.getAttribute('href'))!;
    await page.goto(`${s.url}${href}`);
    await page.getByRole('img', { name: 'Uploaded file preview' }).waitFor();
    await page.getByText(name, { exact: true }).waitFor();
  });
});

describe('the audit log', () => {
  it('shows facts as facts and only real changes as a → b', async () => {
    const member = await createUser(s.db, { username: 'umar_seen' });
    await writeAudit({
      db: s.db,
      actor: { id: admin.id, username: admin.username },
      action: 'payment.verify',
      targetType: 'payment',
      targetId: 77,
      before: { status: 'pending' },
      after: { status: 'verified', member: member.username, network: 'ETH', tier: null },
    });
    const page = await signedIn(admin);
    await page.goto(`${s.url}/admin/audit`);
    const row = page.getByRole('row').filter({ hasText: 'payment #77' });
    await row.waitFor();
    const summary = (await row.getByRole('cell').nth(4).textContent()) ?? '';
    expect(summary).toContain('status: pending → verified');
    expect(summary).toContain(`member: ${member.username}`);
    expect(summary).toContain('network: ETH');
    expect(summary).not.toContain('null');
    expect(summary).not.toContain(`→ ${member.username}`);
  });
});

describe('the maintenance page', () => {
  it('lets the member back in once maintenance is over: on focus, and by itself', async () => {
    const member = await createUser(s.db, { username: 'e2e_seen_member' });
    const page = await signedIn(member);
    await page.getByText(`Welcome back, ${member.username}`).waitFor();
    const maintenance = page.getByRole('heading', { name: 'Under Maintenance', level: 1 });
    const dashboard = page.getByRole('heading', { name: 'Dashboard', level: 1 });
    try {
      await setMaintenance(true);
      await page.reload();
      await maintenance.waitFor();
      // Over while the member looked elsewhere: coming back to the tab, or to the window,
      // asks again.
      await setMaintenance(false);
      await page.evaluate(() =>
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
      );
      await dashboard.waitFor({ timeout: 10_000 });
      await setMaintenance(true);
      await page.reload();
      await maintenance.waitFor();
      await setMaintenance(false);
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await dashboard.waitFor({ timeout: 10_000 });

      // Left open: it asks every 30 seconds (the page's clock is moved on, not waited out).
      await setMaintenance(true);
      await page.clock.install();
      await page.reload();
      await maintenance.waitFor();
      await setMaintenance(false);
      expect(await maintenance.isVisible()).toBe(true);
      await page.clock.fastForward(31_000);
      await dashboard.waitFor({ timeout: 10_000 });

      // And on request.
      await setMaintenance(true);
      await page.reload();
      await maintenance.waitFor();
      await setMaintenance(false);
      await page.getByRole('button', { name: 'Check again' }).click();
      await dashboard.waitFor({ timeout: 10_000 });
    } finally {
      await setMaintenance(false);
    }
  });
});
