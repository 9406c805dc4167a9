// A submission contest set up in the member wizard (issue 31): step 2 asks the evaluation
// settings (the Evaluation panel's fields and rules, each message beside its field) and the answer
// key; Save Draft and a reload keep the settings (the file cannot be kept, which the key's help
// says); the contest is created with its settings, and a key that does not pass the check leaves
// the contest created: the member lands on its page, where the Evaluation panel lists the lines.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { saveDraft } from '../../src/server/domain/contests/contests';
import { contestEvaluations, contests } from '../../src/server/platform/db/schema';
import { ZSaveDraftRequestSchema } from '../../src/shared/schemas/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { expectText } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });
let member: CreatedUser;

beforeEach(async () => {
  member = await createUser(stage.s.db, { username: 'wizard_scorer' });
});

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

/** The message tied to a field (aria-errormessage); a required field's name ends in its mark. */
async function messageOf(page: Page, label: string | RegExp): Promise<string> {
  const field = page.getByLabel(label, { exact: typeof label === 'string' });
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  return field.evaluate((el) => {
    const id = el.getAttribute('aria-errormessage');
    return (id && document.getElementById(id)?.textContent) || '';
  });
}

/** A server draft of a submission contest with step 1 filled; answers its id. */
async function submissionDraft(): Promise<number> {
  const draft = await saveDraft({
    db: stage.s.db,
    limits: stage.s.deps.limits,
    actor: member,
    input: ZSaveDraftRequestSchema.parse({
      title: 'Harbour Species Challenge',
      shortDescription: 'Label each photo with the species it shows.',
      category: 'academic',
      format: 'submission',
      description:
        'Send one label per photo id. Accuracy on the hidden half decides the final board.',
    }),
  });
  return draft.id;
}

describe('the member wizard, submission format', () => {
  it('checks the settings on the field, keeps them over Save Draft and a reload', async () => {
    const draftId = await submissionDraft();
    const page = await stage.pageAs(member);
    await page.goto(stage.url(`/contests/create?draft=${draftId}`));
    await expectText(page, 'Continuing your draft "Harbour Species Challenge"');
    await next(page);
    await expectText(page, 'Step 2 of 5');
    await page.getByRole('heading', { name: 'Evaluation' }).waitFor();
    await expectText(page, 'A draft keeps these settings but not the file');
    // The old pointer to the contest page is gone: the settings are asked here.
    expect(await page.getByText('choose the metric and upload the key in its').count()).toBe(0);
    await page.getByLabel('Public share (%)').fill('100');
    await next(page);
    expect(await messageOf(page, 'Metric')).toContain('Choose a metric');
    expect(await messageOf(page, /^Public share \(%\)/)).toContain(
      'The public share is less than 1',
    );
    await page.getByLabel('Metric').selectOption('map_at_k');
    await next(page);
    expect(await messageOf(page, /^k\b/)).toContain('MAP@K needs k');
    await page.getByLabel('Metric').selectOption('accuracy');
    await page.getByLabel('Public share (%)').fill('40');
    await page.getByLabel('Submissions per day').fill('4');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expectText(page, 'Draft saved');
    await page.reload();
    await expectText(page, 'Continuing your draft "Harbour Species Challenge"');
    await expectText(page, 'Step 2 of 5');
    expect(await page.getByLabel('Metric').inputValue()).toBe('accuracy');
    expect(await page.getByLabel('Public share (%)').inputValue()).toBe('40');
    expect(await page.getByLabel('Submissions per day').inputValue()).toBe('4');
  });

  it('creates the contest with its settings; a refused key shows its lines on the contest page', async () => {
    const draftId = await submissionDraft();
    const page = await stage.pageAs(member);
    await page.goto(stage.url(`/contests/create?draft=${draftId}`));
    await expectText(page, 'Continuing your draft "Harbour Species Challenge"');
    await next(page);
    await expectText(page, 'Step 2 of 5');
    await page.getByLabel('Metric').selectOption('accuracy');
    await page.getByLabel('Final selections').fill('3');
    // The key repeats an id: refused with its line once the contest exists.
    await page.getByLabel('Answer key (optional now)').setInputFiles({
      name: 'labels.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('id,target\np1,gull\np2,tern\np1,gull\n'),
    });
    await expectText(page, 'Answer key chosen: labels.csv');
    await next(page);
    await expectText(page, 'Step 3 of 5');
    await page.getByLabel('Registration Deadline').fill('2031-09-01T09:00');
    await page.getByLabel('Start Date').fill('2031-09-02T09:00');
    await page.getByLabel('End Date').fill('2031-09-30T17:00');
    await next(page);
    await expectText(page, 'Step 4 of 5');
    // Back on step 2, the chosen key is still named.
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expectText(page, 'Answer key chosen: labels.csv');
    await next(page);
    await next(page);
    await next(page);
    await expectText(page, 'Step 5 of 5');
    await page.getByRole('button', { name: 'Submit Contest' }).click();
    await expectText(page, 'Answer key refused');
    await page.waitForURL(/\/contests\/harbour-species-challenge$/);
    const panel = page.getByRole('region', { name: 'Evaluation' });
    await panel.getByRole('alert', { name: 'Why the evaluation was refused' }).waitFor();
    await expect.poll(() => panel.textContent()).toContain('p1');

    const [created] = await stage.s.db
      .select()
      .from(contests)
      .where(eq(contests.title, 'Harbour Species Challenge'));
    expect(created).toMatchObject({ id: draftId, draft: false, format: 'submission' });
    const [stored] = await stage.s.db
      .select()
      .from(contestEvaluations)
      .where(eq(contestEvaluations.contestId, draftId));
    expect(stored).toMatchObject({ metric: 'accuracy', selectionLimit: 3, keyFile: null });
    // The browser copy is gone with the draft.
    expect(await page.evaluate(() => localStorage.getItem('contestDraft'))).toBeNull();
  });
});
