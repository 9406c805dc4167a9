// A contest's discussion in Chromium (issue 32): a participant opens the Discussion tab and
// starts a topic after previewing it; another replies quoting it, upvotes it and reports it; the
// organiser pins and locks the topic and marks the reply as the answer; the author edits
// ('edited' shown) and deletes ('[deleted]' in place). A link to one reply of a long topic
// (?tab=discussion&topic=X&post=Y) opens the page holding it, the reply highlighted; back on the
// Overview tab, neither stays in the address.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createTopic, reply } from '../../src/server/domain/discussion';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import {
  discussionCast,
  discussionMember,
  letTimePass,
  type DiscussionCast,
} from '../helpers/discussion';
import type { CreatedUser } from '../helpers/db';
import { chooseFromMenu, expectText } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });

let cast: DiscussionCast;
let bob: CreatedUser;

beforeEach(async () => {
  cast = await discussionCast(stage.s.db, { title: 'Forecasting Cup' });
  bob = await discussionMember(stage.s.db);
  await addParticipant({ db: stage.s.db, contestId: cast.contestId, userId: bob.id });
});

const tabUrl = (extra = '') => stage.url(`/contests/${cast.contestId}?tab=discussion${extra}`);
const post = (page: Page, name: string) => page.getByRole('article', { name });

