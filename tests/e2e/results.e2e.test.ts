// A contest's results in Chromium (issue 30, 'Closing a contest', 'Payouts', 'A certificate'): the
// organiser of a scored contest whose end has passed freezes its standings and confirms them from
// the contest page's Results; the winner then sees their prize there (with the prompt to add a
// payout method), the 'My winnings' card on their dashboard, and opens their certificate, which a
// visitor who is not signed in can open too; reopened with a reason, the certificate says it was
// withdrawn. A winner whose line was sent sees the transaction and confirms it arrived. A
// malformed code is the not-found notice.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { contestParticipants, payouts } from '../../src/server/platform/db/schema';
import type { TPrizeTable } from '../../src/shared/schemas/prizes';
import { DAY, insertContest } from '../helpers/contests';
import { callerFor, createUser, type CreatedUser } from '../helpers/db';
import { txHashFor } from '../helpers/payments';
import { expectText } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });

const PRIZES: TPrizeTable = {
  kind: 'fixed',
  rows: [
    { from: 1, to: 1, amount: '500', currency: 'USDT' },
    { from: 2, to: 2, amount: '300', currency: 'USDT' },
  ],
};

let organiser: CreatedUser;
let winner: CreatedUser;
let second: CreatedUser;
let third: CreatedUser;
let contestId: number;

beforeEach(async () => {
  const db = stage.s.db;
  organiser = await createUser(db, { username: 'results_organiser' });
  winner = await createUser(db, { username: 'results_winner' });
  second = await createUser(db, { username: 'results_second' });
  third = await createUser(db, { username: 'results_third' });
  // A scored board (format 'open') that started two days ago and ended an hour ago.
  const contest = await insertContest(db, {
    createdBy: organiser.id,
    status: 'active',
    title: 'Harbour Final Sprint',
    format: 'open',
    registrationDeadline: new Date(Date.now() - 3 * DAY),
    startDate: new Date(Date.now() - 2 * DAY),
    endDate: new Date(Date.now() - 60 * 60 * 1000),
    prize: 'USDT for the top two',
    prizeTable: PRIZES,
  });
  contestId = contest.id;
  await db.insert(contestParticipants).values([
    { contestId, userId: winner.id, score: 90 },
    { contestId, userId: second.id, score: 80 },
    { contestId, userId: third.id, score: 10 },
  ]);
});

const resultsOf = (page: Page) => page.getByRole('region', { name: 'Results' });

