// Accessibility of every screen with axe-core: each route of the client's route table as a guest,
// a member, a moderator and an admin, on a desktop and a phone, in both themes, plus open dialogs,
// the phone menu, error states and maintenance mode. Fails on any serious or critical violation.
// One browser and one signed-in context per role keep it within a few minutes on two cores.
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { GUEST_PATHS, OPEN_PATHS, SIGNED_IN_PATHS, samplePath } from '../../src/client/routePaths';
import { seedContests } from '../../src/server/seed/seedContests';
import { getPlatformSettings, savePlatformSettings } from '../../src/server/domain/settings';
import type { TPlatformSettings } from '../../src/shared/schemas/settings';
import { PRIZE_MESSAGES } from '../../src/shared/schemas/prizes';
import { launchPlainBrowser } from '../helpers/browser';
import { joinContest } from '../../src/server/domain/participation/participation';
import { setScores } from '../../src/server/domain/participation/leaderboard';
import { acceptInvite, createTeam, inviteMember } from '../../src/server/domain/tournaments/teams';
import { DAY, insertContest } from '../helpers/contests';
import { configureNetwork, insertProof } from '../helpers/payments';
import { callerFor, createUser, type CreatedUser } from '../helpers/db';
import {
  certificates,
  contestParticipants,
  mailOutbox,
  payoutMethods,
} from '../../src/server/platform/db/schema';
import { startTestServer, type TestServer } from '../helpers/server';
import { pathOf, signInThroughForm } from './flows';
import { eq } from 'drizzle-orm';
import { userIdentities, users } from '../../src/server/platform/db/schema';
import { NO_PASSWORD } from '../../src/server/domain/accounts/passwords';
import type { OidcFlow } from '../../src/server/domain/accounts/oidc/flow';
import { sessionCookie } from '../helpers/accounts';
import {
  callbackFor,
  flowCookie,
  readyRegistry,
  startOidcProvider,
  type TestOidcProvider,
} from '../helpers/oidc';
import { generate } from 'otplib';
import { beginSetup, enableTwoFactor } from '../../src/server/domain/accounts/twoFactor';
import { createPlayers, generatedTournament, reportFirstReady } from './tournamentData';
import { saveEvaluation, submitFile } from '../../src/server/domain/submissions';
import { SCORING_FIXTURES } from '../helpers/scoringFixtures';
import { createTopic, reply as discussionReply } from '../../src/server/domain/discussion';

const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
/**
 * Where a state of a screen is audited: each theme once and each size once. The route walk
 * audits every route in all four combinations; a state (a flow's step, a refusal) differs from
 * its route in content, not in colours or layout rules, so the other two find nothing new.
 */
const EACH_ONCE: [Theme, ViewportName][] = [
  ['light', 'desktop'],
  ['dark', 'phone'],
];
type Who = 'guest' | 'member' | 'moderator' | 'admin';

interface Finding {
  id: string;
  impact: string;
  help: string;
  target: string;
  where: string;
}

let s: TestServer;
let browser: Browser;
const people = {} as Record<Exclude<Who, 'guest'>, CreatedUser>;
const tabs = {} as Record<Who, { context: BrowserContext; page: Page }>;

beforeAll(async () => {
  s = await startTestServer({ withClient: true });
  browser = await launchPlainBrowser();
  people.member = await createUser(s.db, { username: 'axe_member' });
  people.moderator = await createUser(s.db, { username: 'axe_moderator', role: 'moderator' });
  people.admin = await createUser(s.db, { username: 'axe_admin', role: 'admin' });
  // The demo contests fill the contest screens (contest 1, samplePath's, is the first of them),
  // and a member's pending one gives /admin/contests its Approve and Reject buttons.
  await seedContests(s.db);
  await insertContest(s.db, {
    createdBy: people.member.id,
    status: 'pending',
    title: 'Axe Pending Cup',
  });
  await seedTakingPart();
  await seedTournaments();
  await seedResults();
  await seedSubmissions();
  // Payments on two networks, a pending upgrade and a rejected fee of the member's: the payment
  // page's tabs, QR codes, refusal and proof states, and the review queue's rows and buttons.
  await configureNetwork(s.db, 'ETH');
  await configureNetwork(s.db, 'BTC');
  await insertProof(s.db, { userId: people.member.id, tier: 'pro' });
  await insertProof(s.db, { userId: people.member.id, contestId: 1, status: 'rejected' });
  // The Outbox with a message kept there (no SMTP), one still queued after a failed try, and a
  // failed one (its Retry button).
  await s.db.insert(mailOutbox).values([
    {
      toAddress: 'kept@example.com',
      subject: 'Kept',
      textBody: 'Open http://localhost/x',
      kind: 'verify_email',
      status: 'outbox',
      sentAt: new Date(),
    },
    {
      toAddress: 'later@example.com',
      subject: 'Later',
      textBody: 'Body',
      kind: 'notice',
      status: 'queued',
      attempts: 2,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
    },
    {
      toAddress: 'failed@example.com',
      subject: 'Failed',
      textBody: 'Body',
      kind: 'password_reset',
      status: 'failed',
      attempts: 6,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
    },
  ]);
  for (const who of ['guest', 'member', 'moderator', 'admin'] as const) {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    if (who !== 'guest') {
      await signInThroughForm(page, s.url, people[who].username, people[who].password);
    }
    tabs[who] = { context, page };
  }
});
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

/**
 * The member's taking-part screens with something in them: the contest page's register states
 * (the demo contests give the entry fee and the tier; these add an invite code and 'You are
 * registered'), and a finished contest for /analytics' chart.
 */
