// Tournaments in a real browser (issue 19): an 8-player knockout from check-in to its champion
// (nine joined, eight checked in, one of them with the contest page's button; the bracket seeds
// those eight), run by the organiser through the generate dialog (a manual seeding reordered by
// keyboard) and the matches list, while a player on a phone watches the bracket fill in live
// without a reload; a refused edit of an early result told in a toast; 'My next match' on the
// dashboard; and a league whose standings table follows the results. The contest (with its
// format settings), the joins, the other check-ins and the closing of registration go through
// the procedures (tournamentData.ts).
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callerFor, createUser } from '../helpers/db';
import { expectText } from './flows';
import { standaloneStage } from './stage';
import {
  closeRegistration,
  createPlayers,
  generatedTournament,
  openTournament,
  reportFirstReady,
} from './tournamentData';

const stage = standaloneStage();
const PHONE = { width: 390, height: 844 };

/** Whether the page scrolls sideways (it must not: only the bracket's own region may). */
async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
  );
}

/** axe's serious and critical findings on the page as it is (an open dialog included). */
async function seriousFindings(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The names in the 'Report result of match N, A vs B' button's label. */
function sidesOf(label: string): [string, string] {
  const match = /, (.+) vs (.+)$/.exec(label);
  if (!match) throw new Error(`no sides in '${label}'`);
  return [match[1]!, match[2]!];
}

async function reportThroughDialog(page: Page, a: string, b: string, scores: [string, string]) {
  const dialog = page.getByRole('dialog', { name: 'Report result' });
  await dialog.waitFor();
  await dialog.getByLabel(`Score of ${a}`).fill(scores[0]);
  await dialog.getByLabel(`Score of ${b}`).fill(scores[1]);
  await dialog.getByRole('button', { name: 'Report result' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('a knockout', () => {
  it('runs from check-in to its champion, watched live by a player on a phone', async () => {
    const { s } = stage;
    const organiser = await createUser(s.db, { role: 'admin', username: 'e2e_ko_admin' });
    // Nine join; e2e_ko9 will not check in.
    const players = await createPlayers(s.db, 'e2e_ko', 9);
    const absent = players[8]!;
    // It starts in half an hour with a check-in window of an hour: the window is open now.
    const fixture = await openTournament(s, {
      organiser,
      players,
      format: 'knockout',
      title: 'Bracket Cup',
      settings: { checkInMinutes: 60 },
      startsInMs: 30 * 60_000,
    });
    await closeRegistration(s, fixture);

    // Seven check in through the procedure, ...
    for (const player of players.slice(1, 8)) {
      await callerFor(s, player).caller.checkIn.checkIn({ contestId: fixture.contestId });
    }
    // ... and a player on a phone with the contest page's button; they then watch the page from
    // before the bracket exists.
    const watcher = await stage.pageAs(players[0]!, { viewport: PHONE });
    await watcher.goto(stage.url(`/contests/${fixture.contestId}`));
    const checkInCard = watcher.getByRole('region', { name: 'Check-in' });
    await checkInCard.getByText('Check-in is open until the start.').waitFor();
    await checkInCard.getByText('7 of 9 checked in').waitFor();
    await checkInCard.getByRole('button', { name: 'Check in' }).click();
    await checkInCard.getByText('8 of 9 checked in').waitFor();
    await checkInCard.getByText(/^You checked in at /).waitFor();
    await expectText(watcher, 'The bracket has not been generated yet.');
    // Registration has closed and the start is half an hour off (the one lifecycle).
    const phase = (p: Page) => p.getByRole('group', { name: 'Contest status' });
    await phase(watcher).getByText('Starting soon', { exact: true }).waitFor();
    await watcher.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    // The organiser sees who checked in, and generates the bracket of those eight, seeded by
    // hand: the last seed moved up twice with the keyboard.
    const page = await stage.pageAs(organiser);
    await page.goto(stage.url(`/contests/${fixture.contestId}`));
    const roster = page.getByRole('region', { name: 'Check-in' });
    await roster.getByText('8 of 9 checked in').waitFor();
    expect(await roster.getByRole('listitem').count()).toBe(8);
    await page.getByRole('button', { name: 'Generate bracket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate bracket' });
    await dialog.waitFor();
    await dialog.getByText(/^8 participants\./).waitFor();
    await dialog.getByText('Manual order').click();
    const order = dialog.getByRole('list', { name: 'Seeding order, best seed first' });
    await order.waitFor();
    const names = async () =>
      (await order.getByRole('listitem').allInnerTexts()).map((t) =>
        t.replace(/^\d+\.\s*/, '').trim(),
      );
    const before = await names();
    expect(before).toHaveLength(8);
    expect(before).not.toContain(absent.username);
    const last = before[7]!;
    await dialog.getByRole('button', { name: `Move ${last} up` }).focus();
    await page.keyboard.press('Enter');
    await expectText(page, `${last} moved to seed 7 of 8`);
    // The focus stayed on the moved row's button: Enter again moves it once more.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Move ${last} up`);
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual([...before.slice(0, 5), last, before[5], before[6]]);
    await expectText(page, `${last} moved to seed 6 of 8`);
    await dialog.getByRole('button', { name: 'Generate bracket' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectText(page, 'Bracket generated');
    const seeded = await callerFor(s, organiser).caller.tournaments.bracket({
      contestId: fixture.contestId,
    });
    expect(seeded.generated).toBe(true);
    const seededNames = seeded.stages[0]!.groups[0]!.rounds[0]!.matches.flatMap((m) =>
      m.participants.map((p) => p?.name),
    );
    expect(seededNames.sort()).toEqual(
      players
        .slice(0, 8)
        .map((p) => p.username)
        .sort(),
    );

    // The watcher's page shows the bracket without a reload, and their dashboard their match.
    await watcher.getByRole('heading', { name: 'Quarter-finals' }).first().waitFor();
    const dashboard = await stage.pageAs(players[1]!);
    await dashboard.goto(stage.url('/'));
    await dashboard.getByRole('heading', { name: 'My next match' }).waitFor();
    await expectText(dashboard, 'Bracket Cup');

    // The organiser sets a time for the first match; the watcher sees it on the bracket.
    await page
      .getByRole('button', { name: /^Schedule match 1, / })
      .first()
      .click();
    const schedule = page.getByRole('dialog', { name: 'Schedule match' });
    await schedule.getByLabel('Date and time').fill('2031-05-04T18:30');
    await schedule.getByRole('button', { name: 'Save schedule' }).click();
    await schedule.waitFor({ state: 'hidden' });
    await expectText(watcher, /Scheduled May 4, 2031, 18:30/);

    // Six results through the matches list; each lands on the watcher's phone.
    let lastSemi: [string, string] = ['', ''];
    for (let played = 0; played < 6; played++) {
      const report = page.getByRole('button', { name: /^Report result of / }).first();
      await report.waitFor();
      const [a, b] = sidesOf((await report.getAttribute('aria-label'))!);
      await report.click();
      await reportThroughDialog(page, a, b, ['2', '1']);
      await expectText(page, `${a} 2 – 1 ${b}, ${a} won`);
      await expectText(watcher, `${a} 2 – 1 ${b}, ${a} won`);
      lastSemi = [a, b];
    }

    // The organiser starts to change a semi-final while the final is reported elsewhere: the
    // server refuses the change in words, shown in a toast.
    const [a, b] = lastSemi;
    await page.getByRole('button', { name: `Edit result of match 2, ${a} 2 – 1 ${b}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit result' });
    await edit.waitFor();
    await edit.getByLabel(`Score of ${a}`).fill('0');
    await edit.getByLabel(`Score of ${b}`).fill('3');
    const final = await reportFirstReady(s, fixture, { scores: [3, 0] });
    const champion = final!.participants[0]!.name!;
    const runnerUp = final!.participants[1]!.name!;
    await edit.getByRole('button', { name: 'Save result' }).click();
    await expectText(page, 'Result not saved');
    await expectText(
      page,
      'Later matches depend on this result and have been played: it can no longer be changed',
    );
    await page.keyboard.press('Escape');
    await expectText(watcher, `${champion} 3 – 0 ${runnerUp}, ${champion} won`);

    // The final placement above the bracket, on both pages; the watcher never reloaded.
    for (const p of [page, watcher]) {
      const placement = p.getByRole('region', { name: 'Final placement' });
      await placement.waitFor();
      expect(await placement.getByRole('listitem').first().innerText()).toMatch(
        new RegExp(`1st\\s+${champion}`),
      );
    }
    // The final completed the contest: both pages say so without a reload, and its leaderboard
    // reads as places under a 'Place' header (the losing semi-finalists share 3rd-4th).
    for (const p of [page, watcher]) {
      await phase(p).getByText('Completed', { exact: true }).waitFor();
      const board = p.getByRole('region', { name: 'Leaderboard' });
      await board.getByText('Place', { exact: true }).waitFor();
      const top = board.getByRole('list', { name: 'Top of the leaderboard of Bracket Cup' });
      await expect
        .poll(async () => top.getByRole('listitem').first().innerText())
        .toMatch(new RegExp(`${champion}[\\s\\S]*1st`));
      await top.getByText('3rd-4th', { exact: true }).first().waitFor();
    }
    expect(await watcher.getByRole('button', { name: 'Leave contest' }).count()).toBe(0);
    await expectText(watcher, /^Final place: (1st|2nd|3rd-4th|5th-8th)$/);
    // The player's dashboard, open since the start, follows too: the bracket is over, so the
    // 'My next match' card goes without a reload.
    await dashboard
      .getByRole('heading', { name: 'My next match' })
      .waitFor({ state: 'detached', timeout: 15_000 });
    const placed = await callerFor(s, organiser).caller.tournaments.bracket({
      contestId: fixture.contestId,
    });
    expect(placed.placement?.find((p) => p.place === 1)?.name).toBe(champion);
    expect(placed.placement?.find((p) => p.place === 2)?.name).toBe(runnerUp);
    expect(
      await watcher.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    expect(await pageScrollsSideways(watcher)).toBe(false);
    expect(await pageScrollsSideways(page)).toBe(false);
  }, 180_000);
});

describe('a league', () => {
  it('shows its standings after a few results, with the tie-breakers under them', async () => {
    const { s } = stage;
    // The creator, a member, runs it.
    const creator = await createUser(s.db, { username: 'e2e_lg_creator' });
    const players = await createPlayers(s.db, 'e2e_lg', 4);
    const fixture = await generatedTournament(s, {
      organiser: creator,
      players,
      format: 'league',
      title: 'League Cup',
    });
    // One result made through the procedures, two through the page.
    await reportFirstReady(s, fixture, { scores: [3, 3] });
    const page = await stage.pageAs(creator);
    await page.goto(stage.url(`/contests/${fixture.contestId}`));
    await page.getByRole('heading', { name: 'Standings' }).waitFor();
    const winners: string[] = [];
    for (let i = 0; i < 2; i++) {
      const report = page.getByRole('button', { name: /^Report result of / }).first();
      await report.waitFor();
      const [a, b] = sidesOf((await report.getAttribute('aria-label'))!);
      await report.click();
      await reportThroughDialog(page, a, b, ['4', '0']);
      winners.push(a);
      await expectText(page, `${a} 4 – 0 ${b}, ${a} won`);
    }

    // The table says what the server's standings say, row by row.
    const standings = await callerFor(s, creator).caller.tournaments.standings({
      contestId: fixture.contestId,
    });
    const rows = standings.groups[0]!.rows;
    const table = page.getByRole('table', { name: 'Standings' });
    await expect
      .poll(async () => (await table.getByRole('row').allInnerTexts()).length)
      .toBe(rows.length + 1);
    const shown = async () =>
      (await table.getByRole('row').allInnerTexts())
        .slice(1)
        .map((text) => text.split(/\s+/).filter(Boolean));
    await expect
      .poll(shown)
      .toEqual(
        rows.map((r) =>
          [
            r.rank,
            r.name,
            r.played,
            r.won,
            r.drawn,
            r.lost,
            r.for,
            r.against,
            r.difference,
            r.points,
          ].map(String),
        ),
      );
    // Each winner of a 4-0 has a win, worth the default 3 points; the 3-3 was a draw.
    for (const name of winners) {
      const row = rows.find((r) => r.name === name)!;
      expect(row.won).toBeGreaterThanOrEqual(1);
    }
    expect(rows.reduce((sum, r) => sum + r.drawn, 0)).toBe(2);
    expect(rows.reduce((sum, r) => sum + r.points, 0)).toBe(2 * 3 + 2 * 1);
    await expectText(
      page,
      'Ties are broken by points, then head-to-head, then difference, then for.',
    );
  }, 120_000);
});

describe('self-reported results', () => {
  it('are reported game by game, confirmed or disputed with both scores, and a moderator decides', async () => {
    const { s } = stage;
    const creator = await createUser(s.db, { username: 'e2e_sr_creator' });
    const moderator = await createUser(s.db, { role: 'moderator', username: 'e2e_sr_mod' });
    const players = await createPlayers(s.db, 'e2e_sr', 4);
    const fixture = await generatedTournament(s, {
      organiser: creator,
      players,
      format: 'knockout',
      title: 'Honour Cup',
      settings: { selfReport: true, bestOf: 3 },
    });
    const bracket = await callerFor(s, creator).caller.tournaments.bracket({
      contestId: fixture.contestId,
    });
    const semis = bracket.stages[0]!.groups[0]!.rounds[0]!.matches;
    const byName = new Map(players.map((p) => [p.username, p]));
    const sidesOfMatch = (i: number) =>
      semis[i]!.participants.map((p) => byName.get(p!.name!)!) as [
        (typeof players)[0],
        (typeof players)[0],
      ];

    // The first semi-final (best of 3): reported game by game by one side, confirmed by the other.
    const [first, second] = sidesOfMatch(0);
    const reporter = await stage.pageAs(first);
    await reporter.goto(stage.url(`/contests/${fixture.contestId}`));
    await reporter.getByRole('button', { name: /^Report result of / }).click();
    const report = reporter.getByRole('dialog', { name: 'Report result' });
    const games: [string, string][] = [
      ['11', '5'],
      ['11', '8'],
    ];
    for (const [i, [a, b]] of games.entries()) {
      await report.getByLabel(`Game ${i + 1}: ${first.username}`).fill(a);
      await report.getByLabel(`Game ${i + 1}: ${second.username}`).fill(b);
    }
    await expectText(reporter, `Match score: ${first.username} 2 – 0 ${second.username}`);
    await report.getByRole('button', { name: 'Report result' }).click();
    await report.waitFor({ state: 'hidden' });
    await expectText(reporter, 'Result reported');
    const opponent = await stage.pageAs(second);
    await opponent.goto(stage.url(`/contests/${fixture.contestId}`));
    await expectText(opponent, 'Waiting for confirmation');
    await opponent.getByRole('button', { name: /^Confirm result of / }).click();
    await expectText(opponent, 'Result confirmed');
    await expectText(reporter, `${first.username} 2 – 0 ${second.username}, ${first.username} won`);

    // The second: disputed with the disputer's own games and a reason; the moderator sees both
    // results, each under its author's name, and accepts the disputer's.
    const [third, fourth] = sidesOfMatch(1);
    await callerFor(s, third).caller.tournaments.report({
      matchId: semis[1]!.id,
      scores: [2, 0],
      games: [
        [11, 5],
        [11, 7],
      ],
    });
    const disputer = await stage.pageAs(fourth);
    await disputer.goto(stage.url(`/contests/${fixture.contestId}`));
    await disputer.getByRole('button', { name: /^Dispute result of / }).click();
    const dispute = disputer.getByRole('dialog', { name: 'Dispute result' });
    await dispute.waitFor();
    // Sent without a result of their own: the dialog asks for the games first.
    await dispute.getByRole('button', { name: 'Dispute result' }).click();
    await expectText(disputer, 'This match is best of 3: give the score of each game played');
    const theirs: [string, string][] = [
      ['11', '5'],
      ['7', '11'],
      ['9', '11'],
    ];
    for (const [i, [a, b]] of theirs.entries()) {
      await dispute.getByLabel(`Game ${i + 1}: ${third.username}`).fill(a);
      await dispute.getByLabel(`Game ${i + 1}: ${fourth.username}`).fill(b);
    }
    await dispute.getByLabel('Reason (optional)').fill('Wrong score: I won 2-1');
    expect(await seriousFindings(disputer)).toEqual([]);
    await dispute.getByRole('button', { name: 'Dispute result' }).click();
    await dispute.waitFor({ state: 'hidden' });
    await expectText(disputer, 'Result disputed');
    const reported = `${third.username} 2 – 0 ${fourth.username} (11–5, 11–7)`;
    const disputed = `${third.username} 1 – 2 ${fourth.username} (11–5, 7–11, 9–11)`;

    const mod = await stage.pageAs(moderator);
    await mod.goto(stage.url('/'));
    await mod.getByRole('link', { name: 'Disputed Matches' }).first().click();
    const queue = mod.getByRole('table', { name: 'Disputed matches' });
    const row = queue.getByRole('row').filter({ hasText: 'Honour Cup' });
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain(`${third.username}: ${reported}`);
    expect(rowText).toContain(`${fourth.username}: ${disputed}`);
    expect(rowText).toContain('“Wrong score: I won 2-1”');
    expect(await row.getByRole('link', { name: 'Honour Cup' }).getAttribute('href')).toBe(
      `/contests/${fixture.slug}`,
    );
    await row.getByRole('button', { name: /^Decide result of Honour Cup/ }).click();
    const decide = mod.getByRole('dialog', { name: 'Decide result' });
    await decide.waitFor();
    const sides = await decide.innerText();
    expect(sides).toContain(`Reported by ${third.username}`);
    expect(sides).toContain(reported);
    expect(sides).toContain(`Disputed by ${fourth.username}`);
    expect(sides).toContain(disputed);
    expect(sides).toContain('Reason: “Wrong score: I won 2-1”');
    expect(await seriousFindings(mod)).toEqual([]);
    await decide.getByText(`Accept ${fourth.username}'s result`).click();
    await decide.getByRole('button', { name: 'Decide result' }).click();
    await decide.waitFor({ state: 'hidden' });
    await expectText(mod, 'Result decided');
    await expectText(mod, 'There are no disputed matches.');
    await expectText(disputer, `${fourth.username} won`);
  }, 120_000);
});
