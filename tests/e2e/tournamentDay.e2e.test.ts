// The organiser's whole tournament day in a real browser, on a fresh install (issue 29's 'Done
// when'): seven players join online and two are added by name at the venue; seven check in (one
// checked in by the organiser); 'Start now' drops the two no-shows (told), and the bracket of
// seven has its bye advanced and listed nowhere as a match; a best-of-3 result reported by a
// player is confirmed from 'My next match'; another is disputed and a moderator decides it with
// both scores in front of them; a player is disqualified in round 2 and their opponent advances;
// the champion and the places show as places; a player who opened the contest's link signed out
// lands on it after signing in. The organiser's steps go through the page; the players' own
// steps that other suites drive in the browser (joining, reporting) go through the procedures.
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callerFor, createUser, type CreatedUser } from '../helpers/db';
import { expectText, pathOf } from './flows';
import { standaloneStage } from './stage';
import { addPlayer, checkInFor, openPlayers, playerRow } from './rosterFlows';
import { createPlayers, openTournament } from './tournamentData';

const stage = standaloneStage();

/** axe's serious and critical findings on the page as it is (an open dialog included). */
async function seriousFindings(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('a tournament day', () => {
  it('runs from the player list at the venue to the final places', async () => {
    const { s } = stage;
    const organiser = await createUser(s.db, { username: 'e2e_day_org' });
    const moderator = await createUser(s.db, { role: 'moderator', username: 'e2e_day_mod' });
    const online = await createPlayers(s.db, 'e2e_day', 7);
    const walkIns = [
      await createUser(s.db, { username: 'e2e_walkin1' }),
      await createUser(s.db, { username: 'e2e_walkin2' }),
    ];
    const everyone = [...online, ...walkIns];
    const byName = new Map<string, CreatedUser>(everyone.map((p) => [p.username, p]));
    // It starts in half an hour with a check-in window of an hour: the window is open now, and
    // registration is open until the start.
    const fixture = await openTournament(s, {
      organiser,
      players: online,
      format: 'knockout',
      title: 'Venue Cup',
      settings: { checkInMinutes: 60, selfReport: true, bestOf: 3 },
      startsInMs: 30 * 60_000,
    });
    const contestPath = `/contests/${fixture.contestId}`;
    const asOrganiser = callerFor(s, organiser).caller;

    // The organiser's tools sit at the top of the page; the two walk-ins are added by name.
    const page = await stage.pageAs(organiser);
    await page.goto(stage.url(contestPath));
    const tools = page.getByRole('region', { name: 'Organiser tools' });
    await tools.waitFor();
    const about = page.getByRole('heading', { name: 'About this contest' });
    await about.waitFor();
    const order = await tools.evaluate(
      (region, other) => region.compareDocumentPosition(other as Node),
      await about.elementHandle(),
    );
    expect(order & 4).toBe(4); // 'About this contest' follows the tools
    const players = await openPlayers(page);
    for (const walkIn of walkIns) {
      await addPlayer(page, walkIn.username);
      await playerRow(players, walkIn.username).waitFor();
    }
    // An unknown name is refused in the form, in words.
    await players.getByLabel('Username').fill('nobody_by_that_name');
    await players.getByRole('button', { name: 'Add player' }).click();
    await players.getByText("No member is called 'nobody_by_that_name'").waitFor();
    expect(await seriousFindings(page)).toEqual([]);
    await players.getByLabel('Username').fill('');

    // Six check in on their own; the organiser checks in the first walk-in for them. The last
    // online player and the second walk-in do not come.
    for (const player of online.slice(0, 6)) {
      await callerFor(s, player).caller.checkIn.checkIn({ contestId: fixture.contestId });
    }
    await checkInFor(page, walkIns[0]!.username);
    await players.getByRole('button', { name: `Check out ${walkIns[0]!.username}` }).waitFor();
    const noShows = [online[6]!, walkIns[1]!];

    // Start now: registration closes, the two no-shows are dropped (told), the bracket is made.
    await tools.getByRole('button', { name: 'Start now' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Start the contest now?' });
    await confirm.getByRole('button', { name: 'Start now' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expectText(page, '2 players dropped for not checking in.');
    for (const noShow of noShows) {
      await playerRow(players, noShow.username).getByText('Did not check in').waitFor();
      const told = await callerFor(s, noShow).caller.notifications.list({});
      expect(told.items.map((n) => n.kind)).toContain('checkin_missed');
    }
    const roster = await asOrganiser.roster.list({ contestId: fixture.contestId });
    expect(roster.participants).toBe(7);
    expect(
      roster.players
        .filter((p) => p.state === 'no_show')
        .map((p) => p.username)
        .sort(),
    ).toEqual(noShows.map((p) => p.username).sort());

    // A bracket of seven: the bye is advanced and listed nowhere as a match to play.
    const bracket = await asOrganiser.tournaments.bracket({ contestId: fixture.contestId });
    expect(bracket.generated).toBe(true);
    const firstRound = bracket.stages[0]!.groups[0]!.rounds[0]!.matches;
    const seeded = firstRound.flatMap((m) =>
      m.participants.filter((p) => p?.name).map((p) => p!.name),
    );
    expect(seeded.sort()).toEqual(
      everyone
        .filter((p) => !noShows.includes(p))
        .map((p) => p.username)
        .sort(),
    );
    const listed = await asOrganiser.tournaments.matches({ contestId: fixture.contestId });
    for (const match of listed) expect(match.participants.every((p) => p !== null)).toBe(true);
    await page.getByText('Bye', { exact: true }).first().waitFor();

    // Round one's three matches. The first: reported 2-1 by a player, confirmed by the opponent
    // from 'My next match' on their dashboard.
    const ready = await asOrganiser.tournaments.matches({
      contestId: fixture.contestId,
      status: 'ready',
    });
    expect(ready).toHaveLength(3);
    const sides = (i: number) =>
      ready[i]!.participants.map((p) => byName.get(p!.name!)!) as [CreatedUser, CreatedUser];
    const [r1, o1] = sides(0);
    await callerFor(s, r1).caller.tournaments.report({
      matchId: ready[0]!.id,
      scores: [2, 1],
      games: [
        [11, 5],
        [8, 11],
        [11, 9],
      ],
    });
    const opponentPage = await stage.pageAs(o1);
    await opponentPage.goto(stage.url('/'));
    const card = opponentPage.getByRole('region', { name: 'My next match' });
    await card.getByText(`Waiting for your confirmation: ${r1.username} reported 2-1`).waitFor();
    await card.getByRole('button', { name: 'Confirm result' }).click();
    await expectText(opponentPage, 'Result confirmed');

    // The second: disputed with the disputer's own score; the moderator sees both and accepts
    // the disputer's.
    const [r2, o2] = sides(1);
    await callerFor(s, r2).caller.tournaments.report({
      matchId: ready[1]!.id,
      scores: [2, 0],
      games: [
        [11, 5],
        [11, 7],
      ],
    });
    await callerFor(s, o2).caller.tournaments.dispute({
      matchId: ready[1]!.id,
      scores: [1, 2],
      games: [
        [11, 5],
        [7, 11],
        [9, 11],
      ],
      reason: 'Wrong score: I won 2-1',
    });
    const mod = await stage.pageAs(moderator);
    await mod.goto(stage.url('/admin/disputes'));
    const queue = mod.getByRole('table', { name: 'Disputed matches' });
    const disputedRow = queue.getByRole('row').filter({ hasText: 'Venue Cup' });
    await disputedRow.waitFor();
    await disputedRow.getByRole('button', { name: /^Decide result of Venue Cup/ }).click();
    const decide = mod.getByRole('dialog', { name: 'Decide result' });
    await decide.waitFor();
    const both = await decide.innerText();
    expect(both).toContain(`Reported by ${r2.username}`);
    expect(both).toContain(`${r2.username} 2 – 0 ${o2.username}`);
    expect(both).toContain(`Disputed by ${o2.username}`);
    expect(both).toContain(`${r2.username} 1 – 2 ${o2.username}`);
    await decide.getByText(`Accept ${o2.username}'s result`).click();
    await decide.getByRole('button', { name: 'Decide result' }).click();
    await decide.waitFor({ state: 'hidden' });
    await expectText(mod, 'Result decided');

    // The third: the organiser enters it.
    await asOrganiser.tournaments.report({
      matchId: ready[2]!.id,
      scores: [2, 0],
      games: [
        [11, 3],
        [11, 4],
      ],
    });

    // Round two: a semi-finalist is disqualified from the player list; their opponent advances.
    const semis = await asOrganiser.tournaments.matches({
      contestId: fixture.contestId,
      status: 'ready',
    });
    expect(semis).toHaveLength(2);
    const [dq, advances] = semis[0]!.participants.map((p) => byName.get(p!.name!)!) as [
      CreatedUser,
      CreatedUser,
    ];
    await page.reload();
    const list = await openPlayers(page);
    await list.getByRole('button', { name: `Disqualify ${dq.username}` }).click();
    const dqDialog = page.getByRole('dialog', { name: 'Disqualify player' });
    await dqDialog.getByLabel('Reason').fill('Left the venue before the semi-final');
    expect(await seriousFindings(page)).toEqual([]);
    await dqDialog.getByRole('button', { name: 'Disqualify player' }).click();
    await dqDialog.waitFor({ state: 'hidden' });
    await playerRow(list, dq.username).getByText('DQ').first().waitFor();
    const forfeited = await asOrganiser.tournaments.match({ matchId: semis[0]!.id });
    expect(forfeited.status).toBe('completed');
    const winnerSlot = forfeited.participants.find((p) => p?.name === advances.username)!;
    expect(winnerSlot.result).toBe('win');
    expect(forfeited.participants.find((p) => p?.name === dq.username)?.disqualified).toBe(true);

    // The other semi-final and the final, entered by the organiser.
    await asOrganiser.tournaments.report({
      matchId: semis[1]!.id,
      scores: [2, 1],
      games: [
        [11, 9],
        [9, 11],
        [11, 6],
      ],
    });
    const [final] = await asOrganiser.tournaments.matches({
      contestId: fixture.contestId,
      status: 'ready',
    });
    const champion = final!.participants[0]!.name!;
    await asOrganiser.tournaments.report({
      matchId: final!.id,
      scores: [2, 0],
      games: [
        [11, 2],
        [11, 3],
      ],
    });

    // Places, not points: on the placement list and the leaderboard.
    await page.reload();
    const placement = page.getByRole('region', { name: 'Final placement' });
    await placement.waitFor();
    expect(await placement.getByRole('listitem').first().innerText()).toMatch(
      new RegExp(`1st\\s+${champion}`),
    );
    const board = page.getByRole('region', { name: 'Leaderboard' });
    await board.getByText('Place', { exact: true }).waitFor();
    expect(await board.getByText(/\bpts\b/).count()).toBe(0);
    expect(await seriousFindings(page)).toEqual([]);

    // A player opens the contest's link signed out, signs in, and lands on the contest.
    const returning = byName.get(champion)!;
    const visitor = await stage.anonymousPage();
    await visitor.goto(stage.url(`/contests/${fixture.slug}`));
    await visitor.waitForURL((url) => url.pathname === '/auth');
    await visitor.getByRole('tab', { name: 'Login' }).click();
    await visitor.getByLabel('Username').fill(returning.username);
    await visitor.getByLabel('Password').fill(returning.password);
    await visitor.getByRole('button', { name: 'Login', exact: true }).click();
    await visitor.waitForURL((url) => !url.pathname.startsWith('/auth'));
    expect(pathOf(visitor)).toBe(`/contests/${fixture.slug}`);
    await visitor.getByRole('heading', { name: 'Venue Cup' }).first().waitFor();
  }, 240_000);
});
