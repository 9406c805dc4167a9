// Where the player is (issue 29, point 6), in a real browser: a result reported by one side is
// on the other's 'My next match' in words ('Waiting for your confirmation: <name> reported
// 2-1'), on the dashboard and on the contest page, and is confirmed right there; the reporter's
// card says whom it waits for; the organiser finds the bracket at the top of the contest page.
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callerFor, createUser } from '../helpers/db';
import { expectText } from './flows';
import { standaloneStage } from './stage';
import { createPlayers, generatedTournament } from './tournamentData';

const stage = standaloneStage();

/** axe's serious and critical findings on the page as it is. */
async function seriousFindings(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe("'My next match'", () => {
  it('asks for the confirmation of a reported result and confirms it from the card', async () => {
    const { s } = stage;
    const organiser = await createUser(s.db, { username: 'e2e_nm_org' });
    const players = await createPlayers(s.db, 'e2e_nm', 4);
    const fixture = await generatedTournament(s, {
      organiser,
      players,
      format: 'knockout',
      title: 'Next Match Cup',
      settings: { selfReport: true },
    });
    const bracket = await callerFor(s, organiser).caller.tournaments.bracket({
      contestId: fixture.contestId,
    });
    const semi = bracket.stages[0]!.groups[0]!.rounds[0]!.matches[0]!;
    const byName = new Map(players.map((p) => [p.username, p]));
    const reporter = byName.get(semi.participants[0]!.name!)!;
    const opponent = byName.get(semi.participants[1]!.name!)!;
    // The reporter says they won 2-1.
    await callerFor(s, reporter).caller.tournaments.report({ matchId: semi.id, scores: [2, 1] });

    // The reporter's contest page says whom the result waits for.
    const theirs = await stage.pageAs(reporter);
    await theirs.goto(stage.url(`/contests/${fixture.contestId}`));
    const reporterCard = theirs.getByRole('region', { name: 'My next match' });
    await reporterCard
      .getByText(`Waiting for ${opponent.username} to confirm your result`)
      .waitFor();
    expect(await reporterCard.getByRole('button', { name: 'Confirm result' }).count()).toBe(0);

    // The opponent's contest page, then their dashboard: the state in words, and the actions.
    const page = await stage.pageAs(opponent);
    const waiting = `Waiting for your confirmation: ${reporter.username} reported 2-1`;
    await page.goto(stage.url(`/contests/${fixture.contestId}`));
    const onContest = page.getByRole('region', { name: 'My next match' });
    await onContest.getByText(waiting).waitFor();
    await onContest.getByRole('button', { name: 'Dispute result' }).waitFor();
    // No 'Ready' beside it: to the bracket the match is ready, to the player it is not.
    expect(await onContest.getByText('Ready', { exact: true }).count()).toBe(0);
    expect(await seriousFindings(page)).toEqual([]);
    await page.goto(stage.url('/'));
    const card = page.getByRole('region', { name: 'My next match' });
    await card.getByText(waiting).waitFor();
    await card.getByRole('button', { name: 'Dispute result' }).waitFor();
    expect(await seriousFindings(page)).toEqual([]);
    await card.getByRole('button', { name: 'Confirm result' }).click();
    await expectText(page, 'Result confirmed');
    // Their run is over (they lost the semi-final): the card goes without a reload.
    await card.waitFor({ state: 'detached', timeout: 15_000 });
    const match = await callerFor(s, opponent).caller.tournaments.match({ matchId: semi.id });
    expect(match.status).toBe('completed');
    expect(match.report.state).toBe('confirmed');

    // The organiser's page opens on the bracket, above the contest's own panels.
    const org = await stage.pageAs(organiser);
    await org.goto(stage.url(`/contests/${fixture.contestId}`));
    const about = org.getByRole('heading', { name: 'About this contest' });
    await about.waitFor();
    // The bracket section's heading (by its id: its words are the format's).
    const bracketHeading = org.locator('#bracket-heading');
    await bracketHeading.waitFor();
    const order = await bracketHeading.evaluate(
      (heading, other) => heading.compareDocumentPosition(other as Node),
      await about.elementHandle(),
    );
    expect(order & 4).toBe(4); // 'About this contest' follows the bracket
    expect(await seriousFindings(org)).toEqual([]);
  }, 120_000);
});
