// Submission contests in team mode (issue 31 'Submitting': in team mode, any team member for the
// team): a member of a registered team submits for it, the team's other members see the file
// in their list and may select it, the daily limit counts the team's files together, and the
// board names the team; a member of no team is refused.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { saveEvaluation, submitFile, closeScoringPool } from '../../src/server/domain/submissions';
import { contests } from '../../src/server/platform/db/schema';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { insertContest } from '../helpers/contests';
import { refusal } from '../helpers/errors';
import { SCORING_FIXTURES } from '../helpers/scoringFixtures';

const t = await createTestDb();
afterAll(async () => {
  await closeScoringPool();
  await t.close();
});

const HOUR = 3_600_000;
const fixture = (name: string) => fs.readFileSync(path.join(SCORING_FIXTURES, 'ordinal', name));
const admin = await createUser(t.db, { role: 'admin' });
const as = (user: CreatedUser) => callerFor(t, user).caller;
const actorOf = (u: CreatedUser) => ({ id: u.id, username: u.username, role: u.role });
const deps = { db: t.db, privateDir: t.deps.privateDir };

describe('a team submits as one', () => {
  it('shares its files, its selection and its daily limit; the board names the team', async () => {
    const contest = await insertContest(t.db, {
      createdBy: admin.id,
      status: 'active',
      mode: 'team',
      format: 'submission',
      tournament: { teamMin: 2, teamMax: 3 },
      startDate: new Date(Date.now() + HOUR),
      registrationDeadline: new Date(Date.now() + HOUR),
      endDate: new Date(Date.now() + 48 * HOUR),
    });
    const [captain, mate, loner] = [
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
    ];
    const team = await as(captain).teams.create({ contestId: contest.id, name: 'Kappa Crew' });
    await as(captain).teams.invite({ teamId: team.id, username: mate.username });
    await as(mate).teams.accept({ teamId: team.id });
    await as(captain).teams.register({ teamId: team.id });
    // The contest starts.
    await t.db
      .update(contests)
      .set({
        startDate: new Date(Date.now() - HOUR),
        registrationDeadline: new Date(Date.now() - HOUR),
      })
      .where(eq(contests.id, contest.id));
    await saveEvaluation(deps, actorOf(admin), {
      contestId: contest.id,
      settings: {
        metric: 'quadratic_weighted_kappa',
        idColumn: 'id',
        targetColumns: ['target'],
        publicFraction: 0.3,
        dailyLimit: 2,
        maxFileMb: 20,
        selectionLimit: 1,
      },
      key: { bytes: fixture('key.csv'), name: 'key.csv' },
    });

    const file = { bytes: fixture('submission.csv'), name: 'preds.csv' };
    const id = await submitFile(deps, actorOf(mate), { contestId: contest.id, file });
    // The captain sees the mate's file and may select it for the team.
    const list = await as(captain).submissions.list({ contestId: contest.id });
    expect(list.items.map((s) => [s.id, s.username, s.status])).toEqual([
      [id, mate.username, 'scored'],
    ]);
    expect(await as(captain).submissions.select({ id, selected: true })).toEqual({
      id,
      selected: true,
    });
    // The limit of 2 a day is the team's: the captain's one more, then none.
    await submitFile(deps, actorOf(captain), { contestId: contest.id, file });
    await expect(
      submitFile(deps, actorOf(mate), { contestId: contest.id, file }),
    ).rejects.toMatchObject({ reason: 'daily_limit' });
    const evaluation = await as(mate).submissions.evaluation({ contestId: contest.id });
    expect(evaluation.mine).toMatchObject({ remainingToday: 0, selected: 1 });
    // The board names the team once.
    const board = await as(loner).submissions.board({ contestId: contest.id, board: 'public' });
    expect(board.entries.map((e) => [e.name, e.entries])).toEqual([['Kappa Crew', 2]]);
    // A member of no team takes no part.
    await expect(
      submitFile(deps, actorOf(loner), { contestId: contest.id, file }),
    ).rejects.toMatchObject({ reason: 'not_participant' });
    expect(await refusal(as(loner).submissions.get({ id }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