describe('the results of an ended contest', () => {
  it('the organiser freezes and confirms them; the winner sees their prize and certificate', async () => {
    const page = await stage.pageAs(organiser);
    await page.goto(stage.url(`/contests/${contestId}`));
    const results = resultsOf(page);
    await results.getByRole('heading', { name: 'Results', level: 2 }).waitFor();
    await results.getByText('Not final yet').waitFor();
    const standings = results.getByRole('table', { name: 'Standings so far' });
    await standings.waitFor();
    expect(await standings.getByRole('row').nth(1).textContent()).toContain('results_winner');
    expect(await standings.getByRole('row').nth(1).textContent()).toContain('500 USDT');

    await results.getByRole('button', { name: 'Freeze results' }).click();
    await expectText(page, 'Results frozen');
    await results.getByText('Frozen: awaiting confirmation').waitFor();
    await results.getByRole('table', { name: 'Final standings' }).waitFor();
    expect(await results.getByRole('button', { name: 'Freeze results' }).count()).toBe(0);

    await results.getByRole('button', { name: 'Confirm results' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm the results?' });
    await dialog.getByText('Every participant is told their final place.').waitFor();
    await dialog.getByRole('button', { name: 'Confirm results' }).click();
    await expectText(page, 'Results confirmed');
    await dialog.waitFor({ state: 'hidden' });
    await results.getByText('Confirmed', { exact: true }).waitFor();
    await results.getByRole('button', { name: 'Reopen results' }).waitFor();

    // The winner: their prize on the contest page, asked for a payout method, and the certificate.
    const mine = await stage.pageAs(winner);
    await mine.goto(stage.url(`/contests/${contestId}`));
    const prize = resultsOf(mine).getByRole('region', { name: 'Your prize' });
    await prize.getByText('1st place, 500 USDT: Awaiting payout method').waitFor();
    expect(
      await prize.getByRole('link', { name: 'Add a payout method' }).getAttribute('href'),
    ).toBe('/settings?tab=payment');
    expect(await resultsOf(mine).getByRole('button', { name: 'Confirm results' }).count()).toBe(0);

    await mine.goto(stage.url('/'));
    const winnings = mine.getByRole('region', { name: 'My winnings' });
    await winnings.getByText('1st place, 500 USDT: Awaiting payout method').waitFor();
    await winnings.getByRole('link', { name: 'Harbour Final Sprint' }).first().waitFor();

    await mine.goto(stage.url(`/contests/${contestId}`));
    await resultsOf(mine).getByRole('link', { name: 'View certificate' }).click();
    await mine.getByRole('heading', { name: 'Certificate of achievement', level: 1 }).waitFor();
    await expectText(mine, 'First place');
    await expectText(mine, 'results_winner');
    await mine.getByRole('button', { name: 'Print' }).waitFor();
    const code = new URL(mine.url()).pathname.split('/').pop()!;
    expect(await mine.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      `/api/certificates/${code}/pdf`,
    );

    // Anyone with the address verifies it, signed in or not.
    const visitor = await stage.anonymousPage();
    await visitor.goto(stage.url(`/certificates/${code}`));
    await visitor.getByRole('heading', { name: 'Certificate of achievement', level: 1 }).waitFor();
    await expectText(visitor, 'Harbour Final Sprint');
    await expectText(visitor, /^Verified by /);

    // Reopened with a reason (one too short is refused beside its field): the certificate is
    // withdrawn, and says so to whoever opens it.
    await results.getByRole('button', { name: 'Reopen results' }).click();
    const reopen = page.getByRole('dialog', { name: 'Reopen results' });
    await reopen.getByLabel('Reason').fill('no');
    await reopen.getByRole('button', { name: 'Reopen results' }).click();
    await reopen.getByText('Give a reason of at least 3 characters').waitFor();
    await reopen.getByLabel('Reason').fill('A score was entered wrong');
    await reopen.getByRole('button', { name: 'Reopen results' }).click();
    await expectText(page, 'Results reopened');
    await reopen.waitFor({ state: 'hidden' });
    await results.getByText('Not final yet').waitFor();
    await results.getByText('Reopened: A score was entered wrong').waitFor();
    await results.getByRole('button', { name: 'Freeze results' }).waitFor();
    await visitor.reload();
    await visitor.getByRole('alert').filter({ hasText: 'Withdrawn' }).waitFor();
    expect(await visitor.getByText(/^Verified by /).count()).toBe(0);
  });

  it('a winner whose payout was sent sees the transaction and confirms it arrived', async () => {
    await callerFor(stage.s, organiser).caller.results.confirm({ contestId });
    // The admins' two steps (approve, then sent by another admin) are the Payouts page's: here
    // the line is simply sent.
    const hash = txHashFor('ETH');
    await stage.s.db
      .update(payouts)
      .set({ status: 'sent', network: 'ETH', txHash: hash, sentAt: new Date() })
      .where(eq(payouts.userId, second.id));

    const page = await stage.pageAs(second);
    await page.goto(stage.url(`/contests/${contestId}`));
    const prize = resultsOf(page).getByRole('region', { name: 'Your prize' });
    await prize.getByText(`2nd place, 300 USDT: Sent, tx ${hash.slice(0, 6)}…`).waitFor();
    const explorer = prize.getByRole('link', { name: /^View transaction/ });
    expect(await explorer.getAttribute('href')).toContain(hash);
    await prize.getByRole('button', { name: 'Confirm received' }).click();
    await expectText(page, 'Payout received');
    await prize.getByText('2nd place, 300 USDT: Received, tx').waitFor();
    expect(await prize.getByRole('button', { name: 'Confirm received' }).count()).toBe(0);

    // The same line on Analytics.
    await page.goto(stage.url('/analytics'));
    const winnings = page.getByRole('region', { name: 'My winnings' });
    await winnings.getByText(/^2nd place, 300 USDT: Received/).waitFor();
  });

  it('a malformed or unknown certificate code is the not-found notice', async () => {
    const visitor = await stage.anonymousPage();
    await visitor.goto(stage.url('/certificates/1'));
    await visitor.getByRole('heading', { name: 'Certificate Not Found', level: 1 }).waitFor();
    await visitor.goto(stage.url('/certificates/ABCDEFGHJKLMNPQR'));
    await visitor.getByRole('heading', { name: 'Certificate Not Found', level: 1 }).waitFor();
  });
});
