// Team mode in Chromium (issue 19 'Teams'): a captain founds a team on a team contest's page and
// invites a member by username; the member, in a second browser context, follows the
// notification to the contest page and accepts; the captain sees them in the team and registers
// it: the team takes part as ONE participant, shown by its name on the leaderboard, and its own
// page lists the members. A rejected team fee proof offers 'Discuss this' (issue 32) in the
// team's panel and on /payment, prefilled with the reason, while the contest has comments.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  contestParticipants,
  contests,
  teamMembers,
  teams,
} from '../../src/server/platform/db/schema';
import { PROOF_STATE_MESSAGES as P } from '../../src/shared/payments';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { insertProof } from '../helpers/payments';
import { expectText, closeToast } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });
let captain: CreatedUser;
let mate: CreatedUser;
let admin: CreatedUser;
let contest: { id: number; slug: string };

beforeEach(async () => {
  const { db } = stage.s;
  admin = await createUser(db, { role: 'admin', username: 'e2e_team_admin' });
  captain = await createUser(db, { username: 'e2e_team_captain' });
  mate = await createUser(db, { username: 'e2e_team_mate' });
  contest = await insertContest(db, {
    createdBy: admin.id,
    title: 'Relay Cup',
    mode: 'team',
    tournament: { teamMin: 2, teamMax: 3 },
  });
});

describe('a team created, filled and registered', () => {
  it('the captain founds and invites, the invitee accepts from the notification, the captain registers', async () => {
    const [captainPage, matePage] = await Promise.all([stage.pageAs(captain), stage.pageAs(mate)]);

    // The captain: a team contest's page has a Teams panel; nobody may join alone.
    await captainPage.goto(stage.url(`/contests/${contest.slug}`));
    const panel = captainPage.getByRole('region', { name: 'Teams', exact: true });
    await panel.waitFor();
    await expectText(captainPage, 'Teams of 2 to 3 members take part in this contest.');
    await expectText(captainPage, 'This is a team contest');
    await panel.getByLabel('Team name').fill('Baton Owls');
    await panel.getByRole('button', { name: 'Create team' }).click();
    await closeToast(captainPage, 'Team created');
    await panel.getByRole('heading', { name: 'Your team: Baton Owls' }).waitFor();
    const members = panel.getByRole('list', { name: 'Members of Baton Owls' });
    await members.getByText('Captain', { exact: true }).waitFor();

    // Invite by username: the invitation shows in the team at once.
    await panel.getByLabel('Invite by username').fill(mate.username);
    await panel.getByRole('button', { name: 'Invite', exact: true }).click();
    await closeToast(captainPage, 'Invitation sent');
    await members
      .getByRole('listitem')
      .filter({ hasText: mate.username })
      .getByText('Invited', { exact: true })
      .waitFor();
    // Too small to register yet.
    await expectText(captainPage, 'the team can register once it has 2 members');

    // The mate, in their own browser: the bell tells of the invitation; its link leads to the
    // contest's Teams panel, where they accept.
    await matePage.goto(stage.url('/contests'));
    const bell = matePage.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 15_000 });
    await bell.click();
    await matePage
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: 'Team invitation: Baton Owls' })
      .click();
    await matePage.waitForURL((url) => url.pathname === `/contests/${contest.slug}`);
    const invitations = matePage.getByRole('region', { name: 'Your invitations' });
    await invitations.getByText(`${captain.username} invited you`).waitFor();
    await invitations.getByRole('button', { name: 'Accept the invitation of Baton Owls' }).click();
    await closeToast(matePage, 'You joined the team');
    await matePage.getByRole('heading', { name: 'Your team: Baton Owls' }).waitFor();
    await expectText(matePage, 'the captain registers the team once it has 2 members');

    // The captain, after a reload: two members, and Register.
    await captainPage.reload();
    await members.getByRole('listitem').filter({ hasText: mate.username }).waitFor();
    expect(
      await members
        .getByRole('listitem')
        .filter({ hasText: mate.username })
        .getByText('Invited', { exact: true })
        .count(),
    ).toBe(0);
    await panel.getByRole('button', { name: 'Register team' }).click();
    await closeToast(captainPage, 'Team registered');
    await expectText(captainPage, 'Your team is registered');

    // ONE participant, the captain's row carrying the team.
    const [team] = await stage.s.db.select({ id: teams.id }).from(teams);
    const rows = await stage.s.db
      .select({ userId: contestParticipants.userId, teamId: contestParticipants.teamId })
      .from(contestParticipants)
      .where(eq(contestParticipants.contestId, contest.id));
    expect(rows).toEqual([{ userId: captain.id, teamId: team!.id }]);

    // The leaderboard lists the team by its name; the team's page lists its members.
    await matePage.reload();
    await matePage
      .getByRole('list', { name: /leaderboard of Relay Cup/ })
      .getByText('Baton Owls')
      .waitFor();
    await matePage.getByRole('link', { name: 'Baton Owls' }).first().click();
    await matePage.waitForURL((url) => url.pathname === `/teams/${team!.id}`);
    await matePage.getByRole('heading', { name: 'Baton Owls', level: 1 }).waitFor();
    const page = matePage.getByRole('list', { name: 'Members of Baton Owls' });
    await page.getByText(captain.username, { exact: true }).waitFor();
    await page.getByText(mate.username, { exact: true }).waitFor();
    await expectText(matePage, 'Registered');
  });
});