const takingPartPaths: string[] = [];
async function seedTakingPart() {
  const member = people.member;
  const admin = people.admin;
  const invite = await insertContest(s.db, {
    createdBy: admin.id,
    title: 'Axe Invite Cup',
    participationType: 'invite',
    inviteCode: 'AXE12345',
  });
  const joined = await insertContest(s.db, { createdBy: admin.id, title: 'Axe Joined Cup' });
  await joinContest({ db: s.db, actor: member, contestId: joined.id });
  const end = Date.now() - 2 * DAY;
  const finished = await insertContest(s.db, {
    createdBy: admin.id,
    title: 'Axe Finished Cup',
    startDate: new Date(end - 7 * DAY),
    endDate: new Date(end),
  });
  await joinContest({ db: s.db, actor: member, contestId: finished.id, now: end - 8 * DAY });
  // A saved draft of the member's, so the Drafts tab shows its cards.
  await insertContest(s.db, { createdBy: member.id, status: 'draft', title: 'Axe Draft Cup' });
  await joinContest({ db: s.db, actor: admin, contestId: finished.id, now: end - 8 * DAY });
  await setScores({
    db: s.db,
    actor: admin,
    contestId: finished.id,
    scores: [{ username: member.username, score: 12 }],
  });
  // Team mode: the member captains team 1 (the route table's sample) of a team contest, with a
  // mate and an open invitation (the captain's controls); in a second one they hold an invitation.
  const teamCup = await insertContest(s.db, {
    createdBy: admin.id,
    title: 'Axe Team Cup',
    mode: 'team',
  });
  const mate = await createUser(s.db, { username: 'axe_mate' });
  const invitee = await createUser(s.db, { username: 'axe_invitee' });
  const teamId = await createTeam({
    db: s.db,
    actor: member,
    contestId: teamCup.id,
    name: 'Axe Owls',
  });
  for (const who of [mate, invitee]) {
    await inviteMember({ db: s.db, actor: member, teamId, username: who.username });
  }
  await acceptInvite({ db: s.db, actor: mate, teamId });
  const otherCup = await insertContest(s.db, {
    createdBy: admin.id,
    title: 'Axe Team Open',
    mode: 'team',
  });
  const otherTeam = await createTeam({
    db: s.db,
    actor: mate,
    contestId: otherCup.id,
    name: 'Axe Larks',
  });
  await inviteMember({ db: s.db, actor: mate, teamId: otherTeam, username: member.username });
  // A knockout contest whose check-in window is open, the member taking part: its check-in card.
  const checkInStart = new Date(Date.now() + 30 * 60_000);
  const checkIn = await insertContest(s.db, {
    createdBy: admin.id,
    title: 'Axe Check-in Cup',
    format: 'knockout',
    startDate: checkInStart,
    registrationDeadline: checkInStart,
    tournament: { checkInMinutes: 60, elimination: 'double' },
  });
  await joinContest({ db: s.db, actor: member, contestId: checkIn.id });
  takingPartPaths.push(
    `/contests/${checkIn.id}`,
    '/leaderboard?contest=1',
    '/analytics?tab=performance',
    '/contests/forex-sprint',
    `/contests/${invite.id}`,
    `/contests/${joined.id}`,
    `/contests/${teamCup.id}`,
    `/contests/${otherCup.id}`,
    `/teams/${otherTeam}`,
    // The member's own team: its captain's prize-shares form.
    `/teams/${teamId}`,
  );
}

/**
 * Tournaments (issue 19): a knockout the member plays in with a result in (bracket, final-less
 * placement, 'My next match', the matches list) and a league with its standings, both organised
 * by the admin (Regenerate, Report and Edit buttons).
 */
const tournamentPaths: string[] = [];
const tournamentIds = { knockout: 0, league: 0 };
async function seedTournaments() {
  const players = [people.member, ...(await createPlayers(s.db, 'axe_player', 7))];
  const knockout = await generatedTournament(s, {
    organiser: people.admin,
    players,
    format: 'knockout',
    title: 'Axe Knockout',
  });
  await reportFirstReady(s, knockout, { scores: [2, 1] });
  const league = await generatedTournament(s, {
    organiser: people.admin,
    players: players.slice(0, 4),
    format: 'league',
    title: 'Axe League',
  });
  tournamentIds.knockout = knockout.contestId;
  tournamentIds.league = league.contestId;
  tournamentPaths.push(`/contests/${knockout.contestId}`, `/contests/${league.contestId}`);
}

/**
 * The end of a contest (issue 30): an ended scored contest with a prize table whose results the
 * admin confirmed. The member won it (their prize awaiting a payout method, a certificate); a
 * player's line is approved (its 'Mark sent'); the contest page's Results, 'My winnings', the
 * certificate and the Payouts page have rows to show.
 */
const resultPaths: string[] = [];
async function seedResults() {
  const [runnerUp] = await createPlayers(s.db, 'axe_runner', 1);
  const contest = await insertContest(s.db, {
    createdBy: people.admin.id,
    status: 'active',
    title: 'Axe Results Sprint',
    format: 'open',
    registrationDeadline: new Date(Date.now() - 3 * DAY),
    startDate: new Date(Date.now() - 2 * DAY),
    endDate: new Date(Date.now() - 60 * 60 * 1000),
    prizeTable: {
      kind: 'fixed',
      rows: [
        { from: 1, to: 1, amount: '500', currency: 'USDT' },
        { from: 2, to: 2, amount: '200', currency: 'USDT' },
      ],
    },
  });
  await s.db.insert(contestParticipants).values([
    { contestId: contest.id, userId: people.member.id, score: 90 },
    { contestId: contest.id, userId: runnerUp!.id, score: 80 },
  ]);
  await s.db.insert(payoutMethods).values({
    userId: runnerUp!.id,
    paymentMethod: 'crypto',
    cryptoCurrency: 'USDT',
    cryptoAddress: `0x${'5'.repeat(40)}`,
  });
  const asAdmin = callerFor(s, people.admin).caller;
  await asAdmin.results.confirm({ contestId: contest.id });
  const lines = await asAdmin.payouts.list({ contestId: contest.id });
  const ready = lines.items.find((l) => l.status === 'ready')!;
  await asAdmin.payouts.update({ id: ready.id, status: 'approved' });
  const [certificate] = await s.db
    .select({ code: certificates.code })
    .from(certificates)
    .where(eq(certificates.userId, people.member.id));
  resultPaths.push(`/contests/${contest.id}`, `/certificates/${certificate!.code}`);
}

/**
 * A running submission contest (issue 31) organised by the admin, with its ROC AUC key and one
 * scored submission of the member's: the member's upload form and list, the boards, and the
 * admin's Evaluation panel (settings, key summary, Re-score and Publish, all submissions).
 */
const submissionPaths: string[] = [];
async function seedSubmissions() {
  const contest = await insertContest(s.db, {
    createdBy: people.admin.id,
    status: 'active',
    title: 'Axe Prediction Challenge',
    format: 'submission',
    enableLeaderboard: true,
    registrationDeadline: new Date(Date.now() - DAY),
    startDate: new Date(Date.now() - 60 * 60 * 1000),
    endDate: new Date(Date.now() + 3 * DAY),
  });
  await s.db
    .insert(contestParticipants)
    .values({ contestId: contest.id, userId: people.member.id });
  const deps = { db: s.db, privateDir: s.deps.privateDir };
  const fixture = (file: string) =>
    fs.readFileSync(path.join(SCORING_FIXTURES, 'binary_proba', file));
  await saveEvaluation(deps, people.admin, {
    contestId: contest.id,
    settings: {
      metric: 'roc_auc',
      idColumn: 'id',
      targetColumns: ['target'],
      publicFraction: 0.3,
      dailyLimit: 5,
      maxFileMb: 20,
      selectionLimit: 2,
    },
    key: { bytes: fixture('key.csv'), name: 'key.csv' },
  });
  await submitFile(deps, people.member, {
    contestId: contest.id,
    file: { bytes: fixture('submission.csv'), name: 'submission.csv' },
    description: 'A first try',
  });
  submissionPaths.push(`/contests/${contest.id}`);
}

