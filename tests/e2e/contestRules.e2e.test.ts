// The contest rules of issue 15 in a real browser: a member with no score yet reads '-', not
// 'Rank 1'; a score entered with decimals shows with the contest's precision, a line with too
// many decimals is refused beside its field and in the CSV report, and the Score history lists
// each change for the creator only; Approve asks first, showing the dates and refusing impossible
// ones, and the edit dialog's registration deadline is checked against the start. axe finds
// nothing serious in these states (the history, the approve warnings, the inline template offer).
// Each test stands alone (stage.ts): its own server with the contests below.
import { AxeBuilder } from '@axe-core/playwright';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONTEST_MESSAGES as M } from '../../src/shared/contests';
import { joinContest } from '../../src/server/domain/participation/participation';
import { DAY, insertContest, storedContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { expectText, closeToast } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });
let creator: CreatedUser;
let member: CreatedUser;
let admin: CreatedUser;
let timeTrial = 0;
let backwards = 0;

beforeEach(async () => {
  const { db } = stage.s;
  creator = await createUser(db, { username: 'e2e_rules_creator' });
  member = await createUser(db, { username: 'e2e_rules_member' });
  admin = await createUser(db, { username: 'e2e_rules_admin', role: 'admin' });
  const other = await createUser(db, { username: 'e2e_rules_other' });
  const now = Date.now();
  // A running time trial: two decimals, the lowest time first.
  timeTrial = (
    await insertContest(db, {
      createdBy: creator.id,
      title: 'Sprint Time Trial',
      scoreDecimals: 2,
      scoreOrder: 'lower',
      startDate: new Date(now - 3600_000),
      registrationDeadline: new Date(now + DAY),
      endDate: new Date(now + 7 * DAY),
    })
  ).id;
  for (const who of [member, other]) await joinContest({ db, actor: who, contestId: timeTrial });
  // Submitted with the end before the start.
  const start = new Date(now + 10 * DAY);
  backwards = (
    await insertContest(db, {
      createdBy: creator.id,
      title: 'Backwards Cup',
      status: 'pending',
      registrationDeadline: new Date(start.getTime() - DAY),
      startDate: start,
      endDate: new Date(start.getTime() - 2 * DAY),
    })
  ).id;
});

const signedIn = (user: CreatedUser) => stage.pageAs(user);

/** The message tied to a field (aria-errormessage): shown beside it, and read out with it. */
async function messageOf(scope: Page | ReturnType<Page['getByRole']>, label: string, exact = true) {
  // (A required field's label ends with its '*' mark: not exactly its name.)
  const field = scope.getByLabel(label, { exact });
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  return field.evaluate((el) => {
    const id = el.getAttribute('aria-errormessage');
    return (id && document.getElementById(id)?.textContent) || '';
  });
}

/** axe-core on the page as it stands: no serious or critical violation. */
async function expectAccessible(page: Page, where: string) {
  // Until dialogs and toasts have finished sliding in.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .every((a) => a.playState !== 'running'),
      null,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')} @ ${where}`));
  expect(serious).toEqual([]);
}

const LIST = 'Leaderboard of Sprint Time Trial';
const rowOf = (page: Page, username: string) =>
  page.getByRole('list', { name: LIST }).getByRole('listitem').filter({ hasText: username });

