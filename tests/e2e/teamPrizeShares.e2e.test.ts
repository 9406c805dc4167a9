// A captain's prize shares in Chromium (issue 30 'Prizes from places'): on the team page the
// captain sees the equal split filled in, changes it, is told when the total is not 100 %, saves,
// and the team's page shows the shares after a reload; 'Split equally' goes back. A member sees
// the shares without a form.
import { beforeEach, describe, expect, it } from 'vitest';
import { acceptInvite, createTeam, inviteMember } from '../../src/server/domain/tournaments/teams';
import { PRIZE_SHARE_MESSAGES } from '../../src/shared/prizeShares';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { closeToast, expectText } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });
let captain: CreatedUser;
let mate: CreatedUser;
let teamId: number;

beforeEach(async () => {
  const { db } = stage.s;
  const admin = await createUser(db, { role: 'admin', username: 'e2e_shares_admin' });
  captain = await createUser(db, { username: 'e2e_shares_captain' });
  mate = await createUser(db, { username: 'e2e_shares_mate' });
  const contest = await insertContest(db, {
    createdBy: admin.id,
    title: 'Shares Cup',
    mode: 'team',
    tournament: { teamMin: 2, teamMax: 3 },
  });
  teamId = await createTeam({ db, actor: captain, contestId: contest.id, name: 'Split Owls' });
  await inviteMember({ db, actor: captain, teamId, username: mate.username });
  await acceptInvite({ db, actor: mate, teamId });
});

describe("a team's prize shares", () => {
  it('the captain sets them, is told a wrong total, saves and splits equally again', async () => {
    const page = await stage.pageAs(captain);
    await page.goto(stage.url(`/teams/${teamId}`));
    const card = page.getByRole('region', { name: 'Prize shares' });
    await card.waitFor();
    await expectText(page, 'The team’s prize is split equally among its members.');
    const mine = card.getByLabel(`${captain.username}'s share (%)`);
    const theirs = card.getByLabel(`${mate.username}'s share (%)`);
    expect(await mine.inputValue()).toBe('50');
    expect(await theirs.inputValue()).toBe('50');

    // A total other than 100 %: said under the total, nothing saved.
    await mine.fill('70');
    await card.getByText('Total: 120 %').waitFor();
    await card.getByRole('button', { name: 'Save shares' }).click();
    await card.getByRole('alert').getByText(PRIZE_SHARE_MESSAGES.total(12000)).waitFor();

    await theirs.fill('30');
    await card.getByText('Total: 100 %').waitFor();
    await card.getByRole('button', { name: 'Save shares' }).click();
    await closeToast(page, 'Prize shares saved');
    await page.reload();
    await expectText(page, 'The team’s prize is split by the shares the captain set.');
    expect(await card.getByLabel(`${captain.username}'s share (%)`).inputValue()).toBe('70');

    // The member sees the shares, without a form.
    const matePage = await stage.pageAs(mate);
    await matePage.goto(stage.url(`/teams/${teamId}`));
    const mateCard = matePage.getByRole('region', { name: 'Prize shares' });
    await mateCard.getByText('30 %').waitFor();
    expect(await mateCard.getByRole('button', { name: 'Save shares' }).count()).toBe(0);

    await card.getByRole('button', { name: 'Split equally' }).click();
    await closeToast(page, 'The prize is split equally again');
    await expectText(page, 'The team’s prize is split equally among its members.');
    expect(await card.getByLabel(`${mate.username}'s share (%)`).inputValue()).toBe('50');
  });
});
