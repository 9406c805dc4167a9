// What the axe files' screens show, seeded on a file's own server. Each seed adds one area's rows
// and returns the paths that show them; startAxeStage (./support) runs the ones a file asks for,
// always in the order of SEEDS, so the route walk (which asks for all) gets the same ids every
// time: contest 1 and team 1, the route table's samples, are the first of theirs.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { seedContests } from '../../../src/server/seed/seedContests';
import { joinContest } from '../../../src/server/domain/participation/participation';
import { setScores } from '../../../src/server/domain/participation/leaderboard';
import {
  acceptInvite,
  createTeam,
  inviteMember,
} from '../../../src/server/domain/tournaments/teams';
import { saveEvaluation, submitFile } from '../../../src/server/domain/submissions';
import { uploadStatement } from '../../../src/server/domain/trading';
import {
  certificates,
  contestParticipants,
  mailOutbox,
  payoutMethods,
} from '../../../src/server/platform/db/schema';
import { DAY, insertContest } from '../../helpers/contests';
import { configureNetwork, insertProof } from '../../helpers/payments';
import { callerFor, createUser, type CreatedUser } from '../../helpers/db';
import { SCORING_FIXTURES } from '../../helpers/scoringFixtures';
import { localFixture } from '../../helpers/tradingFixtures';
import type { TestServer } from '../../helpers/server';
import { createPlayers, generatedTournament, reportFirstReady } from '../tournamentData';

export type Role = 'member' | 'moderator' | 'admin';
export type People = Record<Role, CreatedUser>;

/** The paths a file's seeds filled, for the route walk's member and admin lanes. */
export interface SeededPaths {
  takingPart: string[];
  tournaments: string[];
  results: string[];
  submissions: string[];
  trading: string[];
}

/** What a seed hands back besides its paths. */
export interface Seeded {
  paths: SeededPaths;
  tournamentIds: { knockout: number; league: number };
}

type SeedFn = (s: TestServer, people: People, seeded: Seeded) => Promise<void>;

/**
 * The demo contests fill the contest screens (contest 1, samplePath's, is the first of them),
 * and a member's pending one gives /admin/contests its Approve and Reject buttons.
 */
async function seedDemoContests(s: TestServer, people: People) {
  await seedContests(s.db);
  await insertContest(s.db, {
    createdBy: people.member.id,
    status: 'pending',
    title: 'Axe Pending Cup',
  });
}

/**
 * The member's taking-part screens with something in them: the contest page's register states
 * (the demo contests give the entry fee and the tier; these add an invite code and 'You are
 * registered'), and a finished contest for /analytics' chart.
 */
async function seedTakingPart(s: TestServer, people: People, seeded: Seeded) {
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
  seeded.paths.takingPart.push(
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
async function seedTournaments(s: TestServer, people: People, seeded: Seeded) {
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
  seeded.tournamentIds.knockout = knockout.contestId;
  seeded.tournamentIds.league = league.contestId;
  seeded.paths.tournaments.push(`/contests/${knockout.contestId}`, `/contests/${league.contestId}`);
}

/**
 * The end of a contest (issue 30): an ended scored contest with a prize table whose results the
 * admin confirmed. The member won it (their prize awaiting a payout method, a certificate); a
 * player's line is approved (its 'Mark sent'); the contest page's Results, 'My winnings', the
 * certificate and the Payouts page have rows to show.
 */
async function seedResults(s: TestServer, people: People, seeded: Seeded) {
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
  seeded.paths.results.push(`/contests/${contest.id}`, `/certificates/${certificate!.code}`);
}

/**
 * A running submission contest (issue 31) organised by the admin, with its ROC AUC key and one
 * scored submission of the member's: the member's upload form and list, the boards, and the
 * admin's Evaluation panel (settings, key summary, Re-score and Publish, all submissions).
 */
async function seedSubmissions(s: TestServer, people: People, seeded: Seeded) {
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
  seeded.paths.submissions.push(`/contests/${contest.id}`);
}

/**
 * A forex Open contest scored from statements (issue 34), its rules set by the admin, its window
 * around the MT4 fixture's March 2024, with the member's MT4 statement (their code is not in it:
 * awaiting review; its withdrawal breaks the deposit rule): the contest page's Trading rules
 * section (each rule in words, the CSV template; the admin's Edit rules button), the member's
 * statement panel, the board with its curve and breaches, and the admin's review list.
 */
async function seedTrading(s: TestServer, people: People, seeded: Seeded) {
  const contest = await insertContest(s.db, {
    createdBy: people.admin.id,
    status: 'active',
    title: 'Axe FX Sprint',
    format: 'open',
    category: 'forex',
    enableLeaderboard: true,
    registrationDeadline: new Date('2024-03-01T00:00:00Z'),
    startDate: new Date('2024-03-01T00:00:00Z'),
    endDate: new Date('2024-03-31T23:59:00Z'),
  });
  await callerFor(s, people.admin).caller.trading.setRules({
    contestId: contest.id,
    metric: 'return_pct',
    maxDrawdownPct: 10,
    minTrades: 5,
    symbols: ['EURUSD'],
    minHoldSeconds: 120,
    deposits: 'disqualify',
    currency: 'USD',
  });
  await s.db
    .insert(contestParticipants)
    .values({ contestId: contest.id, userId: people.member.id });
  await uploadStatement({ db: s.db, privateDir: s.deps.privateDir }, people.member, {
    contestId: contest.id,
    file: { bytes: localFixture('mt4-statement.html'), name: 'mt4-statement.html' },
  });
  seeded.paths.trading.push(`/contests/${contest.id}`, `/leaderboard?contest=${contest.id}`);
}

/**
 * Payments on two networks, a pending upgrade and a rejected fee of the member's: the payment
 * page's tabs, QR codes, refusal and proof states, and the review queue's rows and buttons. The
 * rejected fee is contest 1's: seed 'contests' with it.
 */
async function seedPayments(s: TestServer, people: People) {
  await configureNetwork(s.db, 'ETH');
  await configureNetwork(s.db, 'BTC');
  await insertProof(s.db, { userId: people.member.id, tier: 'pro' });
  await insertProof(s.db, { userId: people.member.id, contestId: 1, status: 'rejected' });
}

/**
 * The Outbox with a message kept there (no SMTP), one still queued after a failed try, and a
 * failed one (its Retry button).
 */
async function seedOutbox(s: TestServer) {
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
}

/** Every seed, in the order they run whatever order a file names them in. */
export const SEEDS = {
  contests: seedDemoContests,
  takingPart: seedTakingPart,
  tournaments: seedTournaments,
  results: seedResults,
  submissions: seedSubmissions,
  trading: seedTrading,
  payments: seedPayments,
  outbox: seedOutbox,
} satisfies Record<string, SeedFn>;
export type SeedName = keyof typeof SEEDS;
export const ALL_SEEDS = Object.keys(SEEDS) as SeedName[];

/** Runs the named seeds on `s`, in SEEDS' order. */
export async function runSeeds(s: TestServer, people: People, names: SeedName[]): Promise<Seeded> {
  const seeded: Seeded = {
    paths: { takingPart: [], tournaments: [], results: [], submissions: [], trading: [] },
    tournamentIds: { knockout: 0, league: 0 },
  };
  for (const name of ALL_SEEDS) {
    if (names.includes(name)) await SEEDS[name](s, people, seeded);
  }
  return seeded;
}