describe('before any score', () => {
  it("shows '-' for the member's rank and score, nowhere 'Rank 1'", async () => {
    const page = await signedIn(member);
    await page.goto(`${stage.s.url}/leaderboard?contest=${timeTrial}`);
    const own = rowOf(page, 'e2e_rules_member');
    await own.getByText('Unranked', { exact: true }).waitFor();
    await own.getByText('No score yet').waitFor();
    expect(await page.getByRole('img', { name: 'Rank 1' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to Contests' }).click();
    const card = page.getByRole('article').filter({ hasText: 'Sprint Time Trial' });
    await card.waitFor();
    expect(await card.getByText(/Your rank/).count()).toBe(0);
    await page.goto(`${stage.s.url}/`);
    await page.getByRole('group', { name: 'Your Rank' }).getByText('-', { exact: true }).waitFor();
    // The Score history is the creator's and the moderators': a member's contest page has none.
    await page.goto(`${stage.s.url}/contests/${timeTrial}`);
    await page.getByRole('heading', { name: 'Leaderboard' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Score history' }).count()).toBe(0);
  });
});

describe('scores with decimals and their history', () => {
  it('shows a score with the contest’s precision, refuses more decimals, and records each change', async () => {
    const page = await signedIn(creator);
    await page.goto(`${stage.s.url}/contests/${timeTrial}`);
    const scores = page.getByRole('region', { name: 'Scores' });
    await expectText(page, 'Scores take up to 2 decimals; lower is better.');
    const history = page.getByRole('region', { name: 'Score history' });
    await history.getByText('No score has been entered yet.').waitFor();

    const form = page.getByRole('form', { name: 'Enter one score' });
    await form.getByLabel('Username').fill('e2e_rules_member');
    await form.getByLabel('Score').fill('12.555');
    await form.getByRole('button', { name: 'Save Score' }).click();
    expect(await messageOf(form, 'Score', false)).toContain(
      'This contest takes at most 2 decimals.',
    );
    await form.getByLabel('Score').fill('12.5');
    await form.getByRole('button', { name: 'Save Score' }).click();
    await closeToast(page, 'Score saved');
    await rowOf(page, 'e2e_rules_member').getByText('12.50 pts').waitFor();
    await rowOf(page, 'e2e_rules_member').getByRole('img', { name: 'Rank 1' }).waitFor();

    // A CSV is applied whole or not at all: the line with three decimals refuses the file, named
    // in the report; the file without it is taken.
    await scores
      .getByLabel('Scores CSV')
      .fill('username,score\ne2e_rules_other,11.2\ne2e_rules_member,9.125');
    await scores.getByRole('button', { name: 'Import Scores' }).click();
    await closeToast(page, 'No scores updated');
    await expectText(
      page,
      'One line of the file is refused; no score was stored. Fix it and import the file again.',
    );
    const refused = page.getByRole('table', { name: 'Refused lines' });
    expect(
      await refused
        .getByRole('row')
        .filter({ hasText: 'e2e_rules_member' })
        .getByRole('cell')
        .allInnerTexts(),
    ).toEqual(['3', 'e2e_rules_member', 'This contest takes at most 2 decimals.']);
    await rowOf(page, 'e2e_rules_member').getByText('12.50 pts').waitFor();
    expect(await rowOf(page, 'e2e_rules_other').getByText('11.20 pts').count()).toBe(0);
    await scores.getByLabel('Scores CSV').fill('username,score\ne2e_rules_other,11.2');
    await scores.getByRole('button', { name: 'Import Scores' }).click();
    await closeToast(page, 'Scores updated');
    await expectText(page, '1 score updated. Every line was accepted.');
    // Lower is better: 11.20 now ranks first.
    await rowOf(page, 'e2e_rules_other').getByText('11.20 pts').waitFor();
    await rowOf(page, 'e2e_rules_other').getByRole('img', { name: 'Rank 1' }).waitFor();
    await rowOf(page, 'e2e_rules_member').getByRole('img', { name: 'Rank 2' }).waitFor();

    // Newest first: the CSV's change, then the form's.
    const table = history.getByRole('table', { name: 'Score changes, newest first' });
    await table.getByRole('row').filter({ hasText: 'e2e_rules_other' }).waitFor();
    const rows = (await table.getByRole('row').allInnerTexts()).slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/e2e_rules_other\s+11\.20\s+was -\s+e2e_rules_creator\s+CSV import/);
    expect(rows[1]).toMatch(/e2e_rules_member\s+12\.50\s+was -\s+e2e_rules_creator\s+Form/);
    await expectAccessible(page, 'contest page with scores and their history');
  });
});

describe('approving, with the dates shown first', () => {
  it('warns of impossible dates, refuses them, and lets the edit dialog fix them', async () => {
    const page = await signedIn(admin);
    await page.goto(`${stage.s.url}/admin/contests?tab=pending`);
    await page.getByRole('button', { name: 'Approve Backwards Cup' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Approve Contest' });
    await dialog.getByText('These dates are impossible').waitFor();
    await dialog.getByText(M.endBeforeStart, { exact: false }).waitFor();
    for (const label of ['Registration Deadline', 'Start Date', 'End Date']) {
      await dialog.getByText(label, { exact: true }).waitFor();
    }
    expect(await dialog.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'approve dialog with impossible dates');
    expect((await storedContest(stage.s.db, backwards))?.status).toBe('pending');

    await dialog.getByRole('button', { name: 'Edit Dates' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contest' });
    await edit.waitFor();
    const start = (await storedContest(stage.s.db, backwards))!.startDate!;
    const local = (d: Date) => {
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    };
    // Still backwards: the end is refused beside its field.
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    expect(await messageOf(edit, 'End Date')).toContain(M.endBeforeStart);
    // The end fixed, but registration closing after the start.
    await edit.getByLabel('End Date').fill(local(new Date(start.getTime() + 3 * DAY)));
    await edit.getByLabel('Registration Deadline').fill(local(new Date(start.getTime() + DAY)));
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    expect(await messageOf(edit, 'Registration Deadline')).toContain(M.deadlineAfterStart);
    await expectAccessible(page, 'edit dialog with a date message');
    await edit.getByLabel('Registration Deadline').fill(local(new Date(start.getTime() - DAY)));
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await closeToast(page, 'Contest updated');
    await edit.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Approve Backwards Cup' }).click();
    const again = page.getByRole('alertdialog', { name: 'Approve Contest' });
    await again.getByText('Start Date', { exact: true }).waitFor();
    expect(await again.getByText('These dates are impossible').count()).toBe(0);
    await again.getByRole('button', { name: 'Approve' }).click();
    await closeToast(page, 'Contest updated');
    await expect
      .poll(async () => (await storedContest(stage.s.db, backwards))?.status)
      .toBe('active');
  });
});

describe('the inline template offer', () => {
  it('offers the category’s template in the admin wizard, forex included, accessibly', async () => {
    const page = await signedIn(admin);
    await page.goto(`${stage.s.url}/admin/contests/create`);
    await page.getByLabel('Category').selectOption('forex');
    const offer = page.getByRole('region', { name: 'Forex rules template' });
    await offer.getByRole('button', { name: 'Use Template' }).waitFor();
    await expectAccessible(page, 'admin wizard with the template offer');
  });
});