/** A browser copy of a whole member wizard form (contestDraft), open on its last step. */
function wizardCopy(step = 4, values: Record<string, unknown> = {}): string {
  return JSON.stringify({
    userId: people.member.id,
    draftId: null,
    step,
    savedAt: Date.now(),
    values: {
      title: 'Axe Cup',
      category: 'gaming',
      shortDescription: 'A contest for the accessibility suite.',
      coverImage: '',
      mode: 'individual',
      maxParticipants: 20,
      format: 'league',
      registrationDeadline: '2031-01-01T09:00',
      startDate: '2031-01-02T09:00',
      endDate: '2031-01-03T09:00',
      participationType: 'paid',
      requiredTier: 'pro',
      entryFee: 15,
      prize: 'A trophy',
      description: '## Rules\n\nPlay fair and **have fun**. See [the rules](https://example.org).',
      externalLink: 'https://example.org/axe',
      pdfGuide: '',
      enableLeaderboard: true,
      enableComments: false,
      status: '',
      featured: false,
      ...values,
    },
  });
}

async function setSettings(change: Partial<TPlatformSettings>) {
  await savePlatformSettings({
    db: s.db,
    value: { ...(await getPlatformSettings({ db: s.db })), ...change },
  });
}

/** Until CSS transitions and animations (dialogs opening, toasts sliding in) have finished. */
async function animationsDone(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          // Spinners turn forever; only what ends is waited for.
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .every((a) => a.playState !== 'running'),
      null,
      { timeout: 3_000 },
    )
    .catch(() => slow(page, 'animations still running after 3 s'));
}

/** Said in the log: a wait the walk gives up on and carries on past, so a slow run says why. */
function slow(page: Page, what: string) {
  console.warn(`[axe] ${what} on ${page.url()}`);
}

/**
 * An in-page step (a frame, an axe run) has no timeout of its own: one that never ends fails
 * here, named, instead of running the test out of time without a word.
 */
