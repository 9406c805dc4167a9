// The Education Center in Chromium: an admin writes an article with a featured image, a member
// finds it by search, saves it and sees it under Saved; an imported post carrying XSS payloads
// (and a stored body that skipped the server's sanitizer) renders without running any of them;
// /debug marks the five contest images loaded. Each test stands alone (stage.ts): its own server,
// an admin and a member.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { educationContent } from '../../src/server/platform/db/schema';
import { CONTEST_IMAGE_SLUGS } from '../../src/shared/contestImages';
import { PNG } from '../helpers/accounts';
import { createUser, type CreatedUser } from '../helpers/db';
import { startWordPressFixture, type WordPressFixture } from '../helpers/wordpress';
import { expectText } from './flows';
import { standaloneStage } from './stage';

// Each payload would set window.__xss if it ran.
const XSS_HTML = [
  '<p>Safe paragraph survives.</p>',
  "<script>window.__xss = 'script'</script>",
  '<img src="/nope.png" onerror="window.__xss=\'img\'" alt="broken">',
  "<svg><script>window.__xss = 'svg'</script></svg>",
  '<a href="javascript:window.__xss=\'link\'">Plain javascript link</a>',
  '<a href="jav&#x61;script:window.__xss=\'entity\'">Encoded javascript link</a>',
  '<iframe srcdoc="<script>parent.__xss=\'iframe\'</script>"></iframe>',
  '<p onmouseover="window.__xss=\'hover\'">Hover over me</p>',
  '<a href="data:text/html,<script>alert(1)</script>">Data link</a>',
].join('\n');

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });
let site: WordPressFixture;
let admin: CreatedUser;
let member: CreatedUser;
let adminPage: Page;
let memberPage: Page;
let dir: string;

beforeAll(async () => {
  site = await startWordPressFixture([
    { id: 7001, title: 'Harmless Looking Post', content: XSS_HTML, slug: 'harmless-looking' },
  ]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-e2e-edu-'));
});
beforeEach(async () => {
  // The fixture site is on 127.0.0.1, which the import refuses unless the operator allows it.
  stage.s.deps.allowPrivateImports = true;
  admin = await createUser(stage.s.db, { role: 'admin', username: 'e2e_edu_admin' });
  member = await createUser(stage.s.db, { username: 'e2e_edu_member' });
  [adminPage, memberPage] = await Promise.all([stage.pageAs(admin), stage.pageAs(member)]);
});
afterAll(async () => {
  await site?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const TITLE = 'Breakouts with Volume Confirmation';

describe('the Education Center', () => {
  it('an admin writes an article with a featured image; a member finds, saves and keeps it', async () => {
    const page = adminPage;
    await page.goto(`${stage.s.url}/admin/education`);
    await page.getByRole('link', { name: 'New Content' }).click();
    await page.waitForURL(`${stage.s.url}/admin/education/new`);
    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Kind').selectOption('tutorial');
    await page.getByLabel('Category').fill('Trading');
    await page.getByLabel('Tags').fill('volume, breakouts');
    await page.getByLabel('Excerpt').fill('Why a zephyrine breakout needs volume behind it.');
    const image = path.join(dir, 'cover.png');
    fs.writeFileSync(image, PNG);
    await page.getByLabel('Featured Image', { exact: true }).setInputFiles(image);
    await page.getByRole('img', { name: 'Uploaded file preview' }).waitFor();
    await page
      .getByLabel('Content (Markdown)')
      .fill('## Why volume\n\nA **breakout** on thin volume often fails.\n\n- wait for the close');
    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.getByRole('heading', { name: 'Why volume', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Create Content' }).click();
    await expectText(page, 'Content created');
    await page.waitForURL(`${stage.s.url}/admin/education`);
    await page.getByRole('link', { name: TITLE }).waitFor();

    const reader = memberPage;
    await reader.goto(`${stage.s.url}/education`);
    await reader.getByRole('heading', { name: 'Education Center', level: 1 }).waitFor();
    await reader.getByPlaceholder('Search educational content...').fill('zephyrine');
    await reader.getByRole('status').filter({ hasText: '1 result for “zephyrine”' }).waitFor();
    const card = reader.getByRole('article').filter({ hasText: TITLE });
    await card.waitFor();
    expect(await card.getByText('Tutorial').isVisible()).toBe(true);
    // The card shows the upload service's small copy of the picture.
    expect(await card.locator('img[src$="-card.webp"]').count()).toBe(1);
    const save = card.getByRole('button', { name: `Save ${TITLE}` });
    expect(await save.getAttribute('aria-pressed')).toBe('false');
    await save.click();
    await expectText(reader, 'Saved for later');
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');

    await reader.getByPlaceholder('Search educational content...').fill('');
    await reader.getByRole('tab', { name: 'Saved' }).click();
    await reader.waitForURL(/\/education\?tab=saved$/);
    await reader.getByRole('article').filter({ hasText: TITLE }).waitFor();
    expect(await reader.getByRole('article').count()).toBe(1);

    // The item's own page renders the markdown.
    await reader.getByRole('link', { name: TITLE }).click();
    await reader.waitForURL(`${stage.s.url}/education/breakouts-with-volume-confirmation`);
    await reader.getByRole('heading', { name: 'Why volume', level: 2 }).waitFor();
    expect(await reader.getByText('breakout', { exact: true }).evaluate((e) => e.tagName)).toBe(
      'STRONG',
    );
    expect(await reader.getByRole('button', { name: 'Saved' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('an imported post with XSS payloads renders without running any of them', async () => {
    const page = adminPage;
    await page.goto(`${stage.s.url}/admin/education`);
    await page.getByLabel('WordPress site address').fill(site.url);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Import finished').first().waitFor();
    const counts = page.getByRole('status').filter({ hasText: /Unchanged/ });
    expect(await counts.innerText()).toMatch(
      /Added\s*1\s*Updated\s*0\s*Unchanged\s*0\s*Refused\s*0/,
    );

    // A body that reached the database without the server's sanitizer (an older version, a
    // hand edit): the browser's own allow-list must hold on its own.
    await stage.s.db.insert(educationContent).values({
      slug: 'planted-directly',
      title: 'Planted Directly',
      source: 'wordpress',
      content: XSS_HTML,
    });

    const reader = memberPage;
    for (const slug of ['harmless-looking', 'planted-directly']) {
      await reader.goto(`${stage.s.url}/education/${slug}`);
      await reader.getByText('Safe paragraph survives.').waitFor();
      await reader.getByText('Hover over me').hover();
      for (const name of ['Plain javascript link', 'Encoded javascript link', 'Data link']) {
        const link = reader.getByText(name);
        expect(await link.getAttribute('href'), `${slug} ${name}`).toBeNull();
        await link.click();
      }
      // The body's container (the page's own icons are SVG too).
      const body = reader.locator('.education-content');
      expect(await body.locator('script, iframe, svg, [onerror], [onmouseover]').count()).toBe(0);
      expect(
        await reader.evaluate(() => (window as unknown as { __xss?: string }).__xss),
        slug,
      ).toBeUndefined();
    }
  });

  it('/debug marks the five contest images loaded', async () => {
    const page = memberPage;
    await page.goto(`${stage.s.url}/debug`);
    for (const slug of CONTEST_IMAGE_SLUGS) {
      await page.getByRole('listitem', { name: `${slug}: Loaded` }).waitFor();
    }
    expect(await page.getByText('Not loaded').count()).toBe(0);
  });
});
