// Taking part in a real browser (issue 8): joining with each refusal told and its way forward
// (tier, invite code, entry fee), leaving before the start, scores entered by CSV with a per-line
// report, /leaderboard's ranks with ties and trophies, another person's open leaderboard updating
// live, and the member's dashboard and analytics. The payment screens and their review are tested
// by their own suite: here the tier is raised and the fee verified through the services.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { joinContest } from '../../src/server/domain/participation/participation';
import { setScores } from '../../src/server/domain/participation/leaderboard';
import { updateUser } from '../../src/server/domain/accounts/adminUsers';
import { reviewProof } from '../../src/server/domain/money';
import { PARTICIPATION_MESSAGES } from '../../src/shared/participation';
import { DAY, insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { insertProof } from '../helpers/payments';
import { expectText } from './flows';
import { standaloneStage } from './stage';

// Each test stands alone (stage.ts): its own server with the contests below, and what an
// earlier step of the story did (a join, the CSV's scores) made through the services.
const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });
let admin: CreatedUser;
let member: CreatedUser;
let creator: CreatedUser;
let rival: CreatedUser;
const ids = { pro: 0, invite: 0, paid: 0, scores: 0 };

const INVITE_CODE = 'AB12CD34';

beforeEach(async () => {
  const { db } = stage.s;
  admin = await createUser(db, { role: 'admin', username: 'e2e_tp_admin' });
  member = await createUser(db, { username: 'e2e_tp_member' });
  creator = await createUser(db, { username: 'e2e_tp_creator' });
  rival = await createUser(db, { username: 'e2e_tp_rival' });
  const others = [
    await createUser(db, { username: 'e2e_tp_ann' }),
    await createUser(db, { username: 'e2e_tp_cat' }),
  ];
  const now = Date.now();
  const upcoming = { startDate: new Date(now + 7 * DAY), maxParticipants: 100 };
  ids.pro = (
    await insertContest(db, {
      createdBy: admin.id,
      title: 'Pro Summit',
      requiredTier: 'pro',
      ...upcoming,
    })
  ).id;
  ids.invite = (
    await insertContest(db, {
      createdBy: admin.id,
      title: 'Invite Circle',
      participationType: 'invite',
      inviteCode: INVITE_CODE,
      ...upcoming,
    })
  ).id;
  ids.paid = (
    await insertContest(db, {
      createdBy: admin.id,
      title: 'Paid Open',
      participationType: 'paid',
      entryFee: '25',
      ...upcoming,
    })
  ).id;
  // Running (started an hour ago), with registration still open: the dashboard counts it.
  ids.scores = (
    await insertContest(db, {
      createdBy: creator.id,
      title: 'Score Cup',
      startDate: new Date(now - 3600_000),
      registrationDeadline: new Date(now + DAY),
      endDate: new Date(now + 7 * DAY),
    })
  ).id;
  for (const who of [member, rival, ...others]) {
    await joinContest({ db, actor: who, contestId: ids.scores });
  }
  // Two finished contests in the member's history (joined while they were open).
  const history = [
    {
      title: 'Autumn Sprint',
      endsAgo: 20,
      scores: [5, 9, 1],
      participants: [member, rival, ...others],
    },
    { title: 'Winter Sprint', endsAgo: 5, scores: [50, 10], participants: [member, rival] },
  ];
  for (const h of history) {
    const end = now - h.endsAgo * DAY;
    const start = end - 7 * DAY;
    const contest = await insertContest(db, {
      createdBy: admin.id,
      title: h.title,
      startDate: new Date(start),
      registrationDeadline: new Date(start),
      endDate: new Date(end),
    });
    for (const who of h.participants) {
      await joinContest({ db, actor: who, contestId: contest.id, now: start - DAY });
    }
    await setScores({
      db,
      actor: admin,
      contestId: contest.id,
      scores: h.scores.map((score, i) => ({ username: h.participants[i]!.username, score })),
    });
  }
});

/** The scores the creator's CSV enters (the CSV test): ann 300, member and rival 200, cat 100. */
async function csvScores() {
  await setScores({
    db: stage.s.db,
    actor: creator,
    contestId: ids.scores,
    scores: [
      { username: 'e2e_tp_ann', score: 300 },
      { username: 'e2e_tp_member', score: 200 },
      { username: 'e2e_tp_rival', score: 200 },
      { username: 'e2e_tp_cat', score: 100 },
    ],
  });
}