async function within<T>(page: Page, what: string, ms: number, step: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms on ${page.url()}`)), ms);
  });
  try {
    return await Promise.race([step, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Two frames: whatever a navigation or a resize made React and the browser do is drawn. */
async function frames(page: Page) {
  await within(
    page,
    'two frames',
    10_000,
    page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    ),
  );
}

/** Until the screen is drawn: its heading is there and nothing is still loading. */
async function settle(page: Page) {
  await frames(page);
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(async (error: Error) => {
      const text = await page
        .locator('body')
        .innerText()
        .catch(() => '');
      throw new Error(`No heading on ${page.url()} (${text.slice(0, 200)}): ${error.message}`);
    });
  await page
    .waitForFunction(() => !document.querySelector('.chakra-spinner'), null, { timeout: 5_000 })
    .catch(() => slow(page, 'a spinner still shown after 5 s'));
  await animationsDone(page);
}

/** Opens a path inside the running app, as a link does: no reload, so far fewer seconds. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page);
}

/** The stored theme, applied by reloading the app. */
async function setTheme(page: Page, theme: Theme) {
  // Storage belongs to the site: a page that has not opened it yet opens it first.
  if (!page.url().startsWith(s.url)) await page.goto(`${s.url}/debug`);
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
  await settle(page);
}

async function audit(page: Page, where: string, findings: Finding[]) {
  // Legacy mode runs axe in the page itself; the default opens a second page for every run,
  // which costs three times as long and gains nothing here (the app has no iframes).
  const results = await within(
    page,
    `axe at ${where}`,
    30_000,
    new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'] })
      .analyze(),
  );
  for (const v of results.violations) {
    for (const node of v.nodes) {
      findings.push({
        id: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        target: node.target.join(' '),
        where,
      });
    }
  }
}

/** Prints every violation (each id, impact, target and help once, with where it was seen). */
function report(title: string, findings: Finding[]) {
  if (findings.length === 0) return;
  const byKey = new Map<string, { f: Finding; where: Set<string> }>();
  for (const f of findings) {
    const key = `${f.id}|${f.target}`;
    const entry = byKey.get(key) ?? { f, where: new Set<string>() };
    entry.where.add(f.where);
    byKey.set(key, entry);
  }
  const lines = [...byKey.values()].map(({ f, where }) => {
    const seen = [...where];
    const more = seen.length > 3 ? ` and ${seen.length - 3} more` : '';
    return `  [${f.impact}] ${f.id}: ${f.help}\n    target: ${f.target}\n    seen: ${seen.slice(0, 3).join('; ')}${more}`;
  });
  const pages = new Map<string, Set<string>>();
  for (const f of findings) pages.set(f.id, (pages.get(f.id) ?? new Set()).add(f.where));
  const counts = [...pages].map(([id, where]) => `${id} x${where.size}`).join(', ');
  console.log(`${title}: ${byKey.size} distinct violations (${counts})\n${lines.join('\n')}`);
}

function expectNoSerious(findings: Finding[]) {
  const serious = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  expect(serious.map((f) => `${f.id} (${f.impact}) ${f.target} @ ${f.where}`)).toEqual([]);
}

describe('axe-core on every screen', () => {
  // The walk visits every route as each role in two sizes and two themes (about 270 screens): its
  // time grows with the app and with the machine's load, so its limit is generous; it asserts no
  // time, only the findings.
  it('finds nothing serious on any route, as any role, on a desktop and a phone, in both themes', async () => {
    const findings: Finding[] = [];
    const titles = new Map<string, string>();
    const visits: Record<Who, string[]> = {
      // The reset form as a mailed link opens it, and a verification link that no longer works.
      guest: [
        ...GUEST_PATHS,
        ...OPEN_PATHS.map(samplePath),
        '/reset-password?token=axe-token',
        '/verify-email?token=axe-token',
        '/no-such-page',
      ],
      // Besides the plan chooser (/payment): an upgrade (30 and 365 days, and a plan not
      // offered: lifetime is off by default), the seeded contest's fee, the proofs.
      member: [
        ...SIGNED_IN_PATHS.map(samplePath),
        ...takingPartPaths,
        ...tournamentPaths,
        ...resultPaths,
        ...submissionPaths,
        '/payment?tier=pro',
        '/payment?tier=pro&period=365',
        '/payment?tier=pro&period=lifetime',
        '/payment?contest=1',
        '/settings?tab=payments',
        '/settings?tab=subscription',
        '/contests?tab=drafts',
      ],
      // The moderator's own screens; the rest they share with members.
      moderator: ['/admin/contests', '/admin/subscriptions', '/admin/disputes', '/admin/reports'],
      // The admin's own screens, and two shared ones seen with the admin's navigation; the
      // member screens look the same to an admin (the member audits them) but for the sidebar.
      admin: SIGNED_IN_PATHS.filter((p) => p.startsWith('/admin'))
        .map(samplePath)
        .concat(['/settings', '/contests/1', '/admin/settings?tab=payments'])
        .concat(tournamentPaths, resultPaths.slice(0, 1), submissionPaths),
    };
    const redirected = new Set<string>();

    const runRole = async (who: Who) => {
      const { page } = tabs[who];
      const started = Date.now();
      let audits = 0;
      for (const theme of THEMES) {
        await setTheme(page, theme);
        for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
          await page.setViewportSize(VIEWPORTS[viewport]);
          for (const path of visits[who]) {
            if (redirected.has(`${who} ${path}`)) continue;
            await navigate(page, path);
            // A route this role may not open sends it elsewhere: that screen is audited there.
            if (pathOf(page) !== path.split('?')[0]) {
              redirected.add(`${who} ${path}`);
              continue;
            }
            if (who !== 'guest' || path !== '/no-such-page') {
              expect(await page.getByText('Page Not Found').count(), `${path} renders`).toBe(0);
            }
            await page
              .waitForFunction(() => document.title.includes(' · '), null, { timeout: 1_000 })
              .catch(() => undefined);
            titles.set(`${who} ${path}`, await page.title());
            await audit(page, `${who} ${viewport} ${theme} ${path}`, findings);
            audits += 1;
          }
        }
      }
      console.log(`${who}: ${audits} screens in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    };
    // Two pages at a time: the two cores stay busy without starving the server. The lanes are
    // about even (in one run: admin 135 s + guest 24 s, member 162 s + moderator 14 s).
    try {
      await Promise.all([
        (async () => {
          await runRole('admin');
          await runRole('guest');
        })(),
        (async () => {
          await runRole('member');
          await runRole('moderator');
        })(),
      ]);
    } finally {
      report('routes', findings);
    }

    console.log('document titles:\n' + [...titles].map(([k, v]) => `  ${k} -> ${v}`).join('\n'));
    expectNoSerious(findings);
    // Every screen names itself in the title, after the platform.
    for (const [key, title] of titles) expect(title, key).toMatch(/^\S.* · Contest Platform$/);
    expect(titles.get('admin /admin/users')).toBe('Users · Contest Platform');
    const distinct = new Set([...titles].filter(([k]) => k.startsWith('admin ')).map(([, t]) => t));
    expect(distinct.size).toBeGreaterThanOrEqual(10);
  }, 480_000);

  it('finds nothing serious in open dialogs, the phone menu, error states and toasts', async () => {
    const findings: Finding[] = [];
    const { page } = tabs.admin;
    const member = tabs.member.page;
    try {
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await setTheme(member, theme);
        await page.setViewportSize(VIEWPORTS.desktop);
        await navigate(page, '/admin/users');

        await page.getByRole('button', { name: 'Add User' }).click();
        const add = page.getByRole('dialog', { name: 'Add New User' });
        await add.waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Add User dialog`, findings);
        // The same dialog showing its field errors.
        await add.getByRole('button', { name: 'Create User' }).click();
        await add
          .getByText(/required|at least/i)
          .first()
          .waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Add User dialog with errors`, findings);
        await page.keyboard.press('Escape');
        await add.waitFor({ state: 'detached' });

        const actions = page.getByRole('button', { name: `Actions for ${people.member.username}` });
        await actions.click();
        await page.getByRole('menuitem', { name: 'Change Role/Subscription' }).click();
        const update = page.getByRole('dialog', { name: 'Update User' });
        await update.waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Update User dialog`, findings);
        await page.keyboard.press('Escape');
        await update.waitFor({ state: 'detached' });

        // A confirmation starts on its safe choice.
        await actions.click();
        await page.getByRole('menuitem', { name: 'Delete User' }).click();
        const confirm = page.getByRole('alertdialog', { name: 'Delete User' });
        await confirm.waitFor();
        await animationsDone(page);
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
          .toBe('Cancel');
        await audit(page, `admin ${theme} Delete User confirmation`, findings);
        await page.keyboard.press('Escape');
        await confirm.waitFor({ state: 'detached' });

        // 'Remove demo data' with its preview (what goes; what stays and why), not confirmed.
        await navigate(page, '/admin');
        await page.getByRole('button', { name: 'Remove demo data' }).click();
        const demo = page.getByRole('alertdialog', { name: 'Remove demo data' });
        await demo.getByText(/^These will be deleted/).waitFor();
        await demo.getByText('These stay, because they are in use').waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Remove demo data preview`, findings);
        await page.keyboard.press('Escape');
        await demo.waitFor({ state: 'detached' });

        // The payment review dialogs.
        await navigate(page, '/admin/subscriptions');
        const proofRow = page.getByRole('row').filter({ hasText: people.member.username }).first();
        await proofRow.getByRole('button', { name: /^Reject/ }).click();
        const reject = page.getByRole('dialog', { name: 'Reject Payment' });
        // By keyboard: a pointer left resting on the red button would audit its hover shade.
        await reject.getByRole('button', { name: 'Reject Payment' }).press('Enter');
        await reject.getByText('Please give a reason for the rejection.').waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Reject Payment dialog with errors`, findings);
        await page.keyboard.press('Escape');
        await reject.waitFor({ state: 'detached' });
        await proofRow.getByRole('button', { name: /^Verify/ }).click();
        const verify = page.getByRole('alertdialog', { name: 'Verify Payment' });
        await verify.waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Verify Payment confirmation`, findings);
        await page.keyboard.press('Escape');
        await verify.waitFor({ state: 'detached' });

        // The payout steps (issue 30): approving the member's line, forfeiting it, and marking
        // the approved line sent with its field's error.
        await navigate(page, '/admin/payouts');
        const memberLine = page.getByRole('row').filter({ hasText: people.member.username });
        await memberLine.getByRole('button', { name: /^Forfeit/ }).click();
        const forfeit = page.getByRole('dialog', { name: /Forfeit/ });
        await forfeit.waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Forfeit payout dialog`, findings);
        await page.keyboard.press('Escape');
        await forfeit.waitFor({ state: 'detached' });
        const approvedLine = page.getByRole('row').filter({ hasText: 'axe_runner1' });
        await approvedLine.getByRole('button', { name: /^Mark sent/ }).click();
        const sent = page.getByRole('dialog', { name: 'Mark payout sent' });
        await sent.getByLabel('Transaction hash or reference').fill('0x12');
        await sent.getByRole('button', { name: 'Mark sent' }).press('Enter');
        await sent.getByText(/Transaction hash must be/).waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Mark payout sent dialog with errors`, findings);
        await page.keyboard.press('Escape');
        await sent.waitFor({ state: 'detached' });

        // The member's proof dialog with SPEC 5's messages.
        await navigate(member, '/payment?contest=1');
        await member.getByRole('button', { name: 'Submit Payment Proof' }).click();
        const proof = member.getByRole('dialog', { name: 'Submit Payment Proof' });
        await proof.getByRole('button', { name: 'Submit Proof' }).click();
        await proof.getByText('Transaction hash must be at least 10 characters.').waitFor();
        await animationsDone(member);
        await audit(member, `member ${theme} payment proof dialog with errors`, findings);
        await member.keyboard.press('Escape');
        await proof.waitFor({ state: 'detached' });

        // The tournament dialogs: the organiser's report of a match and the manual seeding.
        await navigate(page, `/contests/${tournamentIds.league}`);
        await page
          .getByRole('button', { name: /^Report result of / })
          .first()
          .click();
        const report = page.getByRole('dialog', { name: 'Report result' });
        await report.getByRole('button', { name: 'Report result' }).press('Enter');
        await report
          .getByText(/^A score is/)
          .first()
          .waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Report result dialog with errors`, findings);
        await page.keyboard.press('Escape');
        await report.waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'Regenerate bracket' }).click();
        const regenerate = page.getByRole('alertdialog', { name: 'Regenerate the bracket?' });
        await regenerate.waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Regenerate confirmation`, findings);
        await regenerate.getByRole('button', { name: 'Continue' }).click();
        const seeding = page.getByRole('dialog', { name: 'Regenerate bracket' });
        await seeding.getByText('Manual order').click();
        await seeding.getByRole('list', { name: 'Seeding order, best seed first' }).waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Regenerate bracket dialog, manual order`, findings);
        await page.keyboard.press('Escape');
        await seeding.waitFor({ state: 'detached' });

        // The contest Edit dialog, and the member's contest filter.
        await navigate(page, '/admin/contests');
        await page.getByRole('button', { name: 'Actions for The Dake Contest' }).click();
        await page.getByRole('menuitem', { name: 'Edit' }).click();
        const edit = page.getByRole('dialog', { name: 'Edit Contest' });
        await edit.waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Edit Contest dialog`, findings);
        await page.keyboard.press('Escape');
        await edit.waitFor({ state: 'detached' });
        await navigate(member, '/contests');
        await member.getByRole('button', { name: /^Filter/ }).click();
        const filter = member.getByRole('dialog', { name: 'Filter contests' });
        await filter.waitFor();
        await animationsDone(member);
        await audit(member, `member ${theme} contest filter`, findings);
        await member.keyboard.press('Escape');
        await filter.waitFor({ state: 'hidden' });
        // The bell's popover: the member's latest notifications (their joins and score).
        await member.getByRole('button', { name: /^Notifications/ }).click();
        const bell = member.getByRole('dialog', { name: 'Notifications' });
        await bell.waitFor();
        await bell.getByRole('link', { name: 'See all notifications' }).waitFor();
        await animationsDone(member);
        await audit(member, `member ${theme} notifications popover`, findings);
        await member.keyboard.press('Escape');
        await bell.waitFor({ state: 'hidden' });

        for (const [who, p, path] of [
          ['admin', page, '/admin/users'],
          ['member', member, '/'],
        ] as const) {
          await p.setViewportSize(VIEWPORTS.phone);
          await navigate(p, path);
          await p.getByRole('button', { name: 'Open menu' }).click();
          await p.getByRole('dialog').waitFor();
          await animationsDone(p);
          await audit(p, `${who} phone ${theme} menu drawer`, findings);
          await p.keyboard.press('Escape');
          await p.getByRole('dialog').waitFor({ state: 'detached' });
        }

        // A toast on a phone stays clear of the bottom navigation.
        await navigate(member, '/settings');
        await member.getByLabel('Full Name').fill(`Axe ${theme}`);
        await member.getByRole('button', { name: 'Save Changes' }).click();
        const toast = member
          .getByRole('status')
          .filter({ hasText: 'Profile updated successfully' });
        await toast.waitFor();
        await animationsDone(member);
        const toastBox = await toast.boundingBox();
        const navBox = await member
          .getByRole('navigation', { name: 'Bottom navigation' })
          .boundingBox();
        expect(toastBox && navBox && toastBox.y + toastBox.height <= navBox.y + 1).toBe(true);
        await audit(member, `member phone ${theme} success toast`, findings);
        await member.setViewportSize(VIEWPORTS.desktop);

        // The contest wizard's messages after Next, and its Preview dialog (reached through the
        // browser copy, which reopens the wizard on its last step).
        await member.evaluate(() => localStorage.removeItem('contestDraft'));
        await navigate(member, '/contests/create');
        // Enter submits the step as Next does (the last toast may still cover the button).
        await member.getByLabel('Contest Title').press('Enter');
        await member.getByText('Title must be at least 3 characters').waitFor();
        await audit(member, `member ${theme} contest wizard with errors`, findings);
        await member.evaluate((copy) => localStorage.setItem('contestDraft', copy), wizardCopy());
        await navigate(member, '/');
        await navigate(member, '/contests/create');
        await member.getByRole('button', { name: 'Preview', exact: true }).click();
        const preview = member.getByRole('dialog', { name: 'Contest Preview' });
        await preview.getByRole('heading', { name: 'Rules' }).waitFor();
        await animationsDone(member);
        await audit(member, `member ${theme} contest preview dialog`, findings);
        await member.keyboard.press('Escape');
        await preview.waitFor({ state: 'detached' });
        // Step 2 asking what a double-elimination knockout needs.
        await member.evaluate(
          (copy) => localStorage.setItem('contestDraft', copy),
          wizardCopy(1, {
            format: 'knockout',
            tournament: { elimination: 'double', checkInMinutes: 30 },
          }),
        );
        await navigate(member, '/');
        await navigate(member, '/contests/create');
        await member.getByLabel('Grand final').waitFor();
        await audit(member, `member ${theme} contest wizard format settings`, findings);
        // Step 2 asking a submission contest's evaluation (issue 31), its messages shown.
        await member.evaluate(
          (copy) => localStorage.setItem('contestDraft', copy),
          wizardCopy(1, { format: 'submission', evaluation: { publicPercent: '100' } }),
        );
        await navigate(member, '/');
        await navigate(member, '/contests/create');
        await member.getByRole('button', { name: 'Next' }).click();
        await member.getByText(/^The public share is less than 1/).waitFor();
        await audit(member, `member ${theme} contest wizard evaluation`, findings);
        await member.evaluate(() => localStorage.removeItem('contestDraft'));

        // The sign-in form's field errors and the error toast of a refused sign-in.
        const guest = tabs.guest.page;
        await setTheme(guest, theme);
        await navigate(guest, '/auth');
        await guest.getByRole('button', { name: 'Login', exact: true }).click();
        await guest
          .getByText(/required/i)
          .first()
          .waitFor();
        await audit(guest, `guest ${theme} sign-in field errors`, findings);
        await guest.getByLabel('Username').fill(people.member.username);
        await guest.getByLabel('Password').fill('not-the-password');
        await guest.getByRole('button', { name: 'Login', exact: true }).click();
        await guest.locator('[data-part="root"][data-type="error"]').waitFor();
        await animationsDone(guest);
        await audit(guest, `guest ${theme} error toast`, findings);
      }
    } finally {
      report('dialogs and states', findings);
    }
    expectNoSerious(findings);
  }, 240_000);

  it('shows maintenance mode to guests on /auth, to members as a page and to admins as a banner', async () => {
    const findings: Finding[] = [];
    await setSettings({ maintenanceMode: true });
    try {
      for (const theme of THEMES) {
        for (const [who, path, text] of [
          ['guest', '/auth', /maintenance/i],
          ['member', '/', 'Under Maintenance'],
          ['admin', '/admin/users', /maintenance mode is on/i],
        ] as const) {
          const { page } = tabs[who];
          await setTheme(page, theme);
          // A fresh load: the app asks for the settings again.
          await page.goto(s.url + path);
          await settle(page);
          await page.getByText(text).first().waitFor({ timeout: 5_000 });
          for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
            await page.setViewportSize(VIEWPORTS[viewport]);
            await frames(page);
            await animationsDone(page);
            await audit(page, `${who} ${viewport} ${theme} maintenance ${path}`, findings);
          }
        }
      }
      // The banner is on every admin screen, not only one.
      await navigate(tabs.admin.page, '/admin/audit');
      await tabs.admin.page.getByText(/maintenance mode is on/i).waitFor();
    } finally {
      await setSettings({ maintenanceMode: false });
      report('maintenance', findings);
    }
    await tabs.admin.page.goto(`${s.url}/admin`);
    await settle(tabs.admin.page);
    expect(await tabs.admin.page.getByText(/maintenance mode is on/i).count()).toBe(0);
    expectNoSerious(findings);
  }, 90_000);
});