describe('a contest discussion', () => {
  it('is asked in, answered with a quote, moderated, edited and deleted', async () => {
    const alice = await stage.pageAs(cast.participant);
    await alice.goto(stage.url(`/contests/${cast.contestId}`));
    await alice.getByRole('tab', { name: 'Discussion' }).click();
    await alice.getByRole('heading', { name: 'No topics yet' }).waitFor();
    await alice.getByRole('button', { name: 'New topic' }).click();
    await alice.getByLabel('Title').fill('Are late submissions scored?');
    await alice.getByLabel('Message').fill('Asking **before** the deadline.');
    await alice.getByRole('tab', { name: 'Preview' }).click();
    await alice.getByRole('tabpanel').locator('strong', { hasText: 'before' }).waitFor();
    await alice.getByRole('tab', { name: 'Write' }).click();
    await alice.getByRole('button', { name: 'Post topic' }).click();
    await alice.getByRole('heading', { name: 'Are late submissions scored?' }).waitFor();
    const topicUrl = new URL(alice.url());
    const topicId = Number(topicUrl.searchParams.get('topic'));
    expect(topicId).toBeGreaterThan(0);

    // Bob finds it in the list, quotes it, replies, upvotes and reports it.
    const b = await stage.pageAs(bob);
    await b.goto(tabUrl());
    await b.getByRole('link', { name: 'Are late submissions scored?' }).click();
    await b.getByRole('button', { name: `Quote the post by ${cast.participant.username}` }).click();
    const replyBox = b.getByLabel('Your reply');
    await expect.poll(() => replyBox.inputValue()).toContain('> Asking **before** the deadline.');
    await replyBox.press('End');
    await replyBox.pressSequentially('No, only until the end date.');
    await b.getByRole('button', { name: 'Post reply' }).click();
    const bobsReply = post(b, `Reply by ${bob.username}`);
    await bobsReply.getByText('No, only until the end date.').waitFor();
    await bobsReply
      .locator('blockquote')
      .getByText(/Asking/)
      .waitFor();
    const upvote = b.getByRole('button', {
      name: `Upvote the post by ${cast.participant.username}, upvotes: 0`,
    });
    await upvote.click();
    await b
      .getByRole('button', { name: `Upvote the post by ${cast.participant.username}, upvotes: 1` })
      .waitFor();
    expect(
      await b
        .getByRole('button', {
          name: `Upvote the post by ${cast.participant.username}, upvotes: 1`,
        })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    // Not on one's own.
    expect(
      await bobsReply
        .getByRole('button', { name: /^Upvotes \(You cannot upvote your own post\): 0$/ })
        .isDisabled(),
    ).toBe(true);
    const reportDialog = b.getByRole('dialog', { name: 'Report post' });
    await chooseFromMenu(
      b,
      `Actions for the opening post by ${cast.participant.username}`,
      'Report',
      reportDialog,
    );
    await reportDialog.getByLabel('Reason').selectOption('off_topic');
    await reportDialog.getByLabel('What is wrong (optional)').fill('Belongs in the rules topic');
    await reportDialog.getByRole('button', { name: 'Send report' }).click();
    await expectText(b, 'Report sent');

    // The organiser pins, locks and marks the answer.
    const org = await stage.pageAs(cast.creator);
    await org.goto(tabUrl(`&topic=${topicId}`));
    await org.getByRole('button', { name: 'Pin' }).click();
    await org.getByRole('button', { name: 'Unpin' }).waitFor();
    await org.getByRole('button', { name: 'Lock' }).click();
    await org.getByRole('button', { name: 'Unlock' }).waitFor();
    await org.getByText('Locked', { exact: true }).waitFor();
    await org.getByText('Pinned', { exact: true }).waitFor();
    await org.getByRole('button', { name: `Actions for the reply by ${bob.username}` }).click();
    await org.getByRole('menuitem', { name: 'Mark as answer' }).click();
    await post(org, `Reply by ${bob.username}`).getByText('Answer', { exact: true }).waitFor();
    await org.getByRole('link', { name: 'See the answer' }).waitFor();

    // Bob, not the organiser, may no longer reply.
    await b.reload();
    await b.getByText('This topic is locked: no new replies.').waitFor();

    // The author edits, then deletes.
    await alice.reload();
    await chooseFromMenu(
      alice,
      `Actions for the opening post by ${cast.participant.username}`,
      'Edit',
      alice.getByLabel('Edit post'),
    );
    await alice.getByLabel('Edit post').fill('Asking before the deadline (edited).');
    await alice.getByRole('button', { name: 'Save' }).click();
    await alice.getByLabel('Edit post').waitFor({ state: 'detached' });
    const opening = post(alice, `Opening post by ${cast.participant.username}`);
    await opening.getByText('Asking before the deadline (edited).').waitFor();
    await opening.getByText(/· edited/).waitFor();
    const confirm = alice.getByRole('alertdialog', { name: 'Delete post' });
    await chooseFromMenu(
      alice,
      `Actions for the opening post by ${cast.participant.username}`,
      'Delete',
      confirm,
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await opening.getByText('[deleted]').waitFor();

    // The list shows the topic pinned, locked and answered, with its reply.
    await alice.goto(tabUrl());
    await alice.getByRole('link', { name: 'Are late submissions scored?' }).waitFor();
    await alice.getByText('1 reply').waitFor();
    await alice.getByText('Answered', { exact: true }).waitFor();
  });

  it('opens a link to one reply on the page holding it, highlighted', async () => {
    const db = stage.s.db;
    const topic = await createTopic({
      db,
      actor: cast.admin,
      contestId: cast.contestId,
      title: 'A long thread',
      body: 'Count with me.',
    });
    const ids: number[] = [];
    for (let i = 1; i <= 25; i++) {
      ids.push((await reply({ db, actor: cast.admin, topicId: topic.id, body: `Number ${i}` })).id);
    }
    await letTimePass(db, 60_000);
    const page = await stage.pageAs(cast.participant);
    await page.goto(tabUrl(`&topic=${topic.id}&post=${ids[22]}`));
    await page.getByText('Page 2 of 2').first().waitFor();
    const named = page.locator(`#post-${ids[22]}`);
    await named.getByText('Number 23').waitFor();
    expect(await named.isVisible()).toBe(true);
    await expect.poll(() => named.evaluate((el) => el === document.activeElement)).toBe(true);
    // First page, then the last again.
    await page.getByRole('button', { name: 'First page' }).first().click();
    await page.getByText('Number 1', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Last page' }).first().click();
    await page.getByText('Number 25', { exact: true }).waitFor();
    // Back to the Overview: the topic and the post leave the address, so Discussion is the list.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.getByRole('tab', { name: 'Discussion' }).click();
    await page.getByRole('link', { name: 'A long thread' }).waitFor();
    expect(new URL(page.url()).searchParams.get('topic')).toBeNull();
  });

  it("opens the editor prefilled from a 'Discuss this' link, and has no tab once comments are off", async () => {
    const page = await stage.pageAs(cast.participant);
    const body = 'My submission `preds.csv` failed:\n\n> line 3: id r1 appears twice\n\n';
    await page.goto(
      tabUrl(
        `&new=1&title=${encodeURIComponent('Submission failed: preds.csv')}&body=${encodeURIComponent(body)}`,
      ),
    );
    expect(await page.getByLabel('Title').inputValue()).toBe('Submission failed: preds.csv');
    expect(await page.getByLabel('Message').inputValue()).toBe(body);
    await page.getByRole('button', { name: 'Post topic' }).click();
    await page.getByRole('heading', { name: 'Submission failed: preds.csv' }).waitFor();
    await page.locator('blockquote').getByText('line 3: id r1 appears twice').waitFor();

    // The organiser opens the discussion to everyone from the tab's bar.
    const org = await stage.pageAs(cast.creator);
    await org.goto(tabUrl());
    await org.getByText('Open discussion to every signed-in member').click();
    await expectText(org, 'Discussion opened');
    const outsider = await stage.pageAs(cast.member);
    await outsider.goto(tabUrl());
    await outsider.getByRole('button', { name: 'New topic' }).waitFor();

    // Comments off (the admin's Edit Contest): no tab, the page is the overview.
    const admin = await stage.pageAs(cast.admin);
    await admin.goto(stage.url(`/contests/${cast.contestId}`));
    await admin.getByRole('button', { name: 'Edit' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Contest' });
    await edit.getByText('Discussion', { exact: true }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(admin, 'Contest updated');
    await page.goto(tabUrl());
    await page.getByRole('heading', { name: 'About this contest' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Discussion' }).count()).toBe(0);
  });
});
