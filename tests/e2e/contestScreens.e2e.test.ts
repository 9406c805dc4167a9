// The contest screens in a real browser: a member's tabs, filter, list view and detail page (by
// id, by slug, unknown), an admin's and a moderator's moderation on /admin/contests, the Edit
// dialog, and the dashboard's featured grid and banner carousel. Each test stands alone
// (stage.ts): its own server with the contests below, and what an earlier step did made directly.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { contests, notifications } from '../../src/server/platform/db/schema';
import { seedContests } from '../../src/server/seed/seedContests';
import { insertContest, storedContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { chooseFromMenu, expectText, pathOf } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });
let member: CreatedUser;
let other: CreatedUser;
let memberPage: Page;
let adminPage: Page;
/** The member's submission that the admin approves and features. */
let watercolour: { id: number };
let chess: { id: number };
let darts: { id: number };
let unsafe: { id: number };
let sketch: { id: number };

beforeEach(async () => {
  const { db } = stage.s;
  const admin = await createUser(db, { role: 'admin', username: 'e2e_contests_admin' });
  // The demo contests belong to the first admin: two running and featured, two upcoming, one done.
  await seedContests(db);
  member = await createUser(db, { username: 'e2e_contests_member' });
  other = await createUser(db, { username: 'e2e_contests_other' });
  watercolour = await insertContest(db, {
    createdBy: member.id,
    status: 'pending',
    title: 'Watercolour Week',
    category: 'art',
    startDate: new Date(Date.now() - 3600_000),
    shortDescription: 'Paint one scene a day for a week.',
  });
  await insertContest(db, {
    createdBy: member.id,
    status: 'draft',
    title: '',
    shortDescription: null,
  });
  chess = await insertContest(db, {
    createdBy: other.id,
    status: 'pending',
    title: 'Chess Blitz Night',
  });
  darts = await insertContest(db, { createdBy: other.id, status: 'pending', title: 'Darts Derby' });
  unsafe = await insertContest(db, {
    createdBy: other.id,
    status: 'active',
    title: 'Markdown Check',
    startDate: new Date(Date.now() - 24 * 3600_000),
    // A cover whose file is gone: the page shows the placeholder instead of a broken image.
    coverImage: `/uploads/${'ab'.repeat(16)}.png`,
    description:
      '## House rules\n\nRead [the rules](https://example.org/rules) and [this](javascript:alert(1)).\n\n<b>raw html</b><script>window.pwned = 1</script>',
  });
  sketch = await insertContest(db, {
    createdBy: member.id,
    status: 'rejected',
    title: 'Sketch Sprint',
    prize: 'A sketchbook',
  });
  [memberPage, adminPage] = await Promise.all([signedIn(member), signedIn(admin)]);
});

const signedIn = (user: CreatedUser) => stage.pageAs(user);

/** What an earlier step of the story did to a contest, written straight into the database. */
async function setContest(id: number, values: Partial<typeof contests.$inferInsert>) {
  await stage.s.db.update(contests).set(values).where(eq(contests.id, id));
}

/** The titles of the cards in the open tab's list. */
async function cardTitles(page: Page, list: string): Promise<string[]> {
  const grid = page.getByRole('list', { name: list });
  await grid.waitFor();
  return grid.getByRole('heading').allInnerTexts();
}

