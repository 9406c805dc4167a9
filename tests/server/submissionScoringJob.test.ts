// The scoring job (issue 31 'Scoring'), on either engine: a queued submission is scored by the
// next round; a take whose lease lapsed (its server died mid-job) is taken again; a row taken
// too often fails with the reason, never staying 'scoring'; a new version of the evaluation
// scores every submission again; two servers' rounds at once score each row once; a
// published contest's submissions are left alone. Uploads racing for the last place of a daily
// limit: one wins.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import {
  closeScoringPool,
  removeOrphanPrivateFiles,
  saveEvaluation,
  scoreDueSubmissions,
  submitFile,
} from '../../src/server/domain/submissions';
import { MAX_ATTEMPTS } from '../../src/server/domain/submissions/scoringJob';
import {
  contestEvaluations,
  contests,
  notifications,
  submissions,
} from '../../src/server/platform/db/schema';
import { createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { insertContest } from '../helpers/contests';
import { SCORING_FIXTURES } from '../helpers/scoringFixtures';

const t = await createTestDb();
afterAll(async () => {
  await closeScoringPool();
  await t.close();
});

const HOUR = 3_600_000;
const KEY = fs.readFileSync(path.join(SCORING_FIXTURES, 'regression', 'key.csv'));
const FILE = fs.readFileSync(path.join(SCORING_FIXTURES, 'regression', 'submission.csv'));
const EXPECTED = JSON.parse(
  fs.readFileSync(path.join(SCORING_FIXTURES, 'regression', 'expected.json'), 'utf8'),
) as { rmse: { public: number; private: number } };
const actorOf = (u: CreatedUser) => ({ id: u.id, username: u.username, role: u.role });
const creator = await createUser(t.db);
const deps = { db: t.db, privateDir: t.deps.privateDir };

async function running(dailyLimit = 5) {
  const contest = await insertContest(t.db, {
    createdBy: creator.id,
    format: 'submission',
    startDate: new Date(Date.now() - HOUR),
    registrationDeadline: new Date(Date.now() - HOUR),
    endDate: new Date(Date.now() + HOUR),
  });
  await saveEvaluation(deps, actorOf(creator), {
    contestId: contest.id,
    settings: {
      metric: 'rmse',
      idColumn: 'id',
      targetColumns: ['target'],
      publicFraction: 0.3,
      dailyLimit,
      maxFileMb: 20,
      selectionLimit: 2,
    },
    key: { bytes: KEY, name: 'key.csv' },
  });
  const member = await createUser(t.db);
  await addParticipant({ db: t.db, contestId: contest.id, userId: member.id });
  return { contest, member };
}

const submit = (contestId: number, member: CreatedUser) =>
  submitFile(deps, actorOf(member), {
    contestId,
    file: { bytes: FILE, name: 'preds.csv' },
  });

const rowOf = async (id: number) =>
  (await t.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;

describe('the scoring job', () => {
  it('scores at upload with the figures of scikit-learn, and tells the member', async () => {
    const { contest, member } = await running();
    const id = await submit(contest.id, member);
    const row = await rowOf(id);
    expect(row.status).toBe('scored');
    expect(row.publicScore).toBeCloseTo(EXPECTED.rmse.public, 9);
    expect(row.privateScore).toBeCloseTo(EXPECTED.rmse.private, 9);
    const told = await t.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, member.id));
    expect(told.map((n) => n.title)).toContain(
      `Your submission scored ${Number(row.publicScore!.toPrecision(12))}`,
    );
  });

  it('takes a queued row, and a take whose lease lapsed', async () => {
    const { contest, member } = await running();
    const queued = await submit(contest.id, member);
    const lapsed = await submit(contest.id, member);
    await t.db
      .update(submissions)
      .set({ status: 'queued', publicScore: null, scoredAt: null })
      .where(eq(submissions.id, queued));
    await t.db
      .update(submissions)
      .set({ status: 'scoring', leaseUntil: new Date(Date.now() - 1000), publicScore: null })
      .where(eq(submissions.id, lapsed));
    const round = await scoreDueSubmissions(deps);
    expect(round.scored).toBeGreaterThanOrEqual(2);
    for (const id of [queued, lapsed]) {
      expect((await rowOf(id)).status).toBe('scored');
    }
  });

  it('leaves a take whose lease still holds, and fails a row taken too often', async () => {
    const { contest, member } = await running();
    const held = await submit(contest.id, member);
    const worn = await submit(contest.id, member);
    await t.db
      .update(submissions)
      .set({ status: 'scoring', leaseUntil: new Date(Date.now() + HOUR), publicScore: null })
      .where(eq(submissions.id, held));
    await t.db
      .update(submissions)
      .set({ status: 'queued', attempts: MAX_ATTEMPTS })
      .where(eq(submissions.id, worn));
    await scoreDueSubmissions(deps);
    expect((await rowOf(held)).status).toBe('scoring');
    const failed = await rowOf(worn);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/stopped 3 times/);
  });

  it('scores every submission again under a new version, once each across two servers', async () => {
    const { contest, member } = await running();
    const ids = [await submit(contest.id, member), await submit(contest.id, member)];
    await t.db
      .update(contestEvaluations)
      .set({ version: 2 })
      .where(eq(contestEvaluations.contestId, contest.id));
    const [a, b] = await Promise.all([scoreDueSubmissions(deps), scoreDueSubmissions(deps)]);
    expect(a.scored + b.scored).toBe(2);
    for (const id of ids) {
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'scored', version: 2, attempts: 2 });
    }
    // Published: nothing is taken any more.
    await t.db
      .update(contestEvaluations)
      .set({ version: 3, publishedAt: new Date() })
      .where(eq(contestEvaluations.contestId, contest.id));
    expect((await scoreDueSubmissions(deps)).scored).toBe(0);
  });

  it('lets one of two uploads racing for the last place of the day in', async () => {
    const { contest, member } = await running(1);
    const outcomes = await Promise.allSettled([
      submit(contest.id, member),
      submit(contest.id, member),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ reason: 'daily_limit' });
  });

  it('cleans up the private files of a deleted contest, and only those', async () => {
    const live = await running();
    const liveId = await submit(live.contest.id, live.member);
    const gone = await running();
    const goneId = await submit(gone.contest.id, gone.member);
    const fileOf = async (id: number) => (await rowOf(id)).storedFile;
    const [liveFile, goneFile] = [await fileOf(liveId), await fileOf(goneId)];
    const [goneKey] = await t.db
      .select({ key: contestEvaluations.keyFile })
      .from(contestEvaluations)
      .where(eq(contestEvaluations.contestId, gone.contest.id));
    await t.db.delete(contests).where(eq(contests.id, gone.contest.id));
    const result = await removeOrphanPrivateFiles({
      ...deps,
      olderThanMs: 0,
      now: Date.now() + 1000,
    });
    expect(result.files).toBeGreaterThanOrEqual(2);
    const exists = (name: string) => fs.existsSync(path.join(t.deps.privateDir, name));
    expect(exists(liveFile)).toBe(true);
    expect(exists(goneFile)).toBe(false);
    expect(exists(goneKey!.key!)).toBe(false);
  });
});
