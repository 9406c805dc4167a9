// A trading contest in Chromium (issue 34 'Done when'): an Open forex contest scored from
// statements under a 10 % maximum drawdown, its window June 2023 to the end of 2024 (so the real
// MT5 report of June 2023 and the MT4 statement of March 2024 fall inside it). Three traders
// upload from the contest page: the MT4 statement (its cancelled order carries the trader's
// code: ownership proven, counted at once), the real MT5 report (no code: ownership not proven,
// awaiting review) and a CSV carrying the trader's code whose 15 % drawdown disqualifies it,
// the ticket shown on the board. The organiser approves the MT5 statement in the review list;
// another open page's board follows each step without a reload; the organiser then freezes and
// confirms the results, whose final places are the board's.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { contestParticipants, tradingOwnershipCodes } from '../../src/server/platform/db/schema';
import { saveTradingRules } from '../../src/server/domain/trading';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { TRADING_FIXTURES } from '../helpers/tradingFixtures';
import { expectText } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1400, height: 900 } });

const MT5 = `${TRADING_FIXTURES}/mt5-report-70358000-en.html`;
const MT4 = `${TRADING_FIXTURES}/mt4-statement.html`;
/** The code the MT4 fixture's cancelled buy limit carries in its comment. */
const MT4_CODE = 'CP-7F3K9Q';

/**
 * A CSV in the documented layout: 1,000 funded, a 150 loss (15 % from the peak, over the 10 %
 * limit) on ticket 9002, the trader's code in its comment, then a 40 win.
 */
function csvWithDrawdown(code: string): Buffer {
  return Buffer.from(
    [
      '# account: 88001234',
      '# server: Broker-Demo',
      '# currency: USD',
      '# name: Carol Trader',
      'type,ticket,symbol,side,volume,open_time,open_price,close_time,close_price,commission,swap,profit,comment',
      'balance,9001,,,,,,2024-03-01 09:00:00,,,,1000.00,Deposit',
      `trade,9002,EURUSD,buy,0.10,2024-03-04 10:00:00,1.08500,2024-03-04 12:00:00,1.07000,0.00,0.00,-150.00,${code}`,
      'trade,9003,EURUSD,sell,0.10,2024-03-05 10:00:00,1.08000,2024-03-05 12:00:00,1.07600,0.00,0.00,40.00,',
      '',
    ].join('\n'),
  );
}

let organiser: CreatedUser;
let mt5Trader: CreatedUser;
let mt4Trader: CreatedUser;
let csvTrader: CreatedUser;
let contestId: number;

beforeEach(async () => {
  const db = stage.s.db;
  organiser = await createUser(db, { username: 'fx_organiser' });
  mt5Trader = await createUser(db, { username: 'fx_mt5' });
  mt4Trader = await createUser(db, { username: 'fx_mt4' });
  csvTrader = await createUser(db, { username: 'fx_csv' });
  const contest = await insertContest(db, {
    createdBy: organiser.id,
    status: 'active',
    title: 'Forex Summer Challenge',
    category: 'forex',
    format: 'open',
    enableLeaderboard: true,
    registrationDeadline: new Date('2023-06-01T00:00:00Z'),
    startDate: new Date('2023-06-01T00:00:00Z'),
    endDate: new Date('2024-12-31T23:59:00Z'),
  });
  contestId = contest.id;
  // The rules as the organiser sets them (the wizard and the Edit dialog are tested elsewhere).
  await saveTradingRules(
    db,
    organiser,
    { contestId, maxDrawdownPct: 10 },
    { privateDir: stage.s.deps.privateDir },
  );
  const joined = await db
    .insert(contestParticipants)
    .values([
      { contestId, userId: mt5Trader.id },
      { contestId, userId: mt4Trader.id },
      { contestId, userId: csvTrader.id },
    ])
    .returning({ id: contestParticipants.id, userId: contestParticipants.userId });
  // The MT4 trader was given the code the fixture's cancelled order carries.
  const mt4Entry = joined.find((j) => j.userId === mt4Trader.id)!;
  await db
    .insert(tradingOwnershipCodes)
    .values({ participantId: mt4Entry.id, contestId, code: MT4_CODE });
});

