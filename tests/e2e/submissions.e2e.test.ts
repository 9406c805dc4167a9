// A submission contest in Chromium (issue 31 'Done when'): the organiser sets the evaluation up
// with the ROC AUC answer key from the contest page; a member uploads the fixture's predictions
// and sees their public score (scikit-learn's figure), uploads a broken file and sees each of its
// problems by line (not counted against the day), and selects their submission for the final
// board; a second member's file is perfect on the private rows only, and a third's says 0.5
// everywhere (scikit-learn's figure for a constant prediction). The organiser sees the
// private board before publishing, publishes it, and the member reads the shake-up. A key whose
// ids repeat is refused with its lines and nothing is kept; one selection too many says the limit.
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { contestParticipants } from '../../src/server/platform/db/schema';
import { saveEvaluation, submitFile } from '../../src/server/domain/submissions';
import { scoreText } from '../../src/shared/schemas/submissions';
import { DAY, insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { SCORING_FIXTURES } from '../helpers/scoringFixtures';
import { expectText } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });

const FIXTURE = path.join(SCORING_FIXTURES, 'binary_proba');
const KEY = path.join(FIXTURE, 'key.csv');
const SUBMISSION = path.join(FIXTURE, 'submission.csv');
const EXPECTED = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'expected.json'), 'utf8')) as {
  roc_auc: { public: number; private: number };
};

/** Right on the private rows, wrong on the public ones: last in public, first in private. */
function privateOnlyFile(): Buffer {
  const [, ...rows] = fs.readFileSync(KEY, 'utf8').trim().split(/\r?\n/);
  const lines = rows.map((row) => {
    const [id, target, split] = row.split(',');
    const p = split === 'private' ? Number(target) : 1 - Number(target);
    return `${id},${p}`;
  });
  return Buffer.from(`id,target\n${lines.join('\n')}\n`);
}

/** One probability for every id: ROC AUC 0.5 on both parts. */
function constantFile(): Buffer {
  const [, ...rows] = fs.readFileSync(KEY, 'utf8').trim().split(/\r?\n/);
  return Buffer.from(`id,target\n${rows.map((row) => `${row.split(',')[0]},0.5`).join('\n')}\n`);
}

/** A broken file: an id twice and a word where a probability belongs. */
const BROKEN = Buffer.from('id,target\nr017034,0.5\nr017034,0.7\nr039063,abc\n');

let organiser: CreatedUser;
let alice: CreatedUser;
let bob: CreatedUser;
let carol: CreatedUser;
let contestId: number;

beforeEach(async () => {
  const db = stage.s.db;
  organiser = await createUser(db, { username: 'sub_organiser' });
  alice = await createUser(db, { username: 'sub_alice' });
  bob = await createUser(db, { username: 'sub_bob' });
  carol = await createUser(db, { username: 'sub_carol' });
  const contest = await insertContest(db, {
    createdBy: organiser.id,
    status: 'active',
    title: 'Churn Prediction Challenge',
    format: 'submission',
    enableLeaderboard: true,
    registrationDeadline: new Date(Date.now() - DAY),
    startDate: new Date(Date.now() - 60 * 60 * 1000),
    endDate: new Date(Date.now() + 3 * DAY),
  });
  contestId = contest.id;
  await db.insert(contestParticipants).values([
    { contestId, userId: alice.id },
    { contestId, userId: bob.id },
    { contestId, userId: carol.id },
  ]);
});

const submissionsOf = (page: Page) => page.getByRole('region', { name: 'Submissions' });

async function upload(page: Page, file: string | { name: string; buffer: Buffer }) {
  const section = submissionsOf(page);
  await section
    .getByLabel('Submission file')
    .setInputFiles(
      typeof file === 'string'
        ? file
        : { name: file.name, mimeType: 'text/csv', buffer: file.buffer },
    );
  await section.getByRole('button', { name: 'Submit' }).click();
}

