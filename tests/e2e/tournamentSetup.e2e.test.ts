// Tournament setup in Chromium (issue 19): a member creates a knockout contest with the wizard,
// choosing Double elimination by name with a grand-final reset, a check-in window and self-reported
// matches on step 2 (the fields the format needs, and only those), finds them saved in the edit
// dialog of their contest and changes one there; once the bracket exists the dialog shows them
// read-only with the reason. A participant checks in and undoes it on the contest page.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { contests } from '../../src/server/platform/db/schema';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { BRACKET_EXISTS_MESSAGE } from '../../src/shared/tournaments';
import { insertContest, storedContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { expectText, closeToast } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });
let member: CreatedUser;
beforeEach(async () => {
  member = await createUser(stage.s.db, { username: 'setup_member' });
});

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

async function expectStep(page: Page, n: number, title: string) {
  await expectText(page, `Step ${n} of 5`);
  await page.getByRole('heading', { name: title, level: 2 }).waitFor();
}

const visible = (page: Page, label: string) => page.getByLabel(label, { exact: true }).count();

describe('the format settings', () => {
  it('are asked in step 2 by format, saved with the contest and edited in its dialog', async () => {
    const page = await stage.pageAs(member);
    await page.goto(stage.url('/contests/create'));
    await expectStep(page, 1, 'Basic Information');
    await page.getByLabel('Contest Title').fill('Setup Knockout Cup');
    await page.getByLabel('Short Description').fill('Eight players, two lives each, one champion.');
    await page.getByLabel('Category').selectOption('sports');
    await next(page);
    await expectStep(page, 2, 'Contest Setup');

    // The default format (league) asks for legs and points; open asks nothing.
    expect(await page.getByLabel('Format', { exact: true }).inputValue()).toBe('league');
    expect(await visible(page, 'Legs')).toBe(1);
    expect(await page.getByLabel('Points for a win').inputValue()).toBe('3');
    await page.getByLabel('Format', { exact: true }).selectOption('open');
    expect(await page.getByRole('heading', { name: 'Format settings' }).count()).toBe(0);
    expect(await visible(page, 'Check-in window (minutes)')).toBe(0);

    // Each format by its name: Swiss and groups are no longer hidden under 'Tournament'.
    const format = page.getByLabel('Format', { exact: true });
    expect(await format.locator('option:not([disabled])').allTextContents()).toEqual([
      'Knockout (single elimination)',
      'Double elimination',
      'Groups then knockout',
      'Swiss',
      'League',
      'Open',
      'Submission (scored against an answer key)',
    ]);
    await format.selectOption({ label: 'Swiss' });
    expect(await visible(page, 'Swiss rounds')).toBe(1);
    expect(await visible(page, 'Group size')).toBe(0);
    await format.selectOption({ label: 'Groups then knockout' });
    expect(await visible(page, 'Group size')).toBe(1);
    expect(await visible(page, 'Swiss rounds')).toBe(0);

    // Knockout: single elimination asks for a third-place match, double for its grand final.
    await format.selectOption({ label: 'Knockout (single elimination)' });
    await page.getByRole('heading', { name: 'Format settings' }).waitFor();
    expect(await visible(page, 'Legs')).toBe(0);
    expect(await visible(page, 'Elimination')).toBe(0);
    expect(await visible(page, 'Third-place match')).toBe(1);
    expect(await visible(page, 'Grand final')).toBe(0);
    await format.selectOption({ label: 'Double elimination' });
    expect(await visible(page, 'Third-place match')).toBe(0);
    await page.getByLabel('Grand final').selectOption('double');

    // A window out of range is refused beside its field on Next.
    const window = page.getByLabel('Check-in window (minutes)');
    await window.fill('5000');
    await next(page);
    await expect.poll(() => window.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Check-in window is at most 1440').waitFor();
    await expectStep(page, 2, 'Contest Setup');
    await window.fill('45');
    await page.getByText('Participants report their own matches').click();
    expect(await page.getByLabel('Generate the bracket at the start').isChecked()).toBe(true);
    await next(page);

    await expectStep(page, 3, 'Date & Time');
    await page.getByLabel('Registration Deadline').fill('2031-05-01T09:00');
    await page.getByLabel('Start Date').fill('2031-05-02T10:00');
    await page.getByLabel('End Date').fill('2031-05-03T18:00');
    await next(page);
    await expectStep(page, 4, 'Access & Payment');
    await next(page);
    await expectStep(page, 5, 'Content & Extras');
    await page
      .getByLabel('Detailed Description', { exact: true })
      .fill('## Rules\n\nBest of three in every match; the lower bracket gives a second chance.');
    await page.getByRole('button', { name: 'Submit Contest' }).click();
    await closeToast(page, 'Contest created', { gone: true });
    await page.waitForURL(stage.url('/contests'));

    const [saved] = await stage.s.db
      .select()
      .from(contests)
      .where(eq(contests.title, 'Setup Knockout Cup'));
    expect(saved).toMatchObject({ status: 'pending', format: 'knockout' });
    // Only what the format asks for is stored.
    expect(saved!.tournament).toEqual({
      elimination: 'double',
      grandFinal: 'double',
      bestOf: 1,
      finalsBestOf: 0,
      checkInMinutes: 45,
      selfReport: true,
      autoGenerate: true,
    });

    // The creator's edit dialog shows them as saved, and changes one.
    await page.goto(stage.url(`/contests/${saved!.slug}`));
    // The contest page names the format as it was chosen.
    await page
      .getByRole('group', { name: 'Contest status' })
      .getByText('Double elimination', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Contest' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Format', { exact: true }).inputValue()).toBe(
      'double_elimination',
    );
    expect(await dialog.getByLabel('Grand final').inputValue()).toBe('double');
    // A knockout ends in places: no Score Decimals or Score Order to set.
    expect(await dialog.getByLabel('Score Decimals').count()).toBe(0);
    expect(await dialog.getByLabel('Score Order').count()).toBe(0);
    expect(await dialog.getByLabel('Check-in window (minutes)').inputValue()).toBe('45');
    expect(await dialog.getByLabel('Participants report their own matches').isChecked()).toBe(true);
    await dialog.getByLabel('Check-in window (minutes)').fill('30');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await closeToast(page, 'Contest updated', { gone: true });
    await dialog.waitFor({ state: 'detached' });
    expect((await storedContest(stage.s.db, saved!.id))!.tournament).toEqual({
      elimination: 'double',
      grandFinal: 'double',
      bestOf: 1,
      finalsBestOf: 0,
      checkInMinutes: 30,
      selfReport: true,
      autoGenerate: true,
    });

    // Once the bracket exists: read-only, with the reason.
    await stage.s.db
      .update(contests)
      .set({ bracketGeneratedAt: new Date() })
      .where(eq(contests.id, saved!.id));
    await page.reload();
    await page.getByRole('button', { name: 'Edit' }).click();
    await dialog.waitFor();
    await dialog.getByText(BRACKET_EXISTS_MESSAGE).waitFor();
    for (const label of ['Format', 'Mode', 'Grand final']) {
      expect(await dialog.getByLabel(label, { exact: true }).isDisabled(), label).toBe(true);
    }
    expect(await dialog.getByLabel('Check-in window (minutes)').isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Check-in window (minutes)').inputValue()).toBe('30');
  });
});

describe('check-in on the contest page', () => {
  it('lets a participant check in inside the window and undo it', async () => {
    const admin = await createUser(stage.s.db, { role: 'admin' });
    const start = new Date(Date.now() + 30 * 60_000);
    const contest = await insertContest(stage.s.db, {
      createdBy: admin.id,
      title: 'Check-in Cup',
      format: 'knockout',
      startDate: start,
      registrationDeadline: start,
      tournament: { checkInMinutes: 60 },
    });
    await addParticipant({ db: stage.s.db, contestId: contest.id, userId: member.id });
    const page = await stage.pageAs(member);
    await page.goto(stage.url(`/contests/${contest.slug}`));
    const card = page.getByRole('region', { name: 'Check-in' });
    await card.waitFor();
    await card.getByText('Check-in is open until the start.').waitFor();
    await card.getByText('0 of 1 checked in').waitFor();
    await card.getByRole('button', { name: 'Check in' }).click();
    await card.getByText('1 of 1 checked in').waitFor();
    await card.getByText(/^You checked in at /).waitFor();
    await card.getByRole('button', { name: 'Undo check-in' }).click();
    await card.getByText('0 of 1 checked in').waitFor();
    await card.getByRole('button', { name: 'Check in' }).waitFor();
  });
});