/** A toast said this; that toast is then closed, as a person clears it from the screen. */
async function toastSaid(page: Page, text: string) {
  await expectText(page, text);
  await page
    .getByRole('status')
    .filter({ hasText: text })
    .getByRole('button', { name: 'Close notification' })
    .first()
    .click();
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

describe('a member on /contests', () => {
  it('sees each tab with the right contests, and never another member’s pending one', async () => {
    await memberPage.goto(`${stage.s.url}/contests`);
    await memberPage.getByRole('heading', { name: 'Contests', level: 1 }).waitFor();
    const all = await cardTitles(memberPage, 'All Contests list');
    expect(all.sort()).toEqual(
      [
        'The Dake Contest',
        'Candle Games',
        'Forex Sprint',
        'Strategy Masters',
        'Elite Championship',
        'Rapid Chess Knockout',
        'Five-a-Side League',
        'Markdown Check',
      ].sort(),
    );
    // Cards say what SPEC 2.4 lists: participants with the maximum, the tier, the status.
    const dake = memberPage.getByRole('article').filter({ hasText: 'The Dake Contest' });
    await dake.getByText('10 / 50 participants').waitFor();
    await dake.getByText('Active', { exact: true }).waitFor();

    await openTab(memberPage, 'Featured');
    await memberPage.waitForURL(/\?tab=featured$/);
    expect((await cardTitles(memberPage, 'Featured list')).sort()).toEqual([
      'Candle Games',
      'The Dake Contest',
    ]);
    await openTab(memberPage, 'Upcoming');
    expect(await cardTitles(memberPage, 'Upcoming list')).toEqual([
      'Forex Sprint',
      'Strategy Masters',
    ]);
    await openTab(memberPage, 'Past');
    expect(await cardTitles(memberPage, 'Past list')).toEqual(['Elite Championship']);
    // My Contests: the member's own submissions, pending and rejected, visible to them alone.
    await openTab(memberPage, 'My Contests');
    expect((await cardTitles(memberPage, 'My Contests list')).sort()).toEqual([
      'Sketch Sprint',
      'Watercolour Week',
    ]);
    await openTab(memberPage, 'Drafts');
    const draft = memberPage.getByRole('article').filter({ hasText: 'Untitled Contest' });
    await draft.getByText('No description').waitFor();
    await draft.getByText('Draft', { exact: true }).waitFor();
    expect(
      await draft.getByRole('link', { name: /Continue Editing/ }).getAttribute('href'),
    ).toMatch(/^\/contests\/create\?draft=\d+$/);
    // The tab is in the address: a reload stays on it.
    await memberPage.reload();
    await memberPage.getByRole('link', { name: /Continue Editing/ }).waitFor();
    expect(await memberPage.getByText('Chess Blitz Night').count()).toBe(0);
  });

  it('filters by category, kept in the address, and clears the filter', async () => {
    await memberPage.goto(`${stage.s.url}/contests`);
    await memberPage.getByRole('button', { name: /^Filter/ }).click();
    const popover = memberPage.getByRole('dialog', { name: 'Filter contests' });
    await popover.getByLabel('Category').selectOption('gaming');
    await popover.getByRole('button', { name: 'Apply' }).click();
    await memberPage.waitForURL(/category=gaming/);
    await expect
      .poll(async () => (await cardTitles(memberPage, 'All Contests list')).sort())
      .toEqual(['Rapid Chess Knockout', 'Strategy Masters']);
    await memberPage.getByRole('button', { name: /^Filter\s*1\s*active$/ }).waitFor();

    // A category nothing is in: the tab's empty state, with a way out.
    await memberPage.goto(`${stage.s.url}/contests?tab=active&category=academic`);
    await expectText(memberPage, 'No Active Contests');
    await memberPage.getByRole('button', { name: 'Clear filters' }).click();
    await memberPage.waitForURL(`${stage.s.url}/contests?tab=active`);
    await memberPage.getByRole('list', { name: 'Active list' }).waitFor();
  });

  it('switches to the list view, which cannot be deselected', async () => {
    await memberPage.goto(`${stage.s.url}/contests`);
    const cards = memberPage.getByRole('list', { name: 'All Contests list' }).getByRole('article');
    await cards.first().waitFor();
    const gridBoxes = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    // Two cards side by side in the grid.
    expect(gridBoxes[0]!.y).toBe(gridBoxes[1]!.y);
    const listView = memberPage.getByRole('radio', { name: 'List view' });
    await listView.click({ force: true });
    await expect.poll(() => listView.isChecked()).toBe(true);
    await expect
      .poll(async () => (await cards.nth(1).boundingBox())!.y)
      .toBeGreaterThan((await cards.nth(0).boundingBox())!.y);
    expect((await cards.nth(0).boundingBox())!.x).toBe((await cards.nth(1).boundingBox())!.x);
    // Choosing it again leaves it chosen: a radio group, not a toggle.
    await listView.click({ force: true });
    expect(await listView.isChecked()).toBe(true);
    expect(await memberPage.getByRole('radio', { name: 'Grid view' }).isChecked()).toBe(false);
    await memberPage.getByRole('radio', { name: 'Grid view' }).click({ force: true });
  });
});

describe('a member on a contest’s page', () => {
  it('opens a contest by id from its card, and by slug', async () => {
    await memberPage.goto(`${stage.s.url}/contests?tab=featured`);
    await memberPage.getByRole('link', { name: 'View Details of The Dake Contest' }).click();
    await memberPage.waitForURL(/\/contests\/\d+$/);
    await memberPage.getByRole('heading', { name: 'The Dake Contest', level: 1 }).waitFor();
    await expectText(memberPage, 'Registration Open');
    await expectText(memberPage, '$100');
    await expectText(memberPage, '10 / 50');
    // The description is markdown, rendered: its '## Overview' is a heading.
    await memberPage.getByRole('heading', { name: 'Overview' }).waitFor();
    await expect.poll(() => memberPage.title()).toBe('The Dake Contest · Contest Platform');
    // A paid contest: the way in is its entry fee (joining itself: takingPart.e2e.test.ts).
    const pay = memberPage.getByRole('link', { name: 'Pay entry fee' });
    expect(await pay.getAttribute('href')).toMatch(/^\/payment\?contest=\d+$/);

    await memberPage.goto(`${stage.s.url}/contests/candle-games`);
    await memberPage.getByRole('heading', { name: 'Candle Games', level: 1 }).waitFor();
    expect(
      await memberPage
        .getByRole('img', { name: 'Candle Games cover' })
        .evaluate((el) => el.tagName),
    ).toBe('IMG');
  });

  it('renders a description safely and shows a placeholder for a missing cover', async () => {
    await memberPage.goto(`${stage.s.url}/contests/${unsafe.id}`);
    await memberPage.getByRole('heading', { name: 'House rules' }).waitFor();
    expect(await memberPage.getByRole('link', { name: 'the rules' }).getAttribute('rel')).toContain(
      'noopener',
    );
    // The javascript: link keeps its text but loses its address; raw HTML is not HTML.
    const hrefs = await memberPage
      .locator('main a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.some((href) => href.toLowerCase().startsWith('javascript'))).toBe(false);
    expect(await memberPage.locator('main b').count()).toBe(0);
    expect(await memberPage.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    const cover = memberPage.getByRole('img', { name: 'Markdown Check cover' });
    await expect.poll(() => cover.evaluate((el) => el.tagName)).toBe('DIV');
  });

  it('lets the creator edit a rejected contest and send it for review again', async () => {
    await memberPage.goto(`${stage.s.url}/contests/${sketch.id}`);
    await memberPage.getByRole('heading', { name: 'Sketch Sprint', level: 1 }).waitFor();
    await memberPage.getByRole('button', { name: 'Edit' }).click();
    const dialog = memberPage.getByRole('dialog', { name: 'Edit Contest' });
    // A member's form: no status or featured, which are the moderators'.
    expect(await dialog.getByLabel('Status').count()).toBe(0);
    await dialog.getByLabel('Prize').fill('A sketchbook and a set of pencils');
    expect(await dialog.getByLabel('Submit for review again').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastSaid(memberPage, 'The contest has been updated successfully.');
    await expectText(memberPage, 'A sketchbook and a set of pencils');
    expect(await storedContest(stage.s.db, sketch.id)).toMatchObject({
      status: 'pending',
      prize: 'A sketchbook and a set of pencils',
    });
  });

  it('fits a phone: no page scrolls sideways at 390 px', async () => {
    await memberPage.setViewportSize({ width: 390, height: 844 });
    try {
      for (const path of ['/contests?tab=mine', '/contests/the-dake-contest', '/']) {
        await memberPage.goto(`${stage.s.url}${path}`);
        await memberPage.getByRole('heading', { level: 1 }).waitFor();
        await memberPage
          .getByRole('article')
          .first()
          .or(memberPage.getByRole('img').first())
          .waitFor();
        const overflow = await memberPage.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    } finally {
      await memberPage.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('shows Contest Not Found for an unknown slug, or another member’s pending contest', async () => {
    for (const path of ['/contests/no-such-contest', `/contests/${chess.id}`]) {
      await memberPage.goto(`${stage.s.url}${path}`);
      await memberPage.getByRole('heading', { name: 'Contest Not Found', level: 1 }).waitFor();
    }
    await memberPage.getByRole('link', { name: 'Browse Available Contests' }).click();
    await memberPage.waitForURL(`${stage.s.url}/contests`);
  });
});

describe('moderation on /admin/contests', () => {
  it('an admin finds the member’s pending contest, approves and features it', async () => {
    await adminPage.goto(`${stage.s.url}/admin/contests`);
    await openTab(adminPage, 'Pending');
    await adminPage.waitForURL(/\?tab=pending$/);
    const row = adminPage.getByRole('row', { name: /Watercolour Week/ });
    await row.getByText(member.username).waitFor();
    await adminPage.getByRole('button', { name: 'Approve Watercolour Week' }).click();
    // Approve asks first, showing the dates.
    const approve = adminPage.getByRole('alertdialog', { name: 'Approve Contest' });
    await approve.getByText('Start Date', { exact: true }).waitFor();
    await approve.getByRole('button', { name: 'Approve' }).click();
    await toastSaid(adminPage, 'The contest status has been updated successfully.');
    await row.waitFor({ state: 'detached' });
    expect((await storedContest(stage.s.db, watercolour.id))?.status).toBe('active');

    await openTab(adminPage, 'Active');
    await adminPage.getByRole('button', { name: 'Actions for Watercolour Week' }).click();
    await adminPage.getByRole('menuitem', { name: 'Mark as Featured' }).click();
    await toastSaid(adminPage, 'The contest will now be displayed on the homepage.');
    expect((await storedContest(stage.s.db, watercolour.id))?.featured).toBe(true);
    await adminPage
      .getByRole('row', { name: /Watercolour Week/ })
      .getByText('Featured')
      .waitFor();
  });

  it('the member then sees it in the dashboard’s featured grid', async () => {
    // The admin approved and featured it (the test before).
    await setContest(watercolour.id, { status: 'active', featured: true, publishedAt: new Date() });
    await memberPage.goto(`${stage.s.url}/`);
    await expect
      .poll(() => cardTitles(memberPage, 'Featured contests'))
      .toContain('Watercolour Week');
  });

  it('an admin searches, lists a contest’s participants and edits one', async () => {
    await adminPage.goto(`${stage.s.url}/admin/contests`);
    await adminPage.getByLabel('Search contests').fill('candle');
    await adminPage.getByRole('row', { name: /Candle Games/ }).waitFor();
    await expect
      .poll(() => adminPage.getByRole('row', { name: /The Dake Contest/ }).count())
      .toBe(0);
    await adminPage.getByRole('button', { name: 'Actions for Candle Games' }).click();
    await adminPage.getByRole('menuitem', { name: 'View Participants' }).click();
    const participants = adminPage.getByRole('dialog', { name: 'Participants' });
    await participants.getByRole('cell', { name: '#1', exact: true }).waitFor();
    expect(await participants.getByRole('row').count()).toBe(11); // header + 10 on page 1
    await adminPage.keyboard.press('Escape');
    await participants.waitFor({ state: 'detached' });

    await adminPage.getByLabel('Search contests').fill('');
    // The whole list back (the search cleared) before a row's menu opens.
    await adminPage.getByRole('row', { name: /The Dake Contest/ }).waitFor();
    const dialog = adminPage.getByRole('dialog', { name: 'Edit Contest' });
    await chooseFromMenu(adminPage, 'Actions for Forex Sprint', 'Edit', dialog);
    // A validation message from the shared schema first.
    await dialog.getByLabel('Title').fill('Fx');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Title must be at least 3 characters').waitFor();
    await dialog.getByLabel('Title').fill('Forex Sprint Open');
    await dialog.getByLabel('Prize').fill('$1,500 and a trophy');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastSaid(adminPage, 'The contest has been updated successfully.');
    await adminPage.getByRole('link', { name: 'Forex Sprint Open' }).waitFor();
    await adminPage.getByRole('link', { name: 'Forex Sprint Open' }).click();
    await adminPage.getByRole('heading', { name: 'Forex Sprint Open', level: 1 }).waitFor();
    await expectText(adminPage, '$1,500 and a trophy');
  });

  /** Approve asks first (the dates, any warning): confirmed in its dialog. */
  async function approveInDialog(page: Page) {
    const dialog = page.getByRole('alertdialog', { name: 'Approve Contest' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('a moderator reaches it from their navigation, approves one and rejects one', async () => {
    // Before: the admin approved Watercolour Week, the member sent Sketch Sprint for review again.
    await setContest(watercolour.id, { status: 'active', publishedAt: new Date() });
    await setContest(sketch.id, { status: 'pending' });
    const moderator = await createUser(stage.s.db, {
      role: 'moderator',
      username: 'e2e_contests_mod',
    });
    const page = await signedIn(moderator);
    await page.goto(stage.url('/'));
    await page.getByRole('link', { name: 'Moderation' }).first().click();
    await page.waitForURL(`${stage.s.url}/admin/contests`);
    // Creating contests is the admin wizard's, admins only.
    expect(await page.getByRole('link', { name: 'Add Contest' }).count()).toBe(0);
    await openTab(page, 'Pending');
    await page.getByRole('button', { name: 'Approve Chess Blitz Night' }).click();
    await approveInDialog(page);
    await toastSaid(page, 'Contest updated');
    await expect
      .poll(async () => (await storedContest(stage.s.db, chess.id))?.status)
      .toBe('active');

    await page.getByRole('button', { name: 'Reject Darts Derby' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reject Contest' });
    await confirm.getByLabel('Reason (optional)').fill('The rules need a throwing distance.');
    await confirm.getByRole('button', { name: 'Reject' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await storedContest(stage.s.db, darts.id))?.status)
      .toBe('rejected');
    // Its creator is told, with the reason.
    const [told] = await stage.s.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(eq(notifications.kind, 'contest_rejected'));
    expect(told?.body).toContain('The rules need a throwing distance.');
    // The member's resubmitted contest was the last one waiting.
    await page.getByRole('button', { name: 'Approve Sketch Sprint' }).click();
    await approveInDialog(page);
    await expectText(page, 'There are no pending contests awaiting review.');
    expect(pathOf(page)).toBe('/admin/contests');
  });
});

describe('the dashboard’s banner carousel', () => {
  it('moves by its arrows and links each banner to its contest', async () => {
    await memberPage.goto(`${stage.s.url}/`);
    const carousel = memberPage.getByRole('region', { name: 'Featured banners' });
    // Pointed at, it holds still: only the arrows move it.
    await carousel.hover();
    const shown = async () =>
      (await carousel.getByRole('group').filter({ visible: true }).getAttribute('aria-label')) ??
      '';
    const first = await shown();
    await carousel.getByRole('button', { name: 'Next banner' }).click();
    const second = first === '1 of 2' ? '2 of 2' : '1 of 2';
    await expect.poll(shown).toBe(second);
    await carousel.getByRole('button', { name: 'Previous banner' }).click();
    await expect.poll(shown).toBe(first);
    await carousel.getByRole('button', { name: 'Show banner 2: Candle Games' }).click();
    await expect.poll(shown).toBe('2 of 2');
    await carousel.getByRole('group', { name: '2 of 2' }).getByRole('link').click();
    await memberPage.waitForURL(`${stage.s.url}/contests/candle-games`);
    await memberPage.getByRole('heading', { name: 'Candle Games', level: 1 }).waitFor();
  });
});
