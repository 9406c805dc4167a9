// A contest discussion's day in Chromium (issue 32's 'Done when'), each person in their own
// browser: a participant asks a question; another replies with an @mention, which the asker's
// open topic page shows and her bell counts without a reload, the notice linking to the reply;
// a third, on the topic list, sees 'N new replies' rather than a jump; the organiser marks the
// answer and posts an announcement (the bells count it, the e-mail reaches the local SMTP
// server); a spammer's reply reported by three members reads hidden at once and its author is
// told; a moderator deletes it from the Reports queue with a reason, the author is told why and
// the post reads '[deleted]'.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { DELETED_BODY, HIDDEN_BODY } from '../../src/shared/discussion';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { users } from '../../src/server/platform/db/schema';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { DAY_MS } from '../helpers/discussion';
import { chooseFromMenu, expectText } from './flows';
import { sendThroughLocalSmtp } from './localMail';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });
const localSmtp = sendThroughLocalSmtp(stage);

const QUESTION = 'Is the private leaderboard final?';
const ANNOUNCEMENT = 'Deadline moved to Friday';
const SPAM = 'Buy cheap followers at spam.example';

let organiser: CreatedUser;
let moderator: CreatedUser;
let ann: CreatedUser;
let ben: CreatedUser;
let carol: CreatedUser;
let spammer: CreatedUser;
let contest: { id: number; slug: string };

/** A member named so, whose account is two days old (no first-day limits). */
async function member(username: string, role?: 'moderator'): Promise<CreatedUser> {
  const user = await createUser(stage.s.db, { username, role });
  await stage.s.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 2 * DAY_MS) })
    .where(eq(users.id, user.id));
  return user;
}

beforeEach(async () => {
  const db = stage.s.db;
  organiser = await member('org');
  moderator = await member('mod', 'moderator');
  ann = await member('ann');
  ben = await member('ben');
  carol = await member('carol');
  spammer = await member('spammer');
  contest = await insertContest(db, {
    status: 'active',
    title: 'Forecast Day Cup',
    createdBy: organiser.id,
  });
  for (const p of [ann, ben, carol, spammer]) {
    await addParticipant({ db, contestId: contest.id, userId: p.id });
  }
});

const tabUrl = (extra = '') => stage.url(`/contests/${contest.id}?tab=discussion${extra}`);
const post = (page: Page, name: string) => page.getByRole('article', { name });
const bell = (page: Page, unread: number) =>
  page.getByRole('button', {
    name: unread ? `Notifications, ${unread} unread` : 'Notifications',
    exact: true,
  });

/** Marks the page's window, to tell later that it was never reloaded. */
async function markWindow(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
}
async function expectNoReload(page: Page, who: string) {
  expect(
    await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true),
    `${who}'s page was not reloaded`,
  ).toBe(true);
}

/**
 * Does `act` and waits until the page's live stream `procedure` is open (its answer's headers
 * come once the server has subscribed), so a change made next is heard, not raced.
 */
