// Issue 30's 'Done when', in Chromium on a fresh install: an organiser sets a pool prize on a paid
// knockout in the Edit Contest dialog; eight members pay (their proofs verified) and play; the
// bracket ends; the organiser confirms the results on the contest page; the three winners are
// told; the one without a payout method adds one from the prompt; one admin approves each line
// and another marks each sent with a transaction hash; the winners see 'Sent' with the explorer
// link, and the Payouts CSV matches the lines. Then the same on a scored leaderboard with a tie
// for 2nd (the two share the prizes of 2nd and 3rd). Payments and matches, which other suites
// drive in the browser, go through the procedures here.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  contestParticipants,
  notifications,
  payoutMethods,
} from '../../src/server/platform/db/schema';
import type { TPrizeTable } from '../../src/shared/schemas/prizes';
import { createInput, DAY, insertContest } from '../helpers/contests';
import { callerFor, createUser, type CreatedUser } from '../helpers/db';
import { configureNetwork, sendProofAs, txHash } from '../helpers/payments';
import { expectText } from './flows';
import { standaloneStage } from './stage';
import { closeRegistration, createPlayers, reportFirstReady } from './tournamentData';

const stage = standaloneStage({}, { viewport: { width: 1440, height: 900 } });

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

const resultsOf = (page: Page) => page.getByRole('region', { name: 'Results' });
const rowOf = (page: Page, username: string) => page.getByRole('row').filter({ hasText: username });

/** A crypto payout method stored for `user` (what Account Settings saves). */
async function walletFor(user: CreatedUser) {
  await stage.s.db.insert(payoutMethods).values({
    userId: user.id,
    paymentMethod: 'crypto',
    cryptoCurrency: 'USDT',
    cryptoAddress: WALLET,
  });
}

