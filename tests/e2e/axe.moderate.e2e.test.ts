// Accessibility with axe-core, moderate findings included: the knockout page with its bracket
// (issue 29), the organiser's toolbar and player list (issue 29), the prize table in the wizard
// and the Edit dialog (issue 30), and the discussion (issue 32). Fails on anything but a minor
// finding. The shared parts are in ./axe.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { PRIZE_MESSAGES } from '../../src/shared/schemas/prizes';
import { createTopic, reply as discussionReply } from '../../src/server/domain/discussion';
import { insertContest } from '../helpers/contests';
import type { TestServer } from '../helpers/server';
import { createPlayers, generatedTournament, reportFirstReady } from './tournamentData';
import {
  EACH_ONCE,
  THEMES,
  VIEWPORTS,
  animationsDone,
  audit,
  navigate,
  report,
  settle,
  startAxeStage,
  expectNoModerate,
  type AxeStage,
  type Finding,
} from './axe/support';

let stage: AxeStage;
// The stage's parts, under the names the tests use.
let s: TestServer;
let tabs: AxeStage['tabs'];
let people: AxeStage['people'];
let setTheme: AxeStage['setTheme'];
let wizardCopy: AxeStage['wizardCopy'];
let tournamentIds: AxeStage['tournamentIds'];
beforeAll(async () => {
  // The knockout (its bracket and the organiser's toolbar) and the demo contests (the Edit
  // dialog's); the discussion makes its own contest.
  stage = await startAxeStage({ seed: ['contests', 'tournaments'], tabs: ['member', 'admin'] });
  ({ s, tabs, people, setTheme, wizardCopy, tournamentIds } = stage);
});
afterAll(async () => {
  await stage?.stop();
});

describe('the knockout page, moderate findings included (issue 29)', () => {
  it('finds nothing moderate or worse on a knockout with its bracket, as a player and its organiser', async () => {
    const findings: Finding[] = [];
    // Nine players (byes in round 1) and a third-place match: the bracket has two parts.
    const players = [people.member, ...(await createPlayers(s.db, 'axe_third', 8))];
    const thirdPlace = await generatedTournament(s, {
      organiser: people.admin,
      players,
      format: 'knockout',
      title: 'Axe Third Place Cup',
      settings: { thirdPlaceMatch: true },
    });
    await reportFirstReady(s, thirdPlace, { scores: [2, 1] });
    for (const [title, id] of [
      ['Axe Knockout', tournamentIds.knockout],
      ['Axe Third Place Cup', thirdPlace.contestId],
    ] as const) {
      const path = `/contests/${id}`;
      for (const who of ['member', 'admin'] as const) {
        const { page } = tabs[who];
        for (const viewport of ['desktop', 'phone'] as const) {
          await page.setViewportSize(VIEWPORTS[viewport]);
          await page.goto(s.url + path);
          await settle(page);
          await page.getByRole('heading', { name: title }).first().waitFor();
          await page.getByRole('heading', { name: 'Final', exact: true }).first().waitFor();
          await audit(page, `${who} ${viewport} ${path}`, findings);
        }
        await page.setViewportSize(VIEWPORTS.desktop);
      }
    }
    report('knockout page', findings);
    expectNoModerate(findings);
  }, 120_000);
});