describe('the page states issue 15 named', () => {
  /** Nothing serious, and none of the findings the review named, on these states. */
  function expectClean(findings: Finding[]) {
    expectNoSerious(findings);
    const named = findings.filter((f) => f.id === 'heading-order' || f.id === 'region');
    expect(named.map((f) => `${f.id} ${f.target} @ ${f.where}`)).toEqual([]);
  }

  it.each(THEMES)(
    'Platform Settings › Payments, the Drafts tab and an open action menu (%s)',
    async (theme) => {
      const findings: Finding[] = [];
      const admin = tabs.admin.page;
      const member = tabs.member.page;
      try {
        await setTheme(admin, theme);
        await setTheme(member, theme);
        for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
          await admin.setViewportSize(VIEWPORTS[viewport]);
          await member.setViewportSize(VIEWPORTS[viewport]);
          await navigate(admin, '/admin/settings?tab=payments');
          await admin.getByLabel('Standard price for 30 days').waitFor();
          await audit(admin, `admin ${viewport} ${theme} Platform Settings › Payments`, findings);

          await navigate(member, '/contests?tab=drafts');
          await member.getByText('Axe Draft Cup').first().waitFor();
          await audit(member, `member ${viewport} ${theme} Drafts tab`, findings);

          for (const [path, name, item] of [
            ['/admin/users', `Actions for ${people.member.username}`, 'Delete User'],
            // A pending contest's menu has its red Reject too.
            ['/admin/contests', 'Actions for Axe Pending Cup', 'Reject'],
          ] as const) {
            await navigate(admin, path);
            await admin.getByRole('button', { name }).click();
            await admin.getByRole('menuitem', { name: item }).waitFor();
            await animationsDone(admin);
            await audit(admin, `admin ${viewport} ${theme} ${path} action menu`, findings);
            // The menu opens inside the page's main landmark.
            expect(
              await admin.evaluate(() =>
                Boolean(document.querySelector('[role="menu"]')?.closest('main')),
              ),
            ).toBe(true);
            await admin.keyboard.press('Escape');
            await admin.getByRole('menu').waitFor({ state: 'hidden' });
          }
        }
      } finally {
        report(`issue 15 states (${theme})`, findings);
      }
      expectClean(findings);
    },
    90_000,
  );

  it('the wizard while its code loads: the spinner stands in the layout’s main', async () => {
    const findings: Finding[] = [];
    // A page that has never loaded the wizard's code.
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    try {
      const page = await context.newPage();
      await signInThroughForm(page, s.url, people.member.username, people.member.password);
      await settle(page);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/(CreateContestPage|ContestWizard)-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.evaluate(() => {
        history.pushState(null, '', '/contests/create');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      const loading = page.getByRole('status', { name: 'Loading page' });
      await loading.waitFor();
      expect(await loading.evaluate((el) => Boolean(el.closest('main')))).toBe(true);
      // The layout stays: its navigation is still there while the screen loads.
      await page.getByRole('link', { name: 'Contests', exact: true }).first().waitFor();
      await audit(page, 'member wizard loading', findings);
      release();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    } finally {
      await context.close();
      report('wizard loading', findings);
    }
    expectClean(findings);
  });
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
    expect(
      findings
        .filter((f) => f.impact !== 'minor')
        .map((f) => `${f.id} (${f.impact}) ${f.target} @ ${f.where}`),
    ).toEqual([]);
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
    expect(
      findings
        .filter((f) => f.impact !== 'minor')
        .map((f) => `${f.id} (${f.impact}) ${f.target} @ ${f.where}`),
    ).toEqual([]);
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
    expect(
      findings
        .filter((f) => f.impact !== 'minor')
        .map((f) => `${f.id} (${f.impact}) ${f.target} @ ${f.where}`),
    ).toEqual([]);
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
    expect(
      findings
        .filter((f) => f.impact !== 'minor')
        .map((f) => `${f.id} (${f.impact}) ${f.target} @ ${f.where}`),
    ).toEqual([]);
  }, 120_000);
});