/** The rival's new score of the live-update test: 500, first place. */
async function rivalFirst() {
  await setScores({
    db: stage.s.db,
    actor: creator,
    contestId: ids.scores,
    scores: [{ username: 'e2e_tp_rival', score: 500 }],
  });
}

const signedIn = (user: CreatedUser) => stage.pageAs(user);

async function openContest(page: Page, id: number) {
  await page.goto(`${stage.s.url}/contests/${id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/** A toast said this; it is closed so the next one shows (one toast at a time, SPEC 9). */
async function toastSaid(page: Page, text: string) {
  await expectText(page, text);
  await page.getByRole('button', { name: 'Close notification' }).first().click();
}

/** The leaderboard row of a username in the list with this name. */
function rowOf(page: Page, list: string, username: string) {
  return page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: username });
}

describe('joining a contest', () => {
  it('tells a free member the tier they need, then lets them join once upgraded and leave before the start', async () => {
    const memberPage = await signedIn(member);
    await openContest(memberPage, ids.pro);
    await expectText(memberPage, 'This contest requires the Pro tier');
    const upgrade = memberPage.getByRole('link', { name: 'Upgrade', exact: true });
    expect(await upgrade.getAttribute('href')).toBe('/payment?tier=pro');
    expect(await memberPage.getByRole('button', { name: 'Register Now' }).count()).toBe(0);

    // The payment review (another suite) raises the tier; here the service stands in for it.
    await updateUser({
      db: stage.s.db,
      actor: admin,
      input: { id: member.id, subscriptionTier: 'pro' },
    });
    await memberPage.reload();
    await memberPage.getByRole('button', { name: 'Register Now' }).click();
    await toastSaid(memberPage, PARTICIPATION_MESSAGES.joined);
    await expectText(memberPage, 'You are registered');
    await expectText(memberPage, '1 / 100');

    await memberPage.getByRole('button', { name: 'Leave contest' }).click();
    const confirm = memberPage.getByRole('alertdialog', { name: 'Leave contest' });
    await confirm.getByRole('button', { name: 'Leave contest' }).click();
    await confirm.waitFor({ state: 'detached' });
    await memberPage.getByRole('button', { name: 'Register Now' }).waitFor();
    await expectText(memberPage, '0 / 100');
  });

  it('refuses a wrong invite code beside the field and accepts the right one', async () => {
    const memberPage = await signedIn(member);
    await openContest(memberPage, ids.invite);
    await expectText(memberPage, PARTICIPATION_MESSAGES.invite_required);
    const field = memberPage.getByLabel('Invite code');
    await field.fill('WRONG123');
    await memberPage.getByRole('button', { name: 'Register', exact: true }).click();
    await expectText(memberPage, PARTICIPATION_MESSAGES.invite_wrong);
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill(INVITE_CODE);
    await memberPage.getByRole('button', { name: 'Register', exact: true }).click();
    await toastSaid(memberPage, PARTICIPATION_MESSAGES.joined);
    await expectText(memberPage, 'You are registered');
  });

  it('sends a paid contest to the payment page, and admits the member once the fee is verified', async () => {
    const memberPage = await signedIn(member);
    await openContest(memberPage, ids.paid);
    await expectText(memberPage, PARTICIPATION_MESSAGES.fee_unverified);
    const pay = memberPage.getByRole('link', { name: 'Pay entry fee' });
    expect(await pay.getAttribute('href')).toBe(`/payment?contest=${ids.paid}`);

    const proof = await insertProof(stage.s.db, { userId: member.id, contestId: ids.paid });
    await reviewProof({ db: stage.s.db, actor: admin, id: proof, status: 'verified' });
    await memberPage.reload();
    await expectText(memberPage, 'You are registered');
  });
});

describe('scores and leaderboards', () => {
  const LIST = 'Leaderboard of Score Cup';

  it("enters scores by CSV with a per-line report, and the member's open leaderboard follows live", async () => {
    const [memberPage, creatorPage] = await Promise.all([signedIn(member), signedIn(creator)]);
    // The member opens the leaderboard first: it must change without a reload.
    await memberPage.goto(`${stage.s.url}/leaderboard`);
    await memberPage.getByRole('link', { name: 'View Leaderboard of Score Cup' }).click();
    await memberPage.waitForURL(`${stage.s.url}/leaderboard?contest=${ids.scores}`);
    await memberPage.getByText('Live', { exact: true }).waitFor();

    await openContest(creatorPage, ids.scores);
    await creatorPage
      .getByLabel('Scores CSV')
      .fill(
        [
          'username,score',
          'e2e_tp_ann,300',
          'e2e_tp_member,200',
          'e2e_tp_rival,200',
          'ghost_player,50',
          'e2e_tp_cat,100',
        ].join('\n'),
      );
    await creatorPage.getByRole('button', { name: 'Import Scores' }).click();
    // All or nothing: the unknown member refuses the file, and the report names the line.
    await toastSaid(creatorPage, 'No scores updated');
    await expectText(creatorPage, 'One line of the file is refused; no score was stored.');
    const refused = creatorPage.getByRole('table', { name: 'Refused lines' });
    const line = refused.getByRole('row').filter({ hasText: 'ghost_player' });
    expect(await line.getByRole('cell').allInnerTexts()).toEqual([
      '5',
      'ghost_player',
      'No member has this username.',
    ]);
    await creatorPage
      .getByLabel('Scores CSV')
      .fill(
        [
          'username,score',
          'e2e_tp_ann,300',
          'e2e_tp_member,200',
          'e2e_tp_rival,200',
          'e2e_tp_cat,100',
        ].join('\n'),
      );
    await creatorPage.getByRole('button', { name: 'Import Scores' }).click();
    await toastSaid(creatorPage, 'Scores updated');
    await expectText(creatorPage, '4 scores updated. Every line was accepted.');

    // Standard competition ranking (1, 2, 2, 4) on the member's page, without a reload (everyone
    // shared rank 1 at 0 points before).
    const own = rowOf(memberPage, LIST, 'e2e_tp_member');
    await own.getByRole('img', { name: 'Rank 2' }).waitFor({ timeout: 5_000 });
    const ann = rowOf(memberPage, LIST, 'e2e_tp_ann');
    await ann.getByRole('img', { name: 'Rank 1' }).waitFor();
    await rowOf(memberPage, LIST, 'e2e_tp_rival').getByRole('img', { name: 'Rank 2' }).waitFor();
    await rowOf(memberPage, LIST, 'e2e_tp_cat').getByText('Rank 4').waitFor();
    expect(await own.getAttribute('aria-current')).toBe('true');
    expect(await ann.getAttribute('aria-current')).toBeNull();
    await own.getByText('200 pts').waitFor();
    // Ties share the silver trophy; no one has bronze.
    const list = memberPage.getByRole('list', { name: LIST });
    expect(await list.getByRole('img', { name: 'Rank 2' }).count()).toBe(2);
    expect(await list.getByRole('img', { name: 'Rank 3' }).count()).toBe(0);

    // The address opens the same leaderboard; Back to Contests returns to the cards.
    await memberPage.reload();
    await rowOf(memberPage, LIST, 'e2e_tp_member').getByRole('img', { name: 'Rank 2' }).waitFor();
    await memberPage.getByRole('button', { name: 'Back to Contests' }).click();
    await memberPage.waitForURL(`${stage.s.url}/leaderboard`);
    const card = memberPage.getByRole('article').filter({ hasText: 'Score Cup' });
    await card.getByText('Your rank: 2').waitFor();
  });

  it("updates another person's open leaderboard when a score changes", async () => {
    await csvScores();
    const rivalPage = await signedIn(rival);
    await rivalPage.goto(`${stage.s.url}/leaderboard?contest=${ids.scores}`);
    const rivalRow = rowOf(rivalPage, LIST, 'e2e_tp_rival');
    await rivalRow.getByRole('img', { name: 'Rank 2' }).waitFor();
    await rivalPage.getByText('Live', { exact: true }).waitFor();
    await rivalFirst();
    await rivalRow.getByRole('img', { name: 'Rank 1' }).waitFor({ timeout: 5_000 });
    await rowOf(rivalPage, LIST, 'e2e_tp_ann').getByRole('img', { name: 'Rank 2' }).waitFor();
  });
});

describe("the member's figures", () => {
  it('shows running contests, best rank and recent activity on the dashboard', async () => {
    await csvScores();
    await rivalFirst();
    const memberPage = await signedIn(member);
    await memberPage.goto(`${stage.s.url}/`);
    // Score Cup is the one running contest they are in; Winter Sprint gave them a first place.
    await memberPage
      .getByRole('group', { name: 'Active Contests' })
      .getByText('1', { exact: true })
      .waitFor();
    await memberPage
      .getByRole('group', { name: 'Your Rank' })
      .getByText('1', { exact: true })
      .waitFor();
    const activity = memberPage.getByRole('list', { name: 'Your recent contests' });
    const scoreCup = activity.getByRole('listitem').filter({ hasText: 'Score Cup' });
    await scoreCup.getByText('Rank 3 of 4').waitFor();
    expect(await scoreCup.getByRole('link', { name: 'Score Cup' }).getAttribute('href')).toBe(
      `/contests/${ids.scores}`,
    );
  });

  it('fills /analytics: figures, the chart with its data, and the history table', async () => {
    // The member joined the invite contest with its code and the paid one with a verified fee.
    await joinContest({
      db: stage.s.db,
      actor: member,
      contestId: ids.invite,
      inviteCode: INVITE_CODE,
    });
    const proof = await insertProof(stage.s.db, { userId: member.id, contestId: ids.paid });
    await reviewProof({ db: stage.s.db, actor: admin, id: proof, status: 'verified' });
    const memberPage = await signedIn(member);
    await memberPage.goto(`${stage.s.url}/analytics`);
    await memberPage.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    // Joined: invite, paid, Score Cup and the two sprints (Pro Summit was left).
    await memberPage
      .getByRole('group', { name: 'Contests Joined' })
      .getByText('5', { exact: true })
      .waitFor();
    await memberPage
      .getByRole('group', { name: 'Contests Completed' })
      .getByText('2', { exact: true })
      .waitFor();
    await memberPage
      .getByRole('group', { name: 'Best Rank' })
      .getByText('1', { exact: true })
      .waitFor();

    await memberPage.getByRole('tab', { name: 'Performance' }).click();
    await memberPage.waitForURL(/\/analytics\?tab=performance$/);
    const figure = memberPage.getByRole('figure');
    await figure.locator('svg path').first().waitFor();
    // The chart's text alternative carries one row per finished contest, oldest first.
    const data = figure.getByRole('table');
    const rows = await data.getByRole('row').allTextContents();
    expect(rows.slice(1)).toEqual([
      expect.stringContaining('Autumn Sprint'),
      expect.stringContaining('Winter Sprint'),
    ]);
    expect(rows[1]).toContain('75%');
    expect(rows[2]).toContain('100%');

    await memberPage.getByRole('tab', { name: 'Contest History' }).click();
    const history = memberPage.getByRole('table', { name: 'Your contest history' });
    const winter = history.getByRole('row').filter({ hasText: 'Winter Sprint' });
    await winter.getByText('1 of 2').waitFor();
    expect(await winter.getByRole('link', { name: 'Winter Sprint' }).getAttribute('href')).toMatch(
      /^\/contests\/\d+$/,
    );
  });
});

describe('on a phone', () => {
  it('fits 390 px without sideways scrolling', async () => {
    await csvScores();
    const [memberPage, creatorPage] = await Promise.all([signedIn(member), signedIn(creator)]);
    const screens: [Page, string, string][] = [
      [memberPage, `/leaderboard?contest=${ids.scores}`, '200 pts'],
      [memberPage, '/analytics?tab=history', 'Winter Sprint'],
      [memberPage, '/', 'Your Contest Activity'],
      [creatorPage, `/contests/${ids.scores}`, 'Import Scores'],
    ];
    try {
      for (const [page, path, text] of screens) {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`${stage.s.url}${path}`);
        await page.getByText(text).first().waitFor();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    } finally {
      await memberPage.setViewportSize({ width: 1280, height: 900 });
      await creatorPage.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
