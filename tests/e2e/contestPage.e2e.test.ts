// The contest page as a member meets it: dates to the minute in the viewer's own time zone, named;
// on a phone the fee, the dates and Register/Pay on the first screen under the title, and a few
// Tab presses away from it; an invite contest's creator copies an invite link that fills the code
// in for whoever opens it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../helpers/browser';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { startTestServer, type TestServer } from '../helpers/server';
import { signInThroughForm } from './flows';

let s: TestServer;
let b: TestBrowser;
let admin: CreatedUser;
let member: CreatedUser;
const contexts: BrowserContext[] = [];

const PHONE = { width: 390, height: 844 };
// A long description and a cover: everything the page shows below the facts.
const LONG = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of the rules.`).join('\n\n');

beforeAll(async () => {
  s = await startTestServer({ withClient: true });
  b = await launchBrowser();
  admin = await createUser(s.db, { role: 'admin', username: 'e2e_page_admin' });
  member = await createUser(s.db, { username: 'e2e_page_member' });
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await b?.close();
  await s?.stop();
});

async function signedIn(who: CreatedUser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await b.browser.browser()!.newContext({
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  contexts.push(context);
  const page = await context.newPage();
  await signInThroughForm(page, s.url, who.username, who.password);
  return page;
}

/** The value shown beside a fact's label in the details list. */
function fact(page: Page, label: string) {
  return page
    .getByRole('complementary', { name: 'Contest Details' })
    .locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

describe('dates', () => {
  const start = new Date('2031-11-25T05:09:00Z');
  let contestId = 0;
  beforeAll(async () => {
    contestId = (
      await insertContest(s.db, {
        createdBy: admin.id,
        title: 'Minute Cup',
        registrationDeadline: new Date('2031-11-24T23:30:00Z'),
        startDate: start,
        endDate: new Date('2031-12-02T18:45:00Z'),
      })
    ).id;
  });

  it('show the time to the minute with the zone named, in the viewer’s zone', async () => {
    const utc = await signedIn(member, { timezoneId: 'UTC' });
    await utc.goto(`${s.url}/contests/${contestId}`);
    await utc.getByRole('heading', { name: 'Minute Cup', level: 1 }).waitFor();
    expect(await fact(utc, 'Start Date').textContent()).toBe('Nov 25, 2031, 05:09 UTC');
    expect(await fact(utc, 'End Date').textContent()).toBe('Dec 2, 2031, 18:45 UTC');
    expect(await fact(utc, 'Registration Deadline').textContent()).toBe('Nov 24, 2031, 23:30 UTC');

    // The same moments for a member in Tokyo: their own clock, and the zone says which.
    const tokyo = await signedIn(member, { timezoneId: 'Asia/Tokyo' });
    await tokyo.goto(`${s.url}/contests/${contestId}`);
    await tokyo.getByRole('heading', { name: 'Minute Cup', level: 1 }).waitFor();
    expect(await fact(tokyo, 'Start Date').textContent()).toBe('Nov 25, 2031, 14:09 GMT+9');
    expect(await fact(tokyo, 'Registration Deadline').textContent()).toBe(
      'Nov 25, 2031, 08:30 GMT+9',
    );

    // The list's cards read the same way.
    await utc.goto(`${s.url}/contests`);
    await utc
      .getByText('Nov 25, 2031, 05:09 UTC - Dec 2, 2031, 18:45 UTC', { exact: true })
      .first()
      .waitFor();
  });
});

describe('on a phone', () => {
  async function expectOnFirstScreen(page: Page, names: string[]) {
    for (const name of names) {
      const box = await page
        .getByRole('complementary', { name: 'Contest Details' })
        .getByText(name, { exact: true })
        .first()
        .boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.y + box!.height, `${name} is on the first screen`).toBeLessThanOrEqual(
        PHONE.height,
      );
    }
  }

  it('the fee, the dates and Register stand under the title, on the first screen', async () => {
    const free = await insertContest(s.db, {
      createdBy: admin.id,
      title: 'A Free Contest With A Rather Long Name For A Phone Screen',
      shortDescription: 'Two lines of short description under the title, as most contests have.',
      description: LONG,
      coverImage: '/images/contests/candle-games.jpg',
      prize: '$500 and a trophy',
    });
    const page = await signedIn(member, { viewport: PHONE });
    await page.goto(`${s.url}/contests/${free.id}`);
    const register = page.getByRole('button', { name: 'Register Now' });
    await register.waitFor();
    await expectOnFirstScreen(page, [
      'Entry Fee',
      'Registration Deadline',
      'Start Date',
      'End Date',
    ]);
    const box = (await register.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    // Above the cover and the description, not after them.
    const cover = (await page
      .getByRole('img', { name: /cover$/ })
      .first()
      .boundingBox())!;
    expect(box.y).toBeLessThan(cover.y);
  });

  it('a paid contest: the fee and Pay entry fee, a Tab or two after the title', async () => {
    const paid = await insertContest(s.db, {
      createdBy: admin.id,
      title: 'A Paid Contest On A Phone',
      participationType: 'paid',
      entryFee: '100',
      description: LONG,
      coverImage: '/images/contests/the-dake-contest.jpg',
    });
    const page = await signedIn(member, { viewport: PHONE });
    await page.goto(`${s.url}/contests`);
    await page.getByRole('heading', { name: 'Contests', level: 1 }).waitFor();
    // Opened inside the app, as a link does: the focus goes to the page's title.
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/contests/${paid.id}`);
    const pay = page.getByRole('link', { name: 'Pay entry fee' });
    await pay.waitFor();
    await expectOnFirstScreen(page, ['Entry Fee', 'Start Date']);
    expect(await fact(page, 'Entry Fee').textContent()).toBe('$100');
    const box = (await pay.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);

    // From the title, a keyboard reaches it in a few presses: it took 76 from <body>.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    let presses = 0;
    while (presses < 10) {
      await page.keyboard.press('Tab');
      presses += 1;
      const name = await page.evaluate(() => document.activeElement?.textContent?.trim());
      if (name === 'Pay entry fee') break;
    }
    expect(presses).toBeLessThanOrEqual(3);
  });
});