describe('navigation aids', () => {
  it('starts every page with a skip link to the main content', async () => {
    for (const [who, path] of [
      ['member', '/contests'],
      ['admin', '/admin/users'],
      ['guest', '/auth'],
      ['guest', '/debug'],
      ['guest', '/no-such-page'],
    ] as const) {
      const { page } = tabs[who];
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.goto(s.url + path);
      await settle(page);
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      expect(await focused.textContent(), `${who} ${path}`).toBe('Skip to main content');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.tagName), { timeout: 3_000 })
        .toBe('MAIN');
    }
  });

  it('keeps the settings tab in the URL, and /debug leads back to the dashboard', async () => {
    const member = tabs.member.page;
    await member.goto(`${s.url}/settings`);
    await settle(member);
    await member.getByRole('tab', { name: 'Payment Methods' }).click();
    await member.waitForURL(/\/settings\?tab=payment$/);
    await member.reload();
    await settle(member);
    expect(
      await member.getByRole('tab', { name: 'Payment Methods' }).getAttribute('aria-selected'),
    ).toBe('true');

    const admin = tabs.admin.page;
    await admin.goto(`${s.url}/admin/settings?tab=payments`);
    await settle(admin);
    expect(await admin.getByRole('tab', { name: 'Payments' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await admin.getByLabel('Standard price for 30 days').waitFor();
    await admin.getByRole('tab', { name: 'General' }).click();
    await admin.waitForURL(/\/admin\/settings(\?tab=general)?$/);

    await member.goto(`${s.url}/debug`);
    await settle(member);
    await member.getByRole('link', { name: /dashboard/i }).click();
    await member.waitForURL(`${s.url}/`);
  });

  it('follows a rename of the platform in the footer, the logo and the title', async () => {
    const year = new Date().getFullYear();
    const admin = tabs.admin.page;
    await admin.setViewportSize(VIEWPORTS.desktop);
    await admin.goto(`${s.url}/admin/settings`);
    await settle(admin);
    await admin.getByText(`© ${year} Contest Platform`).waitFor();
    await admin.getByLabel('Platform Name').fill('Acme Arena');
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await admin.getByText(`© ${year} Acme Arena`).waitFor();
    expect(await admin.getByText('Contest Platform').count()).toBe(0);
    expect(await admin.getByRole('link', { name: 'Acme Arena' }).count()).toBeGreaterThan(0);
    await expect.poll(() => admin.title()).toBe('Platform Settings · Acme Arena');
    await admin.getByRole('link', { name: 'Users' }).first().click();
    await expect.poll(() => admin.title()).toBe('Users · Acme Arena');

    const guest = tabs.guest.page;
    await guest.goto(`${s.url}/auth`);
    await settle(guest);
    await guest.getByRole('heading', { name: 'Acme Arena', level: 1 }).waitFor();
    await expect.poll(() => guest.title()).toMatch(/ · Acme Arena$/);
  });
});

describe('the OpenID sign-in screens (issue 20)', () => {
  let op: TestOidcProvider;
  beforeAll(async () => {
    op = await startOidcProvider({ redirectUris: [callbackFor(s.url)] });
    s.deps.oidc = await readyRegistry([op.config('local', 'Local ID')]);
  });
  afterAll(async () => {
    s.deps.oidc?.close();
    s.deps.oidc = undefined;
    await op?.stop();
  });

  it('the provider buttons, the follow-ups, a refusal and Sign-in methods', async () => {
    const findings: Finding[] = [];
    const owner = await createUser(s.db, { username: 'axe_owner', email: 'owner@example.org' });
    // A member made through the provider: no password, one linked identity.
    const linked = await createUser(s.db, { username: 'axe_linked' });
    await s.db.update(users).set({ password: NO_PASSWORD }).where(eq(users.id, linked.id));
    await s.db.insert(userIdentities).values({
      userId: linked.id,
      provider: 'local',
      subject: 'axe-sub',
      email: 'axe@idp.example',
    });
    const flows: Record<string, OidcFlow> = {
      username: {
        stage: 'username',
        provider: 'local',
        subject: 'new-sub',
        email: 'newcomer@example.org',
        emailVerified: true,
        suggested: 'newcomer',
      },
      confirm: {
        stage: 'confirm',
        provider: 'local',
        subject: 'owner-sub',
        email: owner.email,
        userId: owner.id,
      },
      error: {
        stage: 'error',
        intent: 'signin',
        message: 'Sign-in with Local ID was cancelled.',
      },
    };
    const screens: {
      who: string;
      user?: CreatedUser;
      path: string;
      flow?: OidcFlow;
      shows: string;
    }[] = [
      { who: 'guest', path: '/auth', shows: 'Continue with Local ID' },
      {
        who: 'guest',
        path: '/auth?oidc=username',
        flow: flows.username,
        shows: 'Choose a username',
      },
      {
        who: 'guest',
        path: '/auth?oidc=confirm',
        flow: flows.confirm,
        shows: 'Link Local ID to your account',
      },
      {
        who: 'guest',
        path: '/auth?oidc=error',
        flow: flows.error,
        shows: 'Sign-in did not complete',
      },
      { who: 'member', user: people.member, path: '/settings', shows: 'Sign-in methods' },
      { who: 'linked', user: linked, path: '/settings', shows: 'Set a password' },
      {
        who: 'member',
        user: people.member,
        path: '/settings?oidc=error',
        flow: {
          stage: 'error',
          intent: 'link',
          message: 'That Local ID account is already linked to another member.',
        },
        shows: 'The provider was not linked',
      },
    ];
    try {
      for (const screen of screens) {
        const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
        try {
          const cookies = [];
          if (screen.user) {
            const cookie = await sessionCookie(s, screen.user.id);
            const at = cookie.indexOf('=');
            cookies.push({ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: s.url });
          }
          if (screen.flow)
            cookies.push({ ...(await flowCookie(s.deps.sessionSecret, screen.flow)), url: s.url });
          await context.addCookies(cookies);
          const page = await context.newPage();
          for (const [theme, viewport] of EACH_ONCE) {
            await setTheme(page, theme);
            await page.setViewportSize(VIEWPORTS[viewport]);
            await page.goto(s.url + screen.path);
            await settle(page);
            await page.getByText(screen.shows).first().waitFor();
            if (screen.who === 'linked') {
              await page.getByRole('button', { name: 'Set a password' }).click();
              await page.getByLabel('Confirm New Password').waitFor();
            }
            await animationsDone(page);
            await audit(page, `${screen.who} ${viewport} ${theme} ${screen.path}`, findings);
          }
        } finally {
          await context.close();
        }
      }
    } finally {
      report('OpenID screens', findings);
    }
    expectNoSerious(findings);
  }, 120_000);
});

describe('two-factor sign-in screens', () => {
  /** Turns it on for `user` straight through the service, as Account Settings would. */
  async function turnOn(user: CreatedUser): Promise<string> {
    const actor = { id: user.id, username: user.username, role: user.role, ip: '127.0.0.1' };
    const { secret } = await beginSetup({ db: s.db, actor, sessionSecret: s.deps.sessionSecret });
    await enableTwoFactor({
      db: s.db,
      actor,
      sessionId: '',
      sessionSecret: s.deps.sessionSecret,
      limits: s.deps.limits,
      code: await generate({ secret }),
    });
    return secret;
  }

  it('the code step, the Account Settings card in each state, the staff setup screen and the reset confirmation', async () => {
    const findings: Finding[] = [];
    const member = await createUser(s.db, { username: 'axe_twofactor' });
    const protectedMember = await createUser(s.db, { username: 'axe_protected' });
    await turnOn(protectedMember);
    const staff = await createUser(s.db, { username: 'axe_staff', role: 'moderator' });
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    try {
      const page = await context.newPage();
      await signInThroughForm(page, s.url, member.username, member.password);
      for (const [theme, viewport] of EACH_ONCE) {
        await setTheme(page, theme);
        await page.setViewportSize(VIEWPORTS[viewport]);
        await navigate(page, '/settings');
        // By keyboard: on a phone a toast or the bottom navigation may cover a button.
        await page.getByRole('button', { name: 'Set up two-factor sign-in' }).press('Enter');
        await page.getByRole('img', { name: /QR code for your authenticator app/ }).waitFor();
        await page.getByLabel('2. Enter the 6-digit code the app shows').fill('000000');
        await page.getByRole('button', { name: 'Turn on', exact: true }).press('Enter');
        await page.getByText('That code is not valid', { exact: false }).first().waitFor();
        await animationsDone(page);
        await audit(page, `member ${viewport} ${theme} two-factor setup with error`, findings);
        await page.getByRole('button', { name: 'Cancel' }).press('Enter');
      }
      // On (which ends the member's sessions): the sign-in's code step, then the card. A reload
      // (the theme's) leaves the code step, so each theme signs in again.
      const secret = await turnOn(member);
      await page.setViewportSize(VIEWPORTS.desktop);
      const codeField = page.getByLabel('Authentication code');
      for (const theme of THEMES) {
        await page.goto(`${s.url}/auth`);
        await setTheme(page, theme);
        await page.getByRole('tab', { name: 'Login' }).click();
        await page.getByLabel('Username').fill(member.username);
        await page.getByLabel('Password').fill(member.password);
        await page.getByRole('button', { name: 'Login', exact: true }).click();
        await codeField.fill('000000');
        await page.getByRole('button', { name: 'Verify' }).click();
        await page.getByRole('alert').filter({ hasText: 'That code is not valid' }).waitFor();
        await animationsDone(page);
        await audit(page, `guest ${theme} two-factor code step with error`, findings);
      }
      await codeField.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(`${s.url}/`);
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await navigate(page, '/settings');
        await page.getByRole('button', { name: 'Turn off', exact: true }).click();
        await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
        await page.getByText('Current password is required').waitFor();
        await animationsDone(page);
        await audit(page, `member ${theme} two-factor turn-off form with errors`, findings);
        await page.getByRole('button', { name: 'Cancel' }).press('Enter');
      }

      // Staff the platform requires it of: the setup screen before anything else.
      await setSettings({ requireStaffTwoFactor: true });
      try {
        // A browser of the moderator's own (the member is signed in on this one).
        const staffPage = await (
          await browser.newContext({ viewport: VIEWPORTS.desktop })
        ).newPage();
        await signInThroughForm(staffPage, s.url, staff.username, staff.password);
        await staffPage.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
        for (const theme of THEMES) {
          await setTheme(staffPage, theme);
          for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
            await staffPage.setViewportSize(VIEWPORTS[viewport]);
            await frames(staffPage);
            await audit(staffPage, `moderator ${viewport} ${theme} required setup`, findings);
          }
        }
        // The recovery codes, shown once (in the last theme: a reload would leave them).
        await staffPage.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
        const secretText = staffPage.getByLabel('Or type this secret key into the app:');
        const staffSecret = (await secretText.textContent())!.replace(/\s/g, '');
        await staffPage
          .getByLabel('2. Enter the 6-digit code the app shows')
          .fill(await generate({ secret: staffSecret }));
        await staffPage.getByRole('button', { name: 'Turn on', exact: true }).click();
        await staffPage.getByRole('list', { name: 'Your recovery codes' }).waitFor();
        await animationsDone(staffPage);
        await audit(staffPage, 'moderator recovery codes', findings);
        await staffPage.context().close();
      } finally {
        await setSettings({ requireStaffTwoFactor: false });
      }

      // The admin's confirmation.
      const admin = tabs.admin.page;
      for (const theme of THEMES) {
        await setTheme(admin, theme);
        await admin.setViewportSize(VIEWPORTS.desktop);
        await navigate(admin, '/admin/users');
        // Found by name: the tournament pages' players put later members past the first page.
        await admin.getByLabel('Search users').fill(protectedMember.username);
        await admin
          .getByRole('button', { name: `Actions for ${protectedMember.username}` })
          .click();
        await admin.getByRole('menuitem', { name: 'Reset Two-Factor Sign-In' }).click();
        const confirm = admin.getByRole('alertdialog', { name: 'Reset Two-Factor Sign-In' });
        await confirm.waitFor();
        await animationsDone(admin);
        await audit(admin, `admin ${theme} Reset Two-Factor Sign-In confirmation`, findings);
        await admin.keyboard.press('Escape');
        await confirm.waitFor({ state: 'detached' });
      }
    } finally {
      await context.close();
      report('two-factor', findings);
    }
    expectNoSerious(findings);
  }, 120_000);
});