describe("the organiser's toolbar and player list, moderate findings included (issue 29)", () => {
  it('finds nothing moderate or worse in the toolbar, the open player list and the Start now question', async () => {
    const findings: Finding[] = [];
    const { page } = tabs.admin;
    const path = `/contests/${tournamentIds.knockout}`;
    for (const viewport of ['desktop', 'phone'] as const) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.goto(s.url + path);
      await settle(page);
      const toolbar = page.getByRole('region', { name: 'Organiser tools' });
      await toolbar.getByRole('button', { name: 'Players' }).click();
      const list = page.getByRole('region', { name: 'Players' });
      // The Add player form with its message (an empty username).
      await list.getByRole('button', { name: 'Add player' }).press('Enter');
      await list.getByText('Enter the username of the member to add').waitFor();
      await animationsDone(page);
      await audit(page, `admin ${viewport} ${path} player list`, findings);
      await toolbar.getByRole('button', { name: 'Start now' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Start the contest now?' });
      await confirm.waitFor();
      await animationsDone(page);
      await audit(page, `admin ${viewport} ${path} Start now question`, findings);
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    report('organiser toolbar', findings);
    expectNoModerate(findings);
  }, 120_000);
});

describe('the prize table, moderate findings included (issue 30)', () => {
  it("finds nothing moderate or worse in step 4's pool with its messages and in the Edit dialog's fixed prizes", async () => {
    const findings: Finding[] = [];
    const member = tabs.member.page;
    const { page } = tabs.admin;
    // A pool whose shares pass 100 % (60 + 2 x 30): its message under the rows.
    const pool = {
      kind: 'pool',
      rows: [
        { from: 1, to: 1, amount: '', percent: '60', currency: 'USDT' },
        { from: 2, to: 3, amount: '', percent: '30', currency: 'USDT' },
      ],
      poolPercentOfFees: '80',
      poolFixed: '',
    };
    for (const theme of THEMES) {
      await setTheme(member, theme);
      await setTheme(page, theme);
      for (const viewport of ['desktop', 'phone'] as const) {
        await member.setViewportSize(VIEWPORTS[viewport]);
        await member.evaluate(
          (copy) => localStorage.setItem('contestDraft', copy),
          wizardCopy(3, { prizeTable: pool }),
        );
        await navigate(member, '/');
        await navigate(member, '/contests/create');
        await member.getByLabel('Share of the pool (%)').first().press('Enter');
        await member.getByText(PRIZE_MESSAGES.percentTotal).waitFor();
        await audit(member, `member ${viewport} ${theme} wizard prize pool with errors`, findings);
      }
      await member.evaluate(() => localStorage.removeItem('contestDraft'));
      await member.setViewportSize(VIEWPORTS.desktop);

      await navigate(page, '/admin/contests');
      await page.getByRole('button', { name: 'Actions for The Dake Contest' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Contest' });
      await edit.getByLabel('Winnings by place').selectOption({ label: 'Fixed prizes' });
      await edit.getByRole('button', { name: 'Add row' }).click();
      await edit.getByRole('group', { name: 'Row 2' }).waitFor();
      await animationsDone(page);
      await audit(page, `admin ${theme} Edit Contest dialog with fixed prizes`, findings);
      await page.keyboard.press('Escape');
      await edit.waitFor({ state: 'detached' });
    }
    report('prize table', findings);
    expectNoModerate(findings);
  }, 120_000);
});

describe('the discussion, moderate findings included (issue 32)', () => {
  it('finds nothing moderate or worse on the topic list, a topic, the editor and the report dialog', async () => {
    const findings: Finding[] = [];
    const { page } = tabs.member;
    // The member's own contest: the organiser's bar, Pin, Lock and the post menus all show.
    const contest = await insertContest(s.db, {
      createdBy: people.member.id,
      status: 'active',
      title: 'Discussion Axe Contest',
    });
    const topic = await createTopic({
      db: s.db,
      actor: people.member,
      contestId: contest.id,
      title: 'Where is the **data**?',
      body: 'The link in the rules is [broken](https://example.org/data).\n\n```\n404\n```',
    });
    await discussionReply({
      db: s.db,
      actor: people.moderator,
      topicId: topic.id,
      body: '> The link in the rules is broken\n\nFixed, thanks.',
      quoteId: topic.post.id,
    });
    const base = `/contests/${contest.id}?tab=discussion`;
    for (const [theme, viewport] of EACH_ONCE) {
      await setTheme(page, theme);
      await page.setViewportSize(VIEWPORTS[viewport]);
      const where = `member ${viewport} ${theme}`;
      await navigate(page, base);
      await page.getByRole('link', { name: 'Where is the **data**?' }).waitFor();
      await audit(page, `${where} topic list`, findings);

      await navigate(page, `${base}&topic=${topic.id}`);
      await page.getByText('Fixed, thanks.').waitFor();
      await audit(page, `${where} topic page`, findings);

      await page
        .getByRole('button', { name: `Actions for the reply by ${people.moderator.username}` })
        .click();
      await page.getByRole('menuitem', { name: 'Report' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report post' });
      await dialog.waitFor();
      await animationsDone(page);
      await audit(page, `${where} report dialog`, findings);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await navigate(page, `${base}&new=1&title=Discuss%20this&body=`);
      await page.getByRole('button', { name: 'Post topic' }).click();
      await page.getByText('Write something first').waitFor();
      await audit(page, `${where} new topic with an error`, findings);
      await page.getByLabel('Message').fill('**Preview** me');
      await page.getByRole('tab', { name: 'Preview' }).click();
      await page.locator('strong', { hasText: 'Preview' }).waitFor();
      await audit(page, `${where} new topic preview`, findings);
    }
    report('discussion', findings);
    expectNoModerate(findings);
  }, 120_000);
});