describe('a submission contest', () => {
  it('is set up, submitted to, refused with lines, selected, published and shaken up', async () => {
    // The organiser chooses the metric and uploads the key.
    const org = await stage.pageAs(organiser);
    await org.goto(stage.url(`/contests/${contestId}`));
    const evaluation = org.getByRole('region', { name: 'Evaluation' });
    await evaluation.getByRole('heading', { name: 'Set up scoring' }).waitFor();
    await evaluation.getByLabel('Metric').selectOption('roc_auc');
    await evaluation.getByLabel('Answer key').setInputFiles(KEY);
    await evaluation.getByRole('button', { name: 'Save evaluation' }).click();
    await expectText(org, 'Evaluation saved');
    const keyFacts = evaluation.getByLabel('Answer key', { exact: true }).first();
    await evaluation.getByText('5,792').first().waitFor();
    expect(await keyFacts.count()).toBeGreaterThan(0);
    await evaluation.getByText("By the key's split column").waitFor();

    // Alice reads the rules and submits the fixture's predictions.
    const page = await stage.pageAs(alice);
    await page.goto(stage.url(`/contests/${contestId}`));
    const section = submissionsOf(page);
    await section.getByText('ROC AUC').first().waitFor();
    await section.getByText('5 of 5 left today, resets at 00:00 UTC').waitFor();
    await section.getByLabel('Description (optional)').fill('gradient boosting');
    await upload(page, SUBMISSION);
    await expectText(page, 'Submission received');
    const mine = section.getByRole('table', { name: 'My submissions' });
    const publicScore = scoreText(EXPECTED.roc_auc.public);
    await mine.getByText(publicScore).waitFor();
    expect(await mine.getByRole('row').nth(1).textContent()).toContain('gradient boosting');
    await section.getByText('4 of 5 left today, resets at 00:00 UTC').waitFor();

    // A broken file: each problem with its line, and it does not count.
    await upload(page, { name: 'broken.csv', buffer: BROKEN });
    const problems = section.getByRole('alert', { name: 'Why the file was refused' });
    await problems.waitFor();
    await problems.getByText(/^line 3: id r017034 appears twice/).waitFor();
    await problems.getByText(/^line 4: /).waitFor();
    await problems.getByText(/^and [\d,]+ more$/).waitFor();
    expect(await problems.textContent()).not.toMatch(/\bat \w+ \(|Error:/);
    await section.getByText('4 of 5 left today, resets at 00:00 UTC').waitFor();
    expect(await mine.getByRole('row').count()).toBe(2);

    // Selected for the final board.
    const select = section.getByRole('checkbox', { name: 'Selected for final: submission.csv' });
    await select.click({ force: true });
    await section.getByText(/\(1 selected\)/).waitFor();
    expect(await select.isChecked()).toBe(true);

    // Bob's file is right on the private rows only.
    const bobPage = await stage.pageAs(bob);
    await bobPage.goto(stage.url(`/contests/${contestId}`));
    await submissionsOf(bobPage).getByText('5 of 5 left today, resets at 00:00 UTC').waitFor();
    await upload(bobPage, { name: 'private-only.csv', buffer: privateOnlyFile() });
    await expectText(bobPage, 'Submission received');

    // Carol's says 0.5 for everyone.
    const carolPage = await stage.pageAs(carol);
    await carolPage.goto(stage.url(`/contests/${contestId}`));
    await upload(carolPage, { name: 'constant.csv', buffer: constantFile() });
    await expectText(carolPage, 'Submission received');
    await submissionsOf(carolPage)
      .getByRole('table', { name: 'My submissions' })
      .getByText(scoreText(0.5))
      .waitFor();

    // The public board: Alice, Carol, Bob; the tie rule under it.
    const publicBoard = page.getByRole('table', { name: 'Public board' });
    await publicBoard.getByText('sub_bob').waitFor();
    await publicBoard.getByText('sub_carol').waitFor();
    const publicRows = await publicBoard.getByRole('row').allTextContents();
    expect(publicRows.slice(1).map((row) => row.match(/sub_[a-z]+/)?.[0])).toEqual([
      'sub_alice',
      'sub_carol',
      'sub_bob',
    ]);
    await page
      .getByText(/Ties go to the earlier submission/)
      .first()
      .waitFor();
    expect(await page.getByRole('table', { name: /^Private board/ }).count()).toBe(0);
    // While it runs, the public board is the standings: no second board without scores.
    const leaderboard = page.getByRole('region', { name: 'Leaderboard' });
    expect(await leaderboard.count()).toBe(0);
    // The Leaderboards page shows the same public board, with scores.
    await bobPage.goto(stage.url(`/leaderboard?contest=${contestId}`));
    const boardOnLeaderboards = bobPage.getByRole('table', { name: 'Public board' });
    await boardOnLeaderboards.getByText('sub_alice').waitFor();
    await boardOnLeaderboards.getByText(scoreText(0.5)).first().waitFor();

    // The organiser sees the private board first, then publishes it.
    await org.reload();
    const preview = org.getByRole('table', {
      name: 'Private board (only organisers see this until you publish it)',
    });
    await preview.getByText('sub_alice').waitFor();
    expect(await preview.getByRole('row').nth(1).textContent()).toContain('sub_bob');
    await org.getByRole('button', { name: 'Publish private board' }).click();
    const dialog = org.getByRole('alertdialog', { name: 'Publish the private board?' });
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expectText(org, 'Private board published');

    // Alice reads the final board and the shake-up.
    await page.reload();
    const final = page.getByRole('table', { name: 'Private board (final)' });
    await final.getByText('sub_alice').waitFor();
    const [first, second, third] = (await final.getByRole('row').allTextContents()).slice(1);
    expect(first).toContain('sub_bob');
    expect(first).toContain('▲ 2');
    expect(second).toContain('sub_alice');
    expect(second).toContain('▼ 1');
    expect(third).toContain('sub_carol');
    expect(third).toContain('▼ 1');
    await submissionsOf(page)
      .getByRole('table', { name: 'My submissions' })
      .getByText(scoreText(EXPECTED.roc_auc.private))
      .waitFor();
    await submissionsOf(page).getByText('The contest has ended: no more submissions').waitFor();
    // Ended, its leaderboard reads the private board's places.
    await leaderboard.getByText('1st').first().waitFor();
    expect(await leaderboard.getByText('sub_bob').count()).toBeGreaterThan(0);
  });

  it('refuses a key whose ids repeat with its lines, and keeps nothing', async () => {
    const org = await stage.pageAs(organiser);
    await org.goto(stage.url(`/contests/${contestId}`));
    const evaluation = org.getByRole('region', { name: 'Evaluation' });
    await evaluation.getByLabel('Metric').selectOption('roc_auc');
    await evaluation.getByLabel('Answer key').setInputFiles({
      name: 'key.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('id,target\na1,1\na2,0\na1,0\n'),
    });
    await evaluation.getByRole('button', { name: 'Save evaluation' }).click();
    const problems = evaluation.getByRole('alert', { name: 'Why the evaluation was refused' });
    await problems.getByText(/^line 4: .*a1/).waitFor();
    // Nothing kept: the panel still asks for the key, and members cannot submit.
    await evaluation.getByRole('heading', { name: 'Set up scoring' }).waitFor();
    const page = await stage.pageAs(alice);
    await page.goto(stage.url(`/contests/${contestId}`));
    await submissionsOf(page)
      .getByText('The organiser has not uploaded the answer key yet')
      .waitFor();
  });

  it('says the selection limit when a member selects one too many', async () => {
    const deps = { db: stage.s.db, privateDir: stage.s.deps.privateDir };
    await saveEvaluation(deps, organiser, {
      contestId,
      settings: {
        metric: 'roc_auc',
        idColumn: 'id',
        targetColumns: ['target'],
        publicFraction: 0.3,
        dailyLimit: 5,
        maxFileMb: 20,
        selectionLimit: 1,
      },
      key: { bytes: fs.readFileSync(KEY), name: 'key.csv' },
    });
    for (const name of ['first.csv', 'second.csv']) {
      await submitFile(deps, alice, {
        contestId,
        file: { bytes: fs.readFileSync(SUBMISSION), name },
      });
    }
    const page = await stage.pageAs(alice);
    await page.goto(stage.url(`/contests/${contestId}`));
    const section = submissionsOf(page);
    const first = section.getByRole('checkbox', { name: 'Selected for final: first.csv' });
    await first.click({ force: true });
    await section.getByText(/\(1 selected\)/).waitFor();
    await section
      .getByRole('checkbox', { name: 'Selected for final: second.csv' })
      .click({ force: true });
    await section
      .getByRole('alert')
      .getByText('You can select at most 1 submission for the final board: unselect one first')
      .waitFor();
    expect(await first.isChecked()).toBe(true);
  });
});
