// A forfeited prize in Chromium (issue 30 'Payouts': the organiser decides whether the prize moves
// to the next place): a winner's line forfeited by an admin, the organiser opens the contest page,
// finds it under Results' 'Forfeited prizes', passes it to the next place through the dialog,
// and sees the decision and the prize beside the 3rd place; the new winner sees their prize.
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { contestParticipants, payouts } from '../../src/server/platform/db/schema';
import { DAY, insertContest } from '../helpers/contests';
import { callerFor, createUser, type CreatedUser } from '../helpers/db';
import { closeToast, expectText } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });

let organiser: CreatedUser;
let third: CreatedUser;
let slug: string;

beforeEach(async () => {
  const db = stage.s.db;
  organiser = await createUser(db, { username: 'forfeit_organiser' });
  const admin = await createUser(db, { role: 'admin', username: 'forfeit_admin' });
  const winner = await createUser(db, { username: 'forfeit_winner' });
  const second = await createUser(db, { username: 'forfeit_second' });
  third = await createUser(db, { username: 'forfeit_third' });
  const contest = await insertContest(db, {
    createdBy: organiser.id,
    status: 'active',
    title: 'Lighthouse Relay',
    format: 'open',
    registrationDeadline: new Date(Date.now() - 3 * DAY),
    startDate: new Date(Date.now() - 2 * DAY),
    endDate: new Date(Date.now() - 60 * 60 * 1000),
    prizeTable: {
      kind: 'fixed',
      rows: [
        { from: 1, to: 1, amount: '500', currency: 'USDT' },
        { from: 2, to: 2, amount: '300', currency: 'USDT' },
      ],
    },
  });
  slug = contest.slug;
  await db.insert(contestParticipants).values([
    { contestId: contest.id, userId: winner.id, score: 90 },
    { contestId: contest.id, userId: second.id, score: 80 },
    { contestId: contest.id, userId: third.id, score: 10 },
  ]);
  await callerFor(stage.s, organiser).caller.results.confirm({ contestId: contest.id });
  const [line] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.contestId, contest.id), eq(payouts.userId, winner.id)));
  await callerFor(stage.s, admin).caller.payouts.update({
    id: line!.id,
    status: 'forfeited',
    reason: 'Not claimed',
  });
});

describe('a forfeited prize', () => {
  it('the organiser passes it to the next place from the contest page', async () => {
    const page = await stage.pageAs(organiser);
    await page.goto(stage.url(`/contests/${slug}`));
    const forfeits = page.getByRole('region', { name: 'Forfeited prizes' });
    await forfeits.getByText('forfeit_winner: 1st place, 500 USDT').waitFor();
    await forfeits
      .getByRole('button', { name: "Pass forfeit_winner's prize to the next place" })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Pass the prize to the next place?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Pass to the next place' }).click();
    await closeToast(page, 'Prize passed on');
    await forfeits.getByText('Passed to the next place').waitFor();
    expect(await forfeits.getByRole('button', { name: /to the next place/ }).count()).toBe(0);

    // The new winner sees the prize on the contest page.
    const thirdPage = await stage.pageAs(third);
    await thirdPage.goto(stage.url(`/contests/${slug}`));
    await expectText(thirdPage, '500 USDT');
  });
});
