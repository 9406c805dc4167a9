// The organiser's toolbar and player list in a real browser (issue 29 points 3 and 6): on a
// knockout with check-in, the organiser finds Start now, Generate bracket, Process check-ins and
// Players at the top of the page, before the bracket and the score panel; the list opens from
// 'Players' with its Add player form, which checks an empty username in the browser; a player
// sees no toolbar; the list adds a walk-in with the fee waived, removes a player before the start
// with a reason (kept as Removed) and processes check-ins (no-shows kept as Did not check in).
import { describe, expect, it } from 'vitest';
import { callerFor, createUser, type CreatedUser } from '../helpers/db';
import { PLAYER_STATE_LABELS, ROSTER_MESSAGES } from '../../src/shared/schemas/roster';
import { standaloneStage } from './stage';
import {
  addPlayer,
  checkInFor,
  dropWithReason,
  openPlayers,
  playerRow,
  processCheckIns,
  toolbarOf,
} from './rosterFlows';
import { createPlayers, openTournament } from './tournamentData';

const stage = standaloneStage();

/** A knockout starting in half an hour with an hour's check-in (open now), four players in. */
async function knockoutWithCheckIn() {
  const organiser = await createUser(stage.s.db, { username: 'e2e_roster_org' });
  const players = await createPlayers(stage.s.db, 'e2e_roster', 4);
  const fixture = await openTournament(stage.s, {
    organiser,
    players,
    format: 'knockout',
    title: 'Roster Cup',
    settings: { checkInMinutes: 60 },
    startsInMs: 30 * 60_000,
  });
  return { ...fixture, organiser, players };
}

describe("the organiser's toolbar", () => {
  it('sits at the top of the contest page, and opens the player list with its Add player form', async () => {
    const fixture = await knockoutWithCheckIn();
    const page = await stage.pageAs(fixture.organiser);
    await page.goto(stage.url(`/contests/${fixture.contestId}`));
    const toolbar = toolbarOf(page);
    await toolbar.waitFor();
    for (const name of ['Start now', 'Generate bracket', 'Process check-ins', 'Players']) {
      await toolbar.getByRole('button', { name, exact: true }).waitFor();
    }
    // Generate is the toolbar's, not the bracket's any more; and the toolbar comes before every
    // other part of the page's main content (the bracket, the details, the score panel).
    const bracket = page.getByRole('region', { name: 'Bracket' });
    await bracket.waitFor();
    expect(await bracket.getByRole('button', { name: 'Generate bracket' }).count()).toBe(0);
    const toolbarFirst = await toolbar.evaluate((tools) => {
      const rest = [
        ...(document.querySelector('main')?.querySelectorAll('section, aside') ?? []),
      ].filter((el) => !tools.contains(el) && !el.closest('[role="dialog"]'));
      return (
        rest.length > 0 &&
        rest.every((el) => tools.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)
      );
    });
    expect(toolbarFirst).toBe(true);

    // 'Players' opens the list under the toolbar and takes the focus to its heading.
    const players = toolbar.getByRole('button', { name: 'Players' });
    expect(await players.getAttribute('aria-expanded')).toBe('false');
    const list = await openPlayers(page);
    expect(await players.getAttribute('aria-expanded')).toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Players');

    // An empty username is refused in the browser, beside its field.
    await list.getByRole('button', { name: 'Add player' }).click();
    await list.getByText(ROSTER_MESSAGES.usernameRequired).waitFor();
    const username = list.getByLabel('Username');
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => username.evaluate((el) => el === document.activeElement)).toBe(true);

    // 'Players' again closes it.
    await players.click();
    await list.waitFor({ state: 'detached' });
  });

  it('is shown to the organiser only', async () => {
    const fixture = await knockoutWithCheckIn();
    const page = await stage.pageAs(fixture.players[0]!);
    await page.goto(stage.url(`/contests/${fixture.contestId}`));
    await page.getByRole('region', { name: 'Bracket' }).waitFor();
    expect(await toolbarOf(page).count()).toBe(0);
  });
});

// Adding walk-ins, checking in for a player, Start now and a DQ are the whole day's
// (tournamentDay.e2e.test.ts); here the rest of the list's changes.
describe('the player list', () => {
  it('lists the players, removes one before the start with a reason, and processes check-ins', async () => {
    const fixture = await knockoutWithCheckIn();
    const [first, second, third, fourth] = fixture.players as [
      CreatedUser,
      CreatedUser,
      CreatedUser,
      CreatedUser,
    ];
    const page = await stage.pageAs(fixture.organiser);
    await page.goto(stage.url(`/contests/${fixture.contestId}`));
    const list = await openPlayers(page);
    for (const p of fixture.players) {
      await playerRow(list, p.username)
        .getByText(PLAYER_STATE_LABELS.in, { exact: true })
        .waitFor();
    }

    // A member added with the fee waived shows it; a second add of the same name is refused.
    const walkIn = await createUser(stage.s.db, { username: 'e2e_roster_walkin' });
    await addPlayer(page, walkIn.username, { waiveFee: true });
    await playerRow(list, walkIn.username).waitFor();
    await list.getByLabel('Username').fill(walkIn.username);
    await list.getByRole('button', { name: 'Add player' }).click();
    await list
      .getByText(/already/i)
      .first()
      .waitFor();

    // Removed before the start, with the reason they are told; kept in the list as Removed.
    await dropWithReason(page, 'Remove', fourth.username, 'Registered twice by mistake');
    const removed = playerRow(list, fourth.username);
    await removed.getByText(PLAYER_STATE_LABELS.removed, { exact: true }).waitFor();
    await removed.getByText('Registered twice by mistake').waitFor();
    const told = await callerFor(stage.s, fourth).caller.notifications.list({});
    expect(told.items.some((n) => n.body.includes('Registered twice by mistake'))).toBe(true);

    // Two check in (one by the organiser for them); processing drops the other two.
    await callerFor(stage.s, first).caller.checkIn.checkIn({ contestId: fixture.contestId });
    await checkInFor(page, second.username);
    await processCheckIns(page);
    for (const dropped of [third, walkIn]) {
      await playerRow(list, dropped.username)
        .getByText(PLAYER_STATE_LABELS.no_show, { exact: true })
        .waitFor();
    }
    const roster = await callerFor(stage.s, fixture.organiser).caller.roster.list({
      contestId: fixture.contestId,
    });
    expect(roster.participants).toBe(2);
    expect(
      roster.players
        .filter((p) => p.state === 'in')
        .map((p) => p.username)
        .sort(),
    ).toEqual([first.username, second.username].sort());
  });
});
