// @mentions suggested as one types in the discussion's editor (issue 32), in Chromium: a
// participant types `@` and the first letters of another's username in the reply box, sees the
// contest's members who may be mentioned (avatar and name, a listbox the textarea points into),
// moves with ArrowDown, chooses with Enter, posts, and the mentioned member's bell counts it. The
// open list passes axe; Escape closes it, and without a mention Enter is a newline. Too many
// mentions are said beside the body before anything is sent.
import { AxeBuilder } from '@axe-core/playwright';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTopic } from '../../src/server/domain/discussion';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { DISCUSSION_MESSAGES as M } from '../../src/shared/discussion';
import { discussionCast, discussionMember, type DiscussionCast } from '../helpers/discussion';
import { createUser, type CreatedUser } from '../helpers/db';
import { expectText } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });

let cast: DiscussionCast;
let bob: CreatedUser;
let carla: CreatedUser;
let carol: CreatedUser;
let topicId: number;

beforeEach(async () => {
  const db = stage.s.db;
  cast = await discussionCast(db, { title: 'Mention Cup' });
  bob = await discussionMember(db);
  carla = await createUser(db, { username: 'carla_mm' });
  carol = await createUser(db, { username: 'carol_mm' });
  for (const user of [bob, carla, carol]) {
    await addParticipant({ db, contestId: cast.contestId, userId: user.id });
  }
  // Someone outside the contest is never suggested.
  await createUser(db, { username: 'carl_outside' });
  const topic = await createTopic({
    db,
    actor: cast.participant,
    contestId: cast.contestId,
    title: 'Who has the baseline?',
    body: 'Asking for the team.',
  });
  topicId = topic.id;
});

const topicUrl = () => stage.url(`/contests/${cast.contestId}?tab=discussion&topic=${topicId}`);

describe('@mention suggestions', () => {
  it('suggests members as one types, inserts the chosen one, and the mention reaches them', async () => {
    const page = await stage.pageAs(bob);
    await page.goto(topicUrl());
    const box = page.getByLabel('Your reply');
    await box.click();
    // Nothing is suggested without a mention; Enter is a newline.
    await box.pressSequentially('Thanks');
    await box.press('Enter');
    expect(await box.inputValue()).toBe('Thanks\n');
    await box.pressSequentially('ask @car');

    const list = page.getByRole('listbox', { name: 'Members to mention' });
    await list.waitFor();
    const options = list.getByRole('option');
    // Each option is named by its username (the avatar beside it is decoration).
    const names = () =>
      options.evaluateAll((els) => els.map((el) => el.lastElementChild?.textContent));
    await expect.poll(names).toEqual(['carla_mm', 'carol_mm']);
    await list.getByRole('option', { name: 'carla_mm', exact: true }).waitFor();
    expect(await box.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
    const first = await options.nth(0).getAttribute('id');
    expect(await box.getAttribute('aria-activedescendant')).toBe(first);
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');

    // The open list passes axe.
    const results = await new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'] })
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target)}`)).toEqual([]);

    // ArrowDown moves to carol; Escape closes; typing on reopens, Enter chooses.
    await box.press('ArrowDown');
    const second = await options.nth(1).getAttribute('id');
    expect(await box.getAttribute('aria-activedescendant')).toBe(second);
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    await box.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();
    await box.press('Backspace');
    await box.pressSequentially('ro');
    await expect.poll(names).toEqual(['carol_mm']);
    await box.press('Enter');
    await list.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe('Thanks\nask @carol_mm ');
    // The caret stays after the inserted name.
    await box.pressSequentially('please');
    expect(await box.inputValue()).toBe('Thanks\nask @carol_mm please');

    // A click chooses too.
    await box.pressSequentially(' and @carl');
    await options.first().waitFor();
    await list.getByRole('option', { name: 'carla_mm' }).click();
    expect(await box.inputValue()).toBe('Thanks\nask @carol_mm please and @carla_mm ');

    await page.getByRole('button', { name: 'Post reply' }).click();
    await page
      .getByRole('article', { name: `Reply by ${bob.username}` })
      .getByText(/ask @carol_mm please/)
      .waitFor();

    // Carol's bell counts the mention, and it says who and where.
    const carolPage = await stage.pageAs(carol);
    await carolPage.goto(stage.url('/'));
    const bell = carolPage.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 15_000 });
    await bell.click();
    await carolPage
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: new RegExp(`${bob.username} mentioned you`) })
      .waitFor();
  });

  it('says too many mentions beside the body before sending', async () => {
    const page = await stage.pageAs(bob);
    await page.goto(topicUrl());
    const names = Array.from({ length: 21 }, (_, i) => `@name${String(i).padStart(2, '0')}`);
    await page.getByLabel('Your reply').fill(`Hello ${names.join(' ')}`);
    await expectText(page, M.tooManyMentions);
    await page.getByRole('button', { name: 'Post reply' }).click();
    await expectText(page, M.tooManyMentions);
    expect(await page.getByRole('article', { name: `Reply by ${bob.username}` }).count()).toBe(0);
  });
});