describe("a paid team contest's fee, followed live on the captain's panel", () => {
  /** A paid team contest (a 40 USD fee) with the captain's team of two, its fee not yet paid. */
  async function paidTeamContest(title: string, teamName: string) {
    const { db } = stage.s;
    const paid = await insertContest(db, {
      createdBy: admin.id,
      title,
      mode: 'team',
      participationType: 'paid',
      entryFee: '40',
      tournament: { teamMin: 2, teamMax: 3 },
    });
    const [team] = await db
      .insert(teams)
      .values({ contestId: paid.id, name: teamName, captainId: captain.id })
      .returning({ id: teams.id });
    for (const who of [captain, mate]) {
      await db.insert(teamMembers).values({
        teamId: team!.id,
        contestId: paid.id,
        userId: who.id,
        state: 'member',
        joinedAt: new Date(),
      });
    }
    return paid;
  }

  it('says the payment awaits review, then that the team is registered, without a reload; the review toast names the team', async () => {
    const { db } = stage.s;
    const paid = await paidTeamContest('Paid Relay', 'Fee Falcons');
    await insertProof(db, { userId: captain.id, contestId: paid.id, status: 'pending' });
    const [captainPage, reviewerPage] = await Promise.all([
      stage.pageAs(captain),
      stage.pageAs(admin),
    ]);

    await captainPage.goto(stage.url(`/contests/${paid.slug}`));
    const panel = captainPage.getByRole('region', { name: 'Teams', exact: true });
    await panel.getByRole('heading', { name: 'Your team: Fee Falcons' }).waitFor();
    await panel.getByText(P.pendingTitle).waitFor();
    expect(await panel.getByRole('link', { name: 'Pay entry fee' }).count()).toBe(0);
    await captainPage.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    await reviewerPage.goto(stage.url('/admin/subscriptions'));
    await reviewerPage
      .getByRole('row')
      .filter({ hasText: captain.username })
      .getByRole('button', { name: /^Verify/ })
      .click();
    await reviewerPage
      .getByRole('alertdialog', { name: 'Verify Payment' })
      .getByRole('button', { name: 'Verify' })
      .click();
    await reviewerPage
      .getByRole('status')
      .filter({ hasText: 'The entry fee of team Fee Falcons for Paid Relay is paid.' })
      .first()
      .waitFor({ timeout: 15_000 });

    // The captain's panel follows: registered, with no reload.
    await expectText(captainPage, 'Your team is registered');
    await panel.getByText(P.pendingTitle).waitFor({ state: 'detached' });
    expect(
      await captainPage.evaluate(
        () => (window as unknown as { stillHere?: boolean }).stillHere === true,
      ),
    ).toBe(true);
  });

  it("offers 'Discuss this' for a rejected fee proof, in the team's panel and on /payment", async () => {
    const { db } = stage.s;
    const paid = await paidTeamContest('Fee Talk Relay', 'Rejected Ravens');
    const reason = 'No such transaction on Ethereum.';
    await insertProof(db, { userId: captain.id, contestId: paid.id, status: 'rejected', reason });
    const page = await stage.pageAs(captain);
    await page.goto(stage.url(`/contests/${paid.slug}`));
    const panel = page.getByRole('region', { name: 'Teams', exact: true });
    await panel.getByText(P.rejectedTitle).waitFor();
    await panel.getByRole('link', { name: 'Discuss this' }).click();
    await expect
      .poll(() => page.getByLabel('Title').inputValue())
      .toBe('Our team entry fee payment was rejected');
    expect(await page.getByLabel('Message').inputValue()).toContain('Rejected Ravens');
    expect(await page.getByLabel('Message').inputValue()).toContain(`> ${reason}`);

    await page.goto(stage.url(`/payment?contest=${paid.id}`));
    await page.getByText(`Reason: ${reason}`).waitFor();
    await page.getByRole('link', { name: 'Discuss this' }).click();
    await expect
      .poll(() => page.getByLabel('Title').inputValue())
      .toBe('My entry fee payment was rejected');
    expect(await page.getByLabel('Message').inputValue()).toContain(`> ${reason}`);

    // Comments off: the proof's state still shows, with no link to a discussion.
    await db.update(contests).set({ enableComments: false }).where(eq(contests.id, paid.id));
    await page.goto(stage.url(`/payment?contest=${paid.id}`));
    await page.getByText(`Reason: ${reason}`).waitFor();
    expect(await page.getByRole('link', { name: 'Discuss this' }).count()).toBe(0);
    await page.goto(stage.url(`/contests/${paid.slug}`));
    await panel.getByText(P.rejectedTitle).waitFor();
    expect(await panel.getByRole('link', { name: 'Discuss this' }).count()).toBe(0);
  });
});