async function hearing(page: Page, procedure: string, act: () => Promise<unknown>) {
  const open = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/trpc/${procedure}` && r.status() === 200,
  );
  await act();
  await open;
}

async function reportSpam(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Report post' });
  await chooseFromMenu(page, `Actions for the reply by ${spammer.username}`, 'Report', dialog);
  await dialog.getByLabel('Reason').selectOption('spam');
  await dialog.getByLabel('What is wrong (optional)').fill('An advert');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expectText(page, 'Report sent');
  await dialog.waitFor({ state: 'detached' });
}

// Seven members' pages, each loaded and live: longer than the suite's 60 s on a busy machine.
describe("a contest discussion's day", () => {
  it('a question, a mention heard live, the answer, an announcement mailed, spam reported, hidden and deleted', async () => {
    // 1. Ann asks a question from the contest's Discussion tab.
    const a = await stage.pageAs(ann);
    await a.goto(stage.url(`/contests/${contest.id}`));
    await a.getByRole('tab', { name: 'Discussion' }).click();
    await a.getByRole('heading', { name: 'No topics yet' }).waitFor();
    await a.getByRole('button', { name: 'New topic' }).click();
    await a.getByLabel('Title').fill(QUESTION);
    await a.getByLabel('Message').fill('Or can the scores still change after the end?');
    // A participant may not announce.
    expect(await a.getByLabel('Announcement').count()).toBe(0);
    await hearing(a, 'discussionLive.onTopic', () =>
      a.getByRole('button', { name: 'Post topic' }).click(),
    );
    await a.getByRole('heading', { name: QUESTION }).waitFor();
    const topicId = Number(new URL(a.url()).searchParams.get('topic'));
    expect(topicId).toBeGreaterThan(0);
    await a.getByRole('heading', { name: '0 replies' }).waitFor();
    await bell(a, 0).waitFor();
    await markWindow(a);

    // Carol keeps the topic list open.
    const c = await stage.pageAs(carol);
    await hearing(c, 'discussionLive.onTopics', () => c.goto(tabUrl()));
    const carolsRow = c.getByRole('listitem').filter({ hasText: QUESTION });
    await carolsRow.getByText('0 replies').waitFor();
    await markWindow(c);

    // 2. Ben opens Ann's topic and replies, mentioning her.
    const b = await stage.pageAs(ben);
    await b.goto(tabUrl());
    await hearing(b, 'discussionLive.onTopic', () =>
      b.getByRole('link', { name: QUESTION }).click(),
    );
    await b.getByRole('heading', { name: QUESTION }).waitFor();
    await b.getByLabel('Your reply').fill('@ann It is final once the organiser publishes it.');
    await b.getByRole('button', { name: 'Post reply' }).click();
    const bensReply = post(b, `Reply by ${ben.username}`);
    await bensReply.getByText(/It is final once the organiser publishes it\./).waitFor();
    const replyId = Number((await bensReply.getAttribute('id'))!.replace('post-', ''));
    expect(replyId).toBeGreaterThan(0);

    // Ann's open page shows the reply, and her bell counts the mention, without a reload.
    const onAnnsPage = post(a, `Reply by ${ben.username}`);
    await onAnnsPage
      .getByText(/It is final once the organiser publishes it\./)
      .waitFor({ timeout: 15_000 });
    await a.getByRole('heading', { name: '1 reply' }).waitFor();
    await bell(a, 1).waitFor({ timeout: 15_000 });
    await expectNoReload(a, 'Ann');

    // 3. Carol's list did not jump: it offers the new reply, and shows it when asked.
    const newReplies = c.getByRole('button', { name: '1 new reply' });
    await newReplies.waitFor({ timeout: 15_000 });
    await carolsRow.getByText('0 replies').waitFor();
    await newReplies.click();
    await carolsRow.getByText('1 reply').waitFor();
    expect(await newReplies.count()).toBe(0);
    await expectNoReload(c, 'Carol');

    // The mention's notice links to the reply: followed, it opens highlighted and focused.
    await bell(a, 1).click();
    const popover = a.getByRole('dialog', { name: 'Notifications' });
    const mention = popover.getByRole('link', { name: `ben mentioned you in “${QUESTION}”` });
    await mention.waitFor();
    expect(await mention.getAttribute('href')).toBe(
      `/contests/${contest.slug}?tab=discussion&topic=${topicId}&post=${replyId}`,
    );
    await mention.click();
    await a.waitForURL((url) => url.searchParams.get('post') === String(replyId));
    const named = a.locator(`#post-${replyId}`);
    await named.getByText(/It is final once the organiser publishes it\./).waitFor();
    await expect.poll(() => named.evaluate((el) => el === document.activeElement)).toBe(true);
    await bell(a, 0).waitFor();
    await expectNoReload(a, 'Ann');

    // 4. The organiser marks Ben's reply as the answer; Ann's page shows it live.
    const o = await stage.pageAs(organiser);
    await o.goto(tabUrl(`&topic=${topicId}`));
    await chooseFromMenu(
      o,
      `Actions for the reply by ${ben.username}`,
      'Mark as answer',
      post(o, `Reply by ${ben.username}`).getByText('Answer', { exact: true }),
    );
    await post(a, `Reply by ${ben.username}`)
      .getByText('Answer', { exact: true })
      .waitFor({ timeout: 15_000 });
    await a.getByRole('link', { name: 'See the answer' }).waitFor();
    await expectNoReload(a, 'Ann');

    // ...then posts an announcement.
    await o.getByRole('link', { name: 'Back to topics' }).click();
    await o.getByRole('button', { name: 'New topic' }).click();
    await o.getByLabel('Title').fill(ANNOUNCEMENT);
    await o.getByLabel('Message').fill('Submissions are open until **Friday** at noon UTC.');
    await o.getByText('Announcement', { exact: true }).click();
    expect(await o.getByLabel('Announcement').isChecked()).toBe(true);
    await o.getByRole('button', { name: 'Post topic' }).click();
    await o.getByRole('heading', { name: ANNOUNCEMENT }).waitFor();
    await o.getByText('Announcement', { exact: true }).first().waitFor();
    // Pinned (its badge says 'Announcement'; the organiser may unpin it).
    await o.getByRole('button', { name: 'Unpin' }).waitFor();

    // Ann and Ben hear of it on their open pages.
    await bell(a, 1).waitFor({ timeout: 15_000 });
    await bell(b, 1).waitFor({ timeout: 15_000 });
    await expectNoReload(a, 'Ann');
    await bell(b, 1).click();
    const bensPopover = b.getByRole('dialog', { name: 'Notifications' });
    await bensPopover.getByRole('link', { name: `Announcement: ${ANNOUNCEMENT}` }).waitFor();
    await b.keyboard.press('Escape');
    // ...and the e-mail reaches the SMTP server, to Ann's address.
    const mail = await localSmtp().waitFor(ann.email, { timeoutMs: 20_000 });
    expect(mail.subject).toMatch(new RegExp(`^Announcement: ${ANNOUNCEMENT}( · |$)`));
    expect(mail.text).toContain(`/contests/${contest.slug}?tab=discussion&topic=`);
    expect(mail.text).not.toContain(organiser.email);
    // Carol's list offers the new topic too, as one new post.
    await c.getByRole('button', { name: '1 new reply' }).waitFor({ timeout: 15_000 });
    await c.getByRole('button', { name: '1 new reply' }).click();
    await c.getByRole('link', { name: ANNOUNCEMENT }).waitFor();

    // 5. The spammer replies to Ann's question; Ann, Ben and Carol each report it.
    const sp = await stage.pageAs(spammer);
    await hearing(sp, 'discussionLive.onTopic', () => sp.goto(tabUrl(`&topic=${topicId}`)));
    await sp.getByRole('heading', { name: QUESTION }).waitFor();
    await bell(sp, 1).waitFor(); // the announcement
    await markWindow(sp);
    await sp.getByLabel('Your reply').fill(SPAM);
    await sp.getByRole('button', { name: 'Post reply' }).click();
    await post(sp, `Reply by ${spammer.username}`).getByText(SPAM).waitFor();

    const spamOn = (page: Page) => post(page, `Reply by ${spammer.username}`);
    await spamOn(a).getByText(SPAM).waitFor({ timeout: 15_000 });
    await spamOn(b).getByText(SPAM).waitFor({ timeout: 15_000 });
    await hearing(c, 'discussionLive.onTopic', () =>
      c.getByRole('link', { name: QUESTION }).click(),
    );
    await spamOn(c).getByText(SPAM).waitFor();

    await reportSpam(a);
    await reportSpam(b);
    // Two reports: still shown.
    await spamOn(c).getByText(SPAM).waitFor();
    await reportSpam(c);
    await expectText(c, 'Thank you. The post is hidden until a moderator looks at it.');

    // The third hides it at once for the others, live on their open pages.
    for (const page of [a, b, c]) {
      await spamOn(page).getByText(HIDDEN_BODY).waitFor({ timeout: 15_000 });
      expect(await spamOn(page).getByText(SPAM).count()).toBe(0);
    }
    await expectNoReload(a, 'Ann');
    // Its author still reads it, marked, and is told.
    await spamOn(sp)
      .getByText("Hidden from others pending a moderator's review.")
      .waitFor({ timeout: 15_000 });
    await bell(sp, 2).waitFor({ timeout: 15_000 });
    await bell(sp, 2).click();
    const spPopover = sp.getByRole('dialog', { name: 'Notifications' });
    await spPopover.getByRole('link', { name: 'Your post is hidden pending review' }).waitFor();
    await sp.keyboard.press('Escape');

    // 6. A moderator reviews it on /admin/reports and deletes it with a reason.
    const m = await stage.pageAs(moderator);
    await m.goto(stage.url('/admin/reports'));
    const row = m.getByRole('row').filter({ hasText: QUESTION });
    await row.getByText('3 reports: Spam 3').waitFor();
    await row.getByText('Hidden', { exact: true }).waitFor();
    await row.getByRole('button', { name: /^Review the post by/ }).click();
    const dialog = m.getByRole('dialog', { name: 'Review Report' });
    await dialog.getByLabel('Action').selectOption('delete');
    await dialog.getByLabel('Reason').fill('Advertising is not allowed here');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectText(m, 'Post deleted');
    await m.getByText('There are no open reports.').waitFor();

    // The spammer is told why, live; the post reads '[deleted]' to everyone.
    await bell(sp, 3).waitFor({ timeout: 15_000 });
    await bell(sp, 3).click();
    await spPopover.getByRole('link', { name: 'Your post was deleted' }).waitFor();
    await spPopover
      .getByText(
        `A moderator deleted your post in “${QUESTION}”. Reason: Advertising is not allowed here`,
      )
      .waitFor();
    await expectNoReload(sp, 'the spammer');
    await spamOn(sp).getByText(DELETED_BODY).waitFor({ timeout: 15_000 });
    await spamOn(a).getByText(DELETED_BODY).waitFor({ timeout: 15_000 });
    await expectNoReload(a, 'Ann');
    const fresh = await stage.pageAs(carol);
    await fresh.goto(tabUrl(`&topic=${topicId}`));
    await spamOn(fresh).getByText(DELETED_BODY).waitFor();
    expect(await fresh.getByText(SPAM).count()).toBe(0);
    // Ben's answer stands.
    await post(fresh, `Reply by ${ben.username}`).getByText('Answer', { exact: true }).waitFor();
  }, 180_000);
});
