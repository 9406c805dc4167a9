// The organiser's toolbar and player list in a real browser (issue 29 points 3 and 6): on a
// knockout with check-in, the organiser finds Start now, Generate bracket, Process check-ins and
// Players at the top of the page, before the bracket and the score panel; the list opens from
// 'Players' with its Add player form, which checks an empty username in the browser; a player
// sees no toolbar. The flows that need the roster's server functions (being written, issue 29)
// are listed as todo: their steps are in rosterFlows.ts.
import { describe, expect, it } from 'vitest';
import { createUser } from '../helpers/db';
import { ROSTER_MESSAGES } from '../../src/shared/schemas/roster';
import { standaloneStage } from './stage';
import { openPlayers, toolbarOf } from './rosterFlows';
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

  // These need the roster's server functions (issue 29 point 3, being written); their steps are
  // ready in rosterFlows.ts (openPlayers, addPlayer, checkInFor, dropWithReason, processCheckIns,
  // startNow).
  it.todo('lists the joined players with their join time, check-in and state');
  it.todo('adds a member by username, the fee waived, and refuses an unknown one beside the field');
  it.todo('checks a player in for them, and out again');
  it.todo('removes a player before the start with a reason, kept as Removed');
  it.todo('processes check-ins: the no-shows are kept as Did not check in');
  it.todo('starts now: the no-shows are dropped, the bracket is generated, Start now is gone');
  it.todo('disqualifies a player after the start: DQ in the list, the bracket and the leaderboard');
});