const statementOf = (page: Page) => page.getByRole('region', { name: 'Your statement' });

async function uploadFrom(
  page: Page,
  file: string | { name: string; mimeType: string; buffer: Buffer },
) {
  await page.goto(stage.url(`/contests/${contestId}`));
  const section = statementOf(page);
  await section.getByText('Your ownership code').waitFor();
  await section.getByLabel('Statement file').setInputFiles(file);
  await section.getByRole('button', { name: 'Upload statement' }).click();
  await expectText(page, 'Statement received');
  return section;
}

/** The board's body rows' texts, in order. */
async function boardRows(board: Locator): Promise<string[]> {
  const rows = board.getByRole('row');
  const count = await rows.count();
  const texts: string[] = [];
  for (let i = 1; i < count; i++) texts.push((await rows.nth(i).textContent()) ?? '');
  return texts;
}

async function waitForRows(board: Locator, names: string[]) {
  await expect
    .poll(async () => (await boardRows(board)).map((t) => names.find((n) => t.includes(n))), {
      timeout: 15_000,
    })
    .toEqual(names);
}

describe('a trading contest', () => {
  it('takes three statements, disqualifies, reviews, ranks live and ends with final places', async () => {
    // Another page holds the board open on /leaderboard the whole time: it never reloads.
    const watcher = await stage.pageAs(organiser);
    await watcher.goto(stage.url(`/leaderboard?contest=${contestId}`));
    const board = watcher.getByRole('table', { name: 'Trading board of Forex Summer Challenge' });
    await board.getByText('No statement counted yet.').waitFor();
    // A mark a reload would wipe: the board below changes under it.
    await watcher.evaluate(() => {
      (window as unknown as { stillOpen: boolean }).stillOpen = true;
    });

    // The MT4 trader: the code the statement carries, proven, counted at once.
    const mt4 = await stage.pageAs(mt4Trader);
    const mt4Section = await uploadFrom(mt4, MT4);
    await mt4Section.getByLabel(`Ownership code ${MT4_CODE}`).waitFor();
    const latest = mt4Section.getByRole('region', {
      name: 'Your latest statement (the one that counts)',
    });
    await latest.getByText('Ownership proven').waitFor();
    await latest.getByText('2090417', { exact: true }).waitFor();
    await latest.getByText('Jane Trader', { exact: true }).waitFor();
    await latest.getByText('Counted', { exact: true }).waitFor();
    await mt4Section
      .getByRole('table', { name: 'My statements' })
      .getByText('Counts', { exact: true })
      .waitFor();
    await waitForRows(board, ['fx_mt4']);

    // The MT5 trader: the real report, no code in it: awaiting the organiser.
    const mt5 = await stage.pageAs(mt5Trader);
    const mt5Section = await uploadFrom(mt5, MT5);
    const mt5Latest = mt5Section.getByRole('region', {
      name: 'Your latest statement (the one that counts)',
    });
    await mt5Latest.getByText('Ownership not proven — the organiser will review it').waitFor();
    await mt5Latest.getByText('70358000', { exact: true }).waitFor();
    await mt5Latest.getByText('MetaQuotes-Demo', { exact: true }).waitFor();
    await mt5Latest.getByText('-50.84 EUR', { exact: true }).waitFor();
    await mt5Latest.getByText('Awaiting review', { exact: true }).waitFor();
    await waitForRows(board, ['fx_mt4', 'fx_mt5']);
    const pendingRow = board.getByRole('row').filter({ hasText: 'fx_mt5' });
    await pendingRow.getByText('Awaiting review', { exact: true }).waitFor();

    // The CSV trader: their own code in the comment, a drawdown over the limit.
    const csv = await stage.pageAs(csvTrader);
    await csv.goto(stage.url(`/contests/${contestId}`));
    const codeLabel = await statementOf(csv)
      .getByLabel(/^Ownership code CP-/)
      .getAttribute('aria-label');
    const code = codeLabel!.replace('Ownership code ', '');
    const csvSection = await uploadFrom(csv, {
      name: 'trades.csv',
      mimeType: 'text/csv',
      buffer: csvWithDrawdown(code),
    });
    const csvLatest = csvSection.getByRole('region', {
      name: 'Your latest statement (the one that counts)',
    });
    await csvLatest.getByText('Ownership proven').waitFor();
    await csvLatest.getByRole('list', { name: 'Rules broken' }).getByText(/9002/).waitFor();
    await waitForRows(board, ['fx_mt4', 'fx_mt5', 'fx_csv']);
    const dqRow = board.getByRole('row').filter({ hasText: 'fx_csv' });
    await dqRow.getByText('Disqualified').waitFor();
    await dqRow.getByRole('button', { name: 'Why fx_csv is disqualified' }).click();
    await dqRow.getByRole('list', { name: "fx_csv's breaches" }).getByText(/9002/).waitFor();

    // The organiser approves the MT5 statement in the review list.
    const org = await stage.pageAs(organiser);
    await org.goto(stage.url(`/contests/${contestId}`));
    const review = org.getByRole('region', { name: 'Statements review' });
    const reviewTable = review.getByRole('table', { name: "Each trader's latest statement" });
    const mt5Line = reviewTable.getByRole('row').filter({ hasText: 'fx_mt5' });
    await mt5Line.getByText('Not proven').waitFor();
    await mt5Line.getByRole('button', { name: "Actions for fx_mt5's statement" }).click();
    await org.getByRole('menuitem', { name: 'View trades' }).click();
    const trades = org.getByRole('dialog', { name: "Trades of fx_mt5's statement" });
    await trades.getByText('Page 1 of 14').waitFor();
    await trades.getByRole('button', { name: 'Close dialog' }).click();
    await trades.waitFor({ state: 'hidden' });
    // Focus comes back to the menu's button once the dialog is gone; a menu opened before that
    // would close as the focus moves.
    const mt5Actions = mt5Line.getByRole('button', { name: "Actions for fx_mt5's statement" });
    await expect.poll(() => mt5Actions.evaluate((el) => el === document.activeElement)).toBe(true);
    await mt5Actions.click();
    await org.getByRole('menuitem', { name: 'Approve' }).click();
    const approve = org.getByRole('dialog', { name: 'Approve statement' });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expectText(org, 'Statement approved');
    await mt5Line.getByText('Approved').waitFor();

    // The board, live: the MT5 report's -0.51 % return ranks above the MT4's -1.40 %, the
    // disqualified trader last.
    await expect
      .poll(async () => (await boardRows(board))[0] ?? '', { timeout: 15_000 })
      .toContain('fx_mt5');
    const rows = await boardRows(board);
    expect(rows.map((t) => ['fx_mt5', 'fx_mt4', 'fx_csv'].find((n) => t.includes(n)))).toEqual([
      'fx_mt5',
      'fx_mt4',
      'fx_csv',
    ]);
    expect(rows[0]).toContain('-50.84');
    expect(rows[0]).toContain('-0.51 %');
    expect(rows[0]).toContain('658/658');
    expect(rows[1]).toContain('-1.40 %');
    expect(rows[2]).toContain('Disqualified');
    expect(
      await watcher.evaluate(() => (window as unknown as { stillOpen?: boolean }).stillOpen),
    ).toBe(true);

    // The end: the organiser freezes and confirms the results; the places are the board's.
    const results = org.getByRole('region', { name: 'Results' });
    await results.getByRole('button', { name: 'Freeze results' }).click();
    await expectText(org, 'Results frozen');
    await results.getByRole('button', { name: 'Confirm results' }).click();
    const confirm = org.getByRole('alertdialog', { name: 'Confirm the results?' });
    await confirm.getByRole('button', { name: 'Confirm results' }).click();
    await expectText(org, 'Results confirmed');
    const standings = results.getByRole('table', { name: 'Final standings' });
    await standings.waitFor();
    expect(await standings.getByRole('row').nth(1).textContent()).toContain('fx_mt5');
    expect(await standings.getByRole('row').nth(2).textContent()).toContain('fx_mt4');
  });
});
