// The admins' Outbox and the payment tables in a real browser (issue 29, 10): a message's links
// are links, the Outbox is searched by recipient, and at 1366 x 768 beside the sidebar no column
// of these tables is cut off: a table wider than its card scrolls sideways within it.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { noticeMail, queueMail } from '../../src/server/domain/messages';
import { createUser } from '../helpers/db';
import { insertProof } from '../helpers/payments';
import { standaloneStage } from './stage';

const stage = standaloneStage();
const LAPTOP = { width: 1366, height: 768 };

async function queue(to: string, title: string, paragraph: string) {
  await stage.s.db.transaction(async (tx) =>
    queueMail(tx, {
      ...noticeMail({ siteName: 'Test Site', title, paragraphs: [paragraph] }),
      to,
      kind: 'notice',
    }),
  );
}

/**
 * The header cells of each table on the page that cannot be seen or scrolled to: a cell counts
 * as reachable when it lies within its table's scroll area, or the area scrolls sideways to it,
 * and the area itself lies within the viewport.
 */
async function cutColumns(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const viewport = document.documentElement.clientWidth;
    for (const table of document.querySelectorAll('table')) {
      let area: HTMLElement | null = table.parentElement;
      while (area && !['auto', 'scroll'].includes(getComputedStyle(area).overflowX)) {
        area = area.parentElement;
      }
      const box = (area ?? document.documentElement).getBoundingClientRect();
      const scrolls = area ? area.scrollWidth > area.clientWidth : false;
      for (const th of table.querySelectorAll('th')) {
        const cell = th.getBoundingClientRect();
        const inside = cell.right <= Math.min(box.right, viewport) + 1;
        if (!inside && !(scrolls && box.right <= viewport + 1)) cut.push(th.textContent ?? '');
      }
    }
    return cut;
  });
}

describe('the Outbox', () => {
  it('links a message’s http(s) links, and is searched by recipient', async () => {
    const admin = await createUser(stage.s.db, { role: 'admin' });
    await queue(
      'link.reader@example.org',
      'Your contest',
      'Open https://contests.example.org/contests/12 to see it, or javascript:alert(1).',
    );
    await queue('other.person@example.org', 'Something else', 'No link in this one.');
    const page = await stage.pageAs(admin, { viewport: LAPTOP });
    await page.goto(stage.url('/admin/outbox'));
    const rows = page.getByRole('row').filter({ hasText: '@example.org' });
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);

    const row = page.getByRole('row').filter({ hasText: 'link.reader@example.org' });
    await row.getByRole('button', { name: /^Read message/ }).click();
    const link = row.getByRole('link', { name: 'https://contests.example.org/contests/12' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://contests.example.org/contests/12');
    expect(await link.getAttribute('rel')).toContain('noopener');
    // Only http(s) links: the rest of the text stays text.
    expect(await row.getByRole('link').count()).toBe(1);

    await page.getByRole('searchbox', { name: 'Search by recipient' }).fill('OTHER.person');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    await rows.filter({ hasText: 'other.person@example.org' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search by recipient' }).fill('nobody@');
    await page.getByText('No messages to that recipient.').waitFor();
  });

  it('shows every column at 1366 x 768 beside the sidebar', async () => {
    const admin = await createUser(stage.s.db, { role: 'admin' });
    await queue(
      'a.rather.long.recipient.address.for.width@example.org',
      'A subject long enough to take up some room in the message column of the table',
      'Text.',
    );
    const page = await stage.pageAs(admin, { viewport: LAPTOP });
    await page.goto(stage.url('/admin/outbox'));
    await page.getByRole('columnheader', { name: 'Tries' }).waitFor();
    await page
      .getByRole('button', { name: /^Read message/ })
      .first()
      .click();
    expect(await cutColumns(page)).toEqual([]);
  });
});

describe('the payment tables', () => {
  it('show every column at 1366 x 768 beside the sidebar', async () => {
    const admin = await createUser(stage.s.db, { role: 'admin' });
    const member = await createUser(stage.s.db);
    await insertProof(stage.s.db, { userId: member.id, tier: 'pro' });
    await insertProof(stage.s.db, { userId: member.id, tier: 'elite', status: 'rejected' });
    const adminPage = await stage.pageAs(admin, { viewport: LAPTOP });
    await adminPage.goto(stage.url('/admin/subscriptions'));
    await adminPage.getByRole('row').filter({ hasText: member.username }).first().waitFor();
    expect(await cutColumns(adminPage)).toEqual([]);

    const memberPage = await stage.pageAs(member, { viewport: LAPTOP });
    await memberPage.goto(stage.url('/settings?tab=payments'));
    await memberPage.getByRole('columnheader').first().waitFor();
    expect(await cutColumns(memberPage)).toEqual([]);
  });
});
