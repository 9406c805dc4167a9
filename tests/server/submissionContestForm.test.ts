// A submission contest's evaluation settings sent with the contest (issue 31: step 2 of both
// wizards, the Edit Contest dialog): contests.create and contests.update take an optional
// `evaluation`, checked by the shared schema and written by the Evaluation panel's own write in
// the contest row's transaction. A refusal leaves neither the contest nor its settings behind.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { closeScoringPool, saveEvaluation } from '../../src/server/domain/submissions';
import { contestEvaluations, contests } from '../../src/server/platform/db/schema';
import type {
  TEvaluationSettings,
  TEvaluationSettingsInput,
} from '../../src/shared/schemas/submissions';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { createInput, storedContest } from '../helpers/contests';
import { failure, refusal } from '../helpers/errors';
import { SCORING_FIXTURES } from '../helpers/scoringFixtures';

const t = await createTestDb();
afterAll(async () => {
  await closeScoringPool();
  await t.close();
});

const admin = await createUser(t.db, { role: 'admin' });
const moderator = await createUser(t.db, { role: 'moderator' });
const member = await createUser(t.db);
const stranger = await createUser(t.db);
const as = (user: CreatedUser) => callerFor(t, user).caller;
const actorOf = (u: CreatedUser) => ({ id: u.id, username: u.username, role: u.role });

const SETTINGS: TEvaluationSettings = {
  metric: 'quadratic_weighted_kappa',
  idColumn: 'id',
  targetColumns: ['target'],
  publicFraction: 0.25,
  dailyLimit: 3,
  totalLimit: 40,
  maxFileMb: 10,
  selectionLimit: 1,
};

const submissionContest = (title: string, evaluation?: TEvaluationSettingsInput) =>
  createInput({ title, format: 'submission', ...(evaluation ? { evaluation } : {}) });

async function evaluationRows(contestId: number) {
  return t.db.select().from(contestEvaluations).where(eq(contestEvaluations.contestId, contestId));
}

async function contestsTitled(title: string) {
  return t.db.select().from(contests).where(eq(contests.title, title));
}

describe('contests.create with evaluation settings', () => {
  it('stores the settings with the contest (member wizard), the key still to come', async () => {
    const created = await as(member).contests.create(submissionContest('Kappa Cup', SETTINGS));
    const view = await as(member).submissions.evaluation({ contestId: created.id });
    expect(view).toMatchObject({
      metric: 'quadratic_weighted_kappa',
      publicFraction: 0.25,
      dailyLimit: 3,
      totalLimit: 40,
      maxFileMb: 10,
      selectionLimit: 1,
      keyReady: false,
    });
    expect(view.key).toMatchObject({ fileName: null, version: 1 });
  });

  it('the admin wizard too; without settings none are stored', async () => {
    const withSettings = await as(admin).contests.create(
      submissionContest('Admin Kappa Cup', { ...SETTINGS, dailyLimit: 9 }),
    );
    expect(await evaluationRows(withSettings.id)).toMatchObject([{ dailyLimit: 9 }]);
    const without = await as(admin).contests.create(submissionContest('Bare Submission Cup'));
    expect(await evaluationRows(without.id)).toEqual([]);
  });

  it('refuses bad settings by the shared schema, with the field and its message', async () => {
    const bad = await failure(
      as(member).contests.create(
        submissionContest('Bad Share Cup', { ...SETTINGS, publicFraction: 1 }),
      ),
    );
    expect(bad).toEqual({
      code: 'BAD_REQUEST',
      message: 'The public share is less than 1 (the rest decides the final board)',
    });
    const noK = await failure(
      as(member).contests.create(
        submissionContest('No K Cup', { ...SETTINGS, metric: 'map_at_k' }),
      ),
    );
    expect(noK).toEqual({ code: 'BAD_REQUEST', message: 'MAP@K needs k' });
    expect(await contestsTitled('Bad Share Cup')).toEqual([]);
  });

  it('refuses settings for another format, and no contest is left behind', async () => {
    const refused = await refusal(
      as(member).contests.create(
        createInput({ title: 'League With Metric', format: 'league', evaluation: SETTINGS }),
      ),
    );
    expect(refused).toMatchObject({
      reason: 'not_submission_format',
      message: 'This contest is not a submission contest',
    });
    expect(await contestsTitled('League With Metric')).toEqual([]);
  });

  it('a submitted draft keeps its id and gets the settings', async () => {
    const draft = await as(member).contests.saveDraft({
      title: 'Drafted Kappa',
      format: 'submission',
    });
    const created = await as(member).contests.create({
      ...submissionContest('Drafted Kappa', SETTINGS),
      id: draft.id,
    });
    expect(created.id).toBe(draft.id);
    expect(await evaluationRows(draft.id)).toHaveLength(1);
  });
});

describe('contests.update with evaluation settings', () => {
  it('the creator and moderators change them; others are refused', async () => {
    const created = await as(member).contests.create(submissionContest('Edit Kappa', SETTINGS));
    await as(member).contests.update({
      id: created.id,
      evaluation: { ...SETTINGS, dailyLimit: 7 },
    });
    expect(await evaluationRows(created.id)).toMatchObject([{ dailyLimit: 7, version: 1 }]);
    await as(moderator).contests.update({
      id: created.id,
      title: 'Edit Kappa Moderated',
      evaluation: { ...SETTINGS, metric: 'accuracy' },
    });
    const [row] = await evaluationRows(created.id);
    // Another metric scores differently: a new version.
    expect(row).toMatchObject({ metric: 'accuracy', dailyLimit: 3, version: 2 });
    expect((await storedContest(t.db, created.id))?.title).toBe('Edit Kappa Moderated');
    expect(
      await refusal(as(stranger).contests.update({ id: created.id, evaluation: SETTINGS })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await evaluationRows(created.id)).toMatchObject([{ metric: 'accuracy' }]);
  });

  it('reads a stored key again: settings it does not fit are refused with its lines, nothing kept', async () => {
    const created = await as(admin).contests.create(submissionContest('Keyed Kappa', SETTINGS));
    await saveEvaluation({ db: t.db, privateDir: t.deps.privateDir }, actorOf(admin), {
      contestId: created.id,
      settings: SETTINGS,
      key: {
        bytes: fs.readFileSync(path.join(SCORING_FIXTURES, 'ordinal', 'key.csv')),
        name: 'key.csv',
      },
    });
    const refused = await refusal(
      as(admin).contests.update({
        id: created.id,
        title: 'Keyed Kappa Renamed',
        evaluation: { ...SETTINGS, targetColumns: ['label'] },
      }),
    );
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', reason: 'bad_key' });
    expect((await storedContest(t.db, created.id))?.title).toBe('Keyed Kappa');
    expect(await evaluationRows(created.id)).toMatchObject([
      { targetColumns: ['target'], keyName: 'key.csv' },
    ]);
    // Settings that fit keep the key and its read.
    await as(admin).contests.update({ id: created.id, evaluation: { ...SETTINGS, dailyLimit: 2 } });
    const view = await as(admin).submissions.evaluation({ contestId: created.id });
    expect(view).toMatchObject({ dailyLimit: 2, keyReady: true });
    expect(view.key?.fileName).toBe('key.csv');
  });
});