describe('an invite link', () => {
  it('its creator copies it; opening it fills the code in, and Register joins', async () => {
    const creator = await createUser(s.db, { username: 'e2e_invite_creator' });
    const invited = await createUser(s.db, { username: 'e2e_invite_guest' });
    const contest = await insertContest(s.db, {
      createdBy: creator.id,
      title: 'Friends Only Cup',
      participationType: 'invite',
      inviteCode: 'FRIENDS42',
    });
    const page = await signedIn(creator, { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(`${s.url}/contests/${contest.id}`);
    const copyLink = page.getByRole('button', { name: 'Copy invite link' });
    await copyLink.click();
    const link = `${s.url}/contests/${contest.id}?invite=FRIENDS42`;
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.getByRole('status').filter({ hasText: 'Invite link copied' }).waitFor();
    await page.getByRole('button', { name: 'Copy code' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('FRIENDS42');
    // The link is shown too, for copying by hand.
    await page.getByText(link, { exact: true }).waitFor();

    const guest = await signedIn(invited);
    await guest.goto(link);
    const code = guest.getByLabel('Invite code');
    await code.waitFor();
    expect(await code.inputValue()).toBe('FRIENDS42');
    // Only the creator and reviewers see the code and the link.
    expect(await guest.getByRole('button', { name: 'Copy invite link' }).count()).toBe(0);
    await guest.getByRole('button', { name: 'Register', exact: true }).click();
    await guest.getByText('You are registered').first().waitFor();
  });
});

describe('the dashboard carousel', () => {
  it('draws no title over covers that carry their own, and shows them whole', async () => {
    const page = await signedIn(member);
    const carousel = page.getByRole('region', { name: 'Featured banners' });
    const slide = carousel.getByRole('group', { name: '1 of 2' });
    const link = slide.getByRole('link');
    await link.waitFor();
    // Still named for screen readers...
    expect(await link.textContent()).toContain('The Dake Contest');
    // ...but nothing drawn over the image: the words take no room on screen.
    const title = slide.getByText('The Dake Contest', { exact: true });
    const box = (await title.boundingBox())!;
    expect(box.width * box.height).toBeLessThanOrEqual(1);
    // The whole image, its lettering included: shown at its own proportions, not cropped.
    const image = slide.locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    const shown = (await image.boundingBox())!;
    expect(Math.abs(shown.width / shown.height - 1200 / 630)).toBeLessThan(0.02);
  });
});