/** The organiser confirms from the contest page: frozen first when the freeze job has not yet. */
async function confirmResults(page: Page, contestId: number) {
  await page.goto(stage.url(`/contests/${contestId}`));
  const results = resultsOf(page);
  await results.getByRole('heading', { name: 'Results', level: 2 }).waitFor();
  await results.getByRole('button', { name: 'Confirm results' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirm the results?' });
  await dialog.getByRole('button', { name: 'Confirm results' }).click();
  await expectText(page, 'Results confirmed');
  await results.getByText('Confirmed', { exact: true }).waitFor();
  return results;
}

/** One admin approves every line of the contest; another marks each sent with a fresh hash. */
async function payEveryLine(
  approver: CreatedUser,
  sender: CreatedUser,
  contestId: number,
  winners: CreatedUser[],
): Promise<Map<string, string>> {
  const first = await stage.pageAs(approver);
  await first.goto(stage.url(`/admin/payouts?contestId=${contestId}`));
  await first.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
  for (const winner of winners) {
    const row = rowOf(first, winner.username);
    await row.getByText('Ready').waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await first
      .getByRole('alertdialog', { name: 'Approve payout' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await row.getByText('Approved', { exact: true }).waitFor();
  }
  const second = await stage.pageAs(sender);
  await second.goto(stage.url(`/admin/payouts?contestId=${contestId}`));
  await second.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
  const hashes = new Map<string, string>();
  for (const winner of winners) {
    const row = rowOf(second, winner.username);
    await row.getByRole('button', { name: 'Mark sent' }).click();
    const dialog = second.getByRole('dialog', { name: 'Mark payout sent' });
    const hash = txHash();
    await dialog.getByLabel('Transaction hash or reference').fill(hash);
    await dialog.getByRole('button', { name: 'Mark sent' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Sent', { exact: true }).waitFor();
    hashes.set(winner.username, hash);
  }
  return hashes;
}

/** The Payouts CSV of the contest, fetched as the page's link does, one object per line. */
async function csvLines(page: Page, contestId: number): Promise<Record<string, string>[]> {
  const text = await page.evaluate(
    async (href) => (await fetch(href)).text(),
    `/api/payouts.csv?contestId=${contestId}`,
  );
  const [header, ...rows] = text.trim().split(/\r\n/);
  const split = (line: string) =>
    [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)]
      .map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'))
      .slice(0, header!.split(',').length);
  const names = split(header!);
  return rows.map((row) => Object.fromEntries(split(row).map((v, i) => [names[i]!, v])));
}

/** The winner sees their line sent, with the explorer's link to the transaction. */
async function seesSent(winner: CreatedUser, contestId: number, text: string, hash: string) {
  const page = await stage.pageAs(winner);
  await page.goto(stage.url(`/contests/${contestId}`));
  const prize: Locator = resultsOf(page).getByRole('region', { name: 'Your prize' });
  await prize.getByText(text, { exact: false }).waitFor();
  const link = prize.getByRole('link', { name: /View transaction/ });
  expect(await link.getAttribute('href')).toContain(hash.slice(2));
}

/** The 'results confirmed' notices a member has. */
async function resultNotices(user: CreatedUser) {
  return stage.s.db
    .select({ body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'results_confirmed')));
}

describe('the end of a contest, paid out', () => {
  it('a paid knockout with a pool prize: confirmed, told, paid, and the CSV matches', async () => {
    const { s } = stage;
    const organiser = await createUser(s.db, { role: 'admin', username: 'day30_org' });
    const sender = await createUser(s.db, { role: 'admin', username: 'day30_sender' });
    const moderator = await createUser(s.db, { role: 'moderator', username: 'day30_mod' });
    const players = await createPlayers(s.db, 'day30_p', 8);
    await configureNetwork(s.db, 'ETH');
    const created = await callerFor(s, organiser).caller.contests.create({
      ...createInput({
        title: 'Harbour Paid Knockout',
        format: 'knockout',
        maxParticipants: 8,
        participationType: 'paid',
        entryFee: 25,
        registrationDeadline: new Date(Date.now() + DAY),
        startDate: new Date(Date.now() + 2 * DAY),
        endDate: new Date(Date.now() + 9 * DAY),
        tournament: { thirdPlaceMatch: true },
      } as Parameters<typeof createInput>[0]),
      status: 'active',
    });
    const contestId = created.id;

    // The organiser sets the pool in the Edit Contest dialog: half the fees, 50/30/20.
    const page = await stage.pageAs(organiser);
    await page.goto(stage.url(`/contests/${contestId}`));
    await page.getByRole('button', { name: /^Edit/ }).first().click();
    const edit = page.getByRole('dialog', { name: 'Edit Contest' });
    await edit.getByLabel('Winnings by place').selectOption({ label: 'Prize pool' });
    await edit.getByLabel('Percent of entry fees').fill('50');
    const shares = ['50', '30', '20'];
    for (const [i, share] of shares.entries()) {
      if (i > 0) await edit.getByRole('button', { name: 'Add row' }).click();
      const row = edit.getByRole('group', { name: `Row ${i + 1}` });
      await row.getByLabel('From place').fill(String(i + 1));
      await row.getByLabel('To place').fill(String(i + 1));
      await row.getByLabel('Share of the pool (%)').fill(share);
    }
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'The contest has been updated successfully.');

    // Eight members pay; a moderator verifies each proof, which admits them.
    const asModerator = callerFor(s, moderator).caller;
    for (const player of players) {
      const proof = await sendProofAs(s, player, { contestId });
      await asModerator.payments.review({ id: proof.id, status: 'verified' });
    }
    await page.reload();
    await page
      .getByRole('region', { name: 'Prizes' })
      .getByText(/100 USDT/)
      .first()
      .waitFor();

    // The bracket is played to its end (the top seed of each match wins 2-1).
    const fixture = { contestId, slug: created.slug, organiser, players };
    await closeRegistration(s, fixture);
    await callerFor(s, organiser).caller.tournaments.generate({ contestId, seeding: 'random' });
    while (await reportFirstReady(s, fixture)) {
      // until no match is ready
    }

    const results = await confirmResults(page, contestId);
    const standings = results.getByRole('table', { name: 'Final standings' });
    const rows = standings.getByRole('row');
    expect(await rows.nth(1).textContent()).toContain('50 USDT');
    expect(await rows.nth(2).textContent()).toContain('30 USDT');
    expect(await rows.nth(3).textContent()).toContain('20 USDT');
    const byName = new Map(players.map((p) => [p.username, p]));
    const winners: CreatedUser[] = [];
    for (let i = 1; i <= 3; i++) {
      const text = (await rows.nth(i).textContent()) ?? '';
      winners.push([...byName.values()].find((p) => text.includes(p.username))!);
    }

    // The three winners are told their place and prize.
    for (const [i, winner] of winners.entries()) {
      const told = await resultNotices(winner);
      expect(told.length).toBe(1);
      expect(told[0]!.link).toContain(created.slug);
      expect(told[0]!.body).toContain(`${['50', '30', '20'][i]} USDT`);
    }

    // Two save a payout method as Account Settings does; the third adds one when asked, from the
    // contest page's prompt.
    for (const winner of winners.slice(0, 2)) {
      await callerFor(s, winner).caller.account.updatePayment({
        userId: winner.id,
        paymentMethod: 'crypto',
        cryptoCurrency: 'USDT',
        cryptoAddress: WALLET,
      });
    }
    const third = await stage.pageAs(winners[2]!);
    await third.goto(stage.url(`/contests/${contestId}`));
    const prize = resultsOf(third).getByRole('region', { name: 'Your prize' });
    await prize.getByText('Awaiting payout method', { exact: false }).waitFor();
    await prize.getByRole('link', { name: 'Add a payout method' }).click();
    await third.getByRole('combobox', { name: 'Payment Method' }).selectOption('crypto');
    await third.getByRole('combobox', { name: 'Cryptocurrency' }).selectOption('USDT');
    await third.getByLabel('Wallet Address').fill(WALLET);
    await third.getByRole('button', { name: 'Save Payment Method' }).click();
    await third.goto(stage.url(`/contests/${contestId}`));
    await prize.getByText('3rd place, 20 USDT: Ready').waitFor();

    const hashes = await payEveryLine(organiser, sender, contestId, winners);
    for (const [i, winner] of winners.entries()) {
      const place = ['1st', '2nd', '3rd'][i];
      await seesSent(
        winner,
        contestId,
        `${place} place, ${shares[i]} USDT: Sent`,
        hashes.get(winner.username)!,
      );
    }

    // The CSV lists exactly these three lines, with their amounts and hashes.
    const lines = await csvLines(page, contestId);
    expect(lines).toHaveLength(3);
    for (const [i, winner] of winners.entries()) {
      const line = lines.find((l) => Object.values(l).includes(winner.username))!;
      expect(Object.values(line)).toContain(shares[i]);
      expect(Object.values(line)).toContain('USDT');
      expect(Object.values(line)).toContain('sent');
      expect(Object.values(line).join(' ')).toContain(hashes.get(winner.username)!.slice(2));
    }
  });

  it('a scored leaderboard with a tie for 2nd: the two share 2nd and 3rd', async () => {
    const { s } = stage;
    const organiser = await createUser(s.db, { role: 'admin', username: 'tie30_org' });
    const sender = await createUser(s.db, { role: 'admin', username: 'tie30_sender' });
    const players = await createPlayers(s.db, 'tie30_p', 4);
    const table: TPrizeTable = {
      kind: 'fixed',
      rows: [
        { from: 1, to: 1, amount: '300', currency: 'USDT' },
        { from: 2, to: 2, amount: '200', currency: 'USDT' },
        { from: 3, to: 3, amount: '100', currency: 'USDT' },
      ],
    };
    const contest = await insertContest(s.db, {
      createdBy: organiser.id,
      status: 'active',
      title: 'Harbour Tie Board',
      format: 'open',
      registrationDeadline: new Date(Date.now() - 3 * DAY),
      startDate: new Date(Date.now() - 2 * DAY),
      endDate: new Date(Date.now() - 60 * 60 * 1000),
      prizeTable: table,
    });
    await s.db.insert(contestParticipants).values(
      [90, 80, 80, 70].map((score, i) => ({
        contestId: contest.id,
        userId: players[i]!.id,
        score,
      })),
    );
    for (const player of players) await walletFor(player);

    const page = await stage.pageAs(organiser);
    const results = await confirmResults(page, contest.id);
    const standings = results.getByRole('table', { name: 'Final standings' });
    for (const tied of players.slice(1, 3)) {
      const row = standings.getByRole('row').filter({ hasText: tied.username });
      expect(await row.textContent()).toContain('150 USDT');
    }
    expect(
      await standings.getByRole('row').filter({ hasText: players[3]!.username }).textContent(),
    ).not.toContain('USDT');

    const winners = players.slice(0, 3);
    const hashes = await payEveryLine(organiser, sender, contest.id, winners);
    await seesSent(
      players[1]!,
      contest.id,
      '2nd-3rd place, 150 USDT: Sent',
      hashes.get(players[1]!.username)!,
    );
    const lines = await csvLines(page, contest.id);
    expect(lines).toHaveLength(3);
    const amounts = lines.map((l) =>
      Object.values(l).find((v) => /^\d+$/.test(v) && v.length === 3),
    );
    expect(amounts.sort()).toEqual(['150', '150', '300']);
  });
});
