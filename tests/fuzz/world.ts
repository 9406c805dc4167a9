// The rows the fuzz acts on: a database with one of everything (contests of each kind, their
// participants, a bracket and its matches, a payment proof, a team, education items,
// notifications, outbox mail), created by the principals the suites act as, so that generated
// ids point at real rows and procedure bodies run instead of stopping at 'not found'.
// The ids are read back from the tables, so the pools also hold what the world's own calls made.
import { and, eq } from 'drizzle-orm';
import {
  bracketMatches,
  certificates,
  contestEvaluations,
  contestParticipants,
  contests,
  discussionPosts,
  discussionReports,
  discussionTopics,
  educationContent,
  importJobs,
  mailOutbox,
  notifications,
  paymentProofs,
  payouts,
  sessions,
  submissions,
  tradingStatements,
  teamMembers,
  teams,
  uploads,
  userIdentities,
  users,
} from '../../src/server/platform/db/schema';
import { publicSessionId } from '../../src/server/domain/accounts/sessions';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { createPayoutLines } from '../../src/server/domain/payouts';
import { issueCertificates } from '../../src/server/domain/certificates';
import { callerFor, createUser, type CreatedUser } from '../helpers/db';
import { insertContest, uploadRow } from '../helpers/contests';
import { configureNetwork, insertProof } from '../helpers/payments';
import type { TestServer } from '../helpers/server';
import { insertStatementRow } from '../helpers/tradingRows';
import { JUNE, manyTraders, rules } from '../helpers/tradingStatement';
import { traderBoardChanged } from '../../src/server/domain/trading';
import { csvStatement, tradingContest, uploadStatement } from '../helpers/tradingContest';

export type PrincipalName = 'anonymous' | 'member' | 'organiser' | 'moderator' | 'admin';

/** Which rows a generated id is drawn from. */
export type Pool =
  | 'contests'
  | 'participants'
  | 'payments'
  | 'teams'
  | 'matches'
  | 'education'
  | 'users'
  | 'notifications'
  | 'outbox'
  /** The principals' own accounts: a procedure about 'my' account names its own id. */
  | 'accounts'
  /** Contests with an entry fee: what payments.options and a proof for a contest need. */
  | 'paidContests'
  /** Teams inviting the principal about to call: what teams.accept and teams.decline need. */
  | 'invitingTeams'
  /** Payout lines (issue 30): every principal has one sent (to confirm) and one ready. */
  | 'payouts'
  /** Submissions of a running submission contest (issue 31): the member's own among them. */
  | 'submissions'
  /** Discussion topics and posts (issue 32): the member's topic and the organiser's reply. */
  | 'topics'
  | 'posts'
  /** Reports of discussion posts: the member's report of the organiser's reply (the queue). */
  | 'reports'
  /** The calling principal's verified upgrades (issue 33): what subscriptions.receipt shows. */
  | 'ownUpgrades'
  /** Trading statements (issue 34): the member's upload to a trading contest. */
  | 'statements';

export interface World {
  /** The accounts the signed-in principals act as (replaced when the fuzz removes one). */
  accounts: Record<Exclude<PrincipalName, 'anonymous'>, CreatedUser>;
  ids: Record<Pool, number[]>;
  slugs: string[];
  usernames: string[];
  /** Upload paths (a cover image for contests), import job ids, session ids. */
  uploads: string[];
  importJobs: string[];
  sessions: string[];
  /** Certificate codes (certificates.get and pdf take these). */
  certificates: string[];
}

/** Filled by buildWorld in each suite's beforeAll; generators read it when they run. */
export const world: World = {
  accounts: {} as World['accounts'],
  ids: {
    contests: [],
    participants: [],
    payments: [],
    teams: [],
    matches: [],
    education: [],
    users: [],
    notifications: [],
    outbox: [],
    accounts: [],
    paidContests: [],
    ownUpgrades: [],
    invitingTeams: [],
    payouts: [],
    submissions: [],
    topics: [],
    posts: [],
    reports: [],
    statements: [],
  },
  slugs: [],
  usernames: [],
  uploads: [],
  importJobs: [],
  sessions: [],
  certificates: [],
};

/** The provider of the member's linked identity (no such provider is configured). */
export const FUZZ_PROVIDER = 'fuzz-provider';

const PAST = () => new Date(Date.now() - 60_000);

/**
 * A running submission contest whose participants each have a scored submission (rows written
 * directly: submissions.get and select read rows, not files).
 */
async function submissionContest(db: TestServer['db'], createdBy: number, people: CreatedUser[]) {
  const contest = await insertContest(db, {
    createdBy,
    status: 'active',
    format: 'submission',
    startDate: PAST(),
    registrationDeadline: PAST(),
  });
  await db.insert(contestEvaluations).values({
    contestId: contest.id,
    metric: 'accuracy',
    targetColumns: ['target'],
    splitSeed: 'fuzz',
    keyFile: 'keys/00000000000000000000000000000000.csv.gz',
  });
  for (const [i, user] of people.entries()) {
    await addParticipant({ db, contestId: contest.id, userId: user.id });
    const [entrant] = await db
      .select({ id: contestParticipants.id })
      .from(contestParticipants)
      .where(
        and(eq(contestParticipants.contestId, contest.id), eq(contestParticipants.userId, user.id)),
      );
    await db.insert(submissions).values({
      contestId: contest.id,
      participantId: entrant!.id,
      userId: user.id,
      storedFile: 'submissions/00000000000000000000000000000000.csv.gz',
      fileName: 'preds.csv',
      sizeBytes: 10,
      status: 'scored',
      publicScore: 0.5 + i / 100,
      privateScore: 0.5,
      version: 1,
    });
  }
}

/**
 * A running trading contest (issue 34) with rules and a counted statement of each participant
 * (rows written directly, their parsed files stored), its places written: trading.board reads
 * rows, trading.setRules scores them again.
 */
async function boardContest(s: TestServer, createdBy: CreatedUser, people: CreatedUser[]) {
  const contest = await insertContest(s.db, {
    createdBy: createdBy.id,
    status: 'active',
    format: 'open',
    startDate: JUNE.startsAt,
    registrationDeadline: JUNE.startsAt,
    endDate: JUNE.endsAt,
  });
  await callerFor(s, createdBy).caller.trading.setRules({ contestId: contest.id });
  const traders = manyTraders(people.length, 5);
  for (const [i, user] of people.entries()) {
    await addParticipant({ db: s.db, contestId: contest.id, userId: user.id });
    const [entrant] = await s.db
      .select({ id: contestParticipants.id })
      .from(contestParticipants)
      .where(
        and(eq(contestParticipants.contestId, contest.id), eq(contestParticipants.userId, user.id)),
      );
    await insertStatementRow(s.db, s.deps.privateDir, {
      contestId: contest.id,
      participantId: entrant!.id,
      userId: user.id,
      parsed: traders[i]!,
      rules: rules(),
      window: JUNE,
    });
  }
  await s.db.transaction((tx) => traderBoardChanged(tx, contest.id));
}

/** A trading contest with a statement the member uploaded (its parsed file stored for reads). */
async function statementContest(s: TestServer, member: CreatedUser) {
  const { contest } = await tradingContest(s);
  await s.db.insert(contestParticipants).values({ contestId: contest.id, userId: member.id });
  await uploadStatement(s, member, contest.id, csvStatement());
}

export async function buildWorld(s: TestServer): Promise<World> {
  const db = s.db;
  const member = await createUser(db);
  const organiser = await createUser(db);
  const moderator = await createUser(db, { role: 'moderator' });
  const admin = await createUser(db, { role: 'admin' });
  const others = [await createUser(db), await createUser(db), await createUser(db)];
  world.accounts = { member, organiser, moderator, admin };

  // The organiser's contests, one of each kind the procedures tell apart.
  const by = { createdBy: organiser.id };
  const open = await insertContest(db, { ...by, status: 'active' });
  await insertContest(db, { ...by, status: 'pending' });
  const paid = await insertContest(db, {
    ...by,
    status: 'active',
    participationType: 'paid',
    entryFee: '25',
  });
  const teamContest = await insertContest(db, { ...by, status: 'active', mode: 'team' });
  const knockout = await insertContest(db, {
    ...by,
    status: 'active',
    format: 'knockout',
    registrationDeadline: PAST(),
  });
  await insertContest(db, { ...by, status: 'completed', startDate: PAST() });
  for (const user of [member, ...others]) {
    await addParticipant({ db, contestId: open.id, userId: user.id });
    await addParticipant({ db, contestId: knockout.id, userId: user.id });
  }
  await submissionContest(db, organiser.id, [member, ...others]);
  await boardContest(s, organiser, [member, ...others]);
  await statementContest(s, member);

  // Through the product's own procedures: a bracket with matches, scores (and the
  // notifications they send), a team founded by the member.
  const asOrganiser = callerFor(s, organiser).caller;
  await asOrganiser.tournaments.generate({ contestId: knockout.id, seeding: 'random' });
  await asOrganiser.leaderboard.setScores({
    contestId: open.id,
    scores: [member, ...others].map((u, i) => ({ username: u.username, score: 10 * (i + 1) })),
  });
  // The member's team: one invite accepted (a member to remove, or to hand the captaincy to),
  // two open (the organiser's and the moderator's, to decline or accept).
  const asMember = callerFor(s, member).caller;
  const team = await asMember.teams.create({ contestId: teamContest.id, name: 'Fuzz team' });
  await asMember.teams.invite({ teamId: team.id, username: others[0]!.username });
  await callerFor(s, others[0]!).caller.teams.accept({ teamId: team.id });
  for (const invited of [organiser, moderator]) {
    await asMember.teams.invite({ teamId: team.id, username: invited.username });
  }
  for (const owner of [member, organiser]) {
    await uploadRow(db, owner.id, 'cover');
    await uploadRow(db, owner.id, 'guide');
  }
  await db
    .insert(userIdentities)
    .values({ userId: member.id, provider: FUZZ_PROVIDER, subject: 'fuzz-subject' });
  // Invitations no principal's own fuzz can take away (the team's captain is none of them): each
  // signed-in principal has one to decline or accept, whatever the member did to its own team.
  const outsideTeamContest = await insertContest(db, { ...by, status: 'active', mode: 'team' });
  invitingCaptain = others[1]!;
  const asCaptain = callerFor(s, others[1]!).caller;
  const outsideTeam = await asCaptain.teams.create({
    contestId: outsideTeamContest.id,
    name: 'Outside team',
  });
  for (const invited of [member, organiser, moderator, admin]) {
    await asCaptain.teams.invite({ teamId: outsideTeam.id, username: invited.username });
  }
  await configureNetwork(db, 'ETH', `0x${'1'.repeat(40)}`);
  await insertProof(db, { userId: member.id, contestId: paid.id });
  await insertProof(db, { userId: others[0]!.id, tier: 'pro' });
  // A verified upgrade of each signed-in principal's: their billing history and receipt.
  for (const principal of [member, organiser, moderator, admin]) {
    await insertProof(db, { userId: principal.id, tier: 'standard', status: 'verified' });
  }
  await db.insert(educationContent).values([
    { slug: 'fuzz-sample', title: 'Fuzz sample', content: 'Body of the sample.' },
    { slug: 'fuzz-second', title: 'Fuzz second', content: 'Body of the second.' },
  ]);
  // Payout lines as confirmed results make them (a sent one of each principal's, to confirm it
  // arrived, and a ready one, for the admins' steps) and a certificate of the member's.
  const principals = [member, organiser, moderator, admin];
  await db.transaction((tx) =>
    createPayoutLines(tx, {
      contestId: paid.id,
      contestTitle: 'Fuzz paid',
      contestSlug: paid.slug,
      lines: principals.flatMap((p) =>
        (['USDT', 'USDC', 'USD'] as const).map((currency) => ({
          userId: p.id,
          username: p.username,
          teamName: null,
          place: 1,
          placeText: '1st',
          amount: '10',
          currency,
        })),
      ),
    }),
  );
  await db.update(payouts).set({ status: 'sent' }).where(eq(payouts.currency, 'USDT'));
  await db.update(payouts).set({ status: 'ready' }).where(eq(payouts.currency, 'USDC'));
  // A forfeited line each: its contest's organiser decides whether it passes on.
  await db.update(payouts).set({ status: 'forfeited' }).where(eq(payouts.currency, 'USD'));
  await issueCertificates(db, {
    contestId: paid.id,
    contestTitle: 'Fuzz paid',
    issuedAt: new Date(),
    entries: [
      { userId: member.id, username: member.username, teamName: null, place: 1, placeText: '1st' },
    ],
  });
  // A discussion in the open contest: the member's topic, the organiser's reply (issue 32).
  const topic = await asMember.discussion.createTopic({
    contestId: open.id,
    title: 'Fuzz question',
    body: 'How is it scored?',
  });
  // The reply mentions the member: a mention notice exists for the fuzz to page.
  const answer = await asOrganiser.discussion.reply({
    topicId: topic.id,
    body: `By the mean error, @${member.username}.`,
  });
  // Its report, for the moderators' queue to list and review.
  await asMember.discussion.report({ id: answer.id, reason: 'off_topic', text: 'Fuzz report' });
  // A password reset queues mail in the outbox (no SMTP in tests): a row for outbox.retry.
  await callerFor(s).caller.password.forgot({ identifier: member.username });
  await refreshPools(s);
  return world;
}

/** The captain of the invitations made for the principals (no principal: none can undo them). */
let invitingCaptain: CreatedUser | undefined;

/**
 * An open invitation for `name` when the fuzz has used up or removed theirs (an earlier seed
 * declined it, a deleted contest took it): a new team-mode contest and team of a captain who is
 * no principal, inviting them, so teams.decline and teams.accept can reach their bodies.
 */
export async function ensureInvitation(s: TestServer, name: PrincipalName): Promise<void> {
  if (name === 'anonymous' || !invitingCaptain) return;
  const invitee = world.accounts[name];
  const [open] = await s.db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.state, 'invited'), eq(teamMembers.userId, invitee.id)))
    .limit(1);
  if (open) return;
  const contest = await insertContest(s.db, {
    createdBy: invitingCaptain.id,
    status: 'active',
    mode: 'team',
  });
  const asCaptain = callerFor(s, invitingCaptain).caller;
  const team = await asCaptain.teams.create({ contestId: contest.id, name: `Invites ${name}` });
  await asCaptain.teams.invite({ teamId: team.id, username: invitee.username });
}

/** Reads every pool again from the tables (after the fuzz added or removed rows). */
export async function refreshPools(s: TestServer, caller?: PrincipalName): Promise<void> {
  const db = s.db;
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  const invitee = caller && caller !== 'anonymous' ? world.accounts[caller]?.id : undefined;
  world.ids = {
    contests: ids(await db.select({ id: contests.id }).from(contests)),
    participants: ids(await db.select({ id: contestParticipants.id }).from(contestParticipants)),
    payments: ids(await db.select({ id: paymentProofs.id }).from(paymentProofs)),
    teams: ids(await db.select({ id: teams.id }).from(teams)),
    matches: ids(await db.select({ id: bracketMatches.id }).from(bracketMatches)),
    education: ids(await db.select({ id: educationContent.id }).from(educationContent)),
    users: ids(await db.select({ id: users.id }).from(users)),
    notifications: ids(await db.select({ id: notifications.id }).from(notifications)),
    outbox: ids(await db.select({ id: mailOutbox.id }).from(mailOutbox)),
    accounts: Object.values(world.accounts).map((account) => account.id),
    paidContests: ids(
      await db
        .select({ id: contests.id })
        .from(contests)
        .where(eq(contests.participationType, 'paid')),
    ),
    payouts: ids(await db.select({ id: payouts.id }).from(payouts)),
    submissions: ids(await db.select({ id: submissions.id }).from(submissions)),
    topics: ids(await db.select({ id: discussionTopics.id }).from(discussionTopics)),
    posts: ids(await db.select({ id: discussionPosts.id }).from(discussionPosts)),
    reports: ids(await db.select({ id: discussionReports.id }).from(discussionReports)),
    statements: ids(await db.select({ id: tradingStatements.id }).from(tradingStatements)),
    ownUpgrades: ids(
      await db
        .select({ id: paymentProofs.id })
        .from(paymentProofs)
        .where(
          and(
            eq(paymentProofs.purpose, 'tier_upgrade'),
            eq(paymentProofs.status, 'verified'),
            invitee ? eq(paymentProofs.userId, invitee) : undefined,
          ),
        ),
    ),
    invitingTeams: [
      ...new Set(
        (
          await db
            .select({ id: teamMembers.teamId })
            .from(teamMembers)
            // Those inviting the principal about to call, when one is named: an invitation to
            // someone else is refused before the body (404), and the fuzz's own teams invite
            // many others.
            .where(
              and(
                eq(teamMembers.state, 'invited'),
                invitee ? eq(teamMembers.userId, invitee) : undefined,
              ),
            )
        ).map((r) => r.id),
      ),
    ],
  };
  world.slugs = [
    ...(await db.select({ slug: contests.slug }).from(contests)).map((r) => r.slug),
    ...(await db.select({ slug: educationContent.slug }).from(educationContent)).map((r) => r.slug),
  ].filter((slug): slug is string => typeof slug === 'string');
  world.uploads = (await db.select({ fileName: uploads.fileName }).from(uploads)).map(
    (r) => `/uploads/${r.fileName}`,
  );
  world.importJobs = (await db.select({ id: importJobs.id }).from(importJobs)).map((r) => r.id);
  // As the member's session list shows them (account.revokeSession takes these).
  world.sessions = (await db.select({ id: sessions.id }).from(sessions)).map((r) =>
    publicSessionId(r.id),
  );
  world.certificates = (await db.select({ code: certificates.code }).from(certificates)).map(
    (r) => r.code,
  );
  world.usernames = (await db.select({ username: users.username }).from(users)).map(
    (r) => r.username,
  );
}

/** The role an account of this principal has; undefined for anonymous. */
export const ROLE_OF = {
  member: 'user',
  organiser: 'user',
  moderator: 'moderator',
  admin: 'admin',
} as const;

/** Whether the account still exists with its role (the admin's fuzz may delete or demote it). */
export async function accountIntact(s: TestServer, account: CreatedUser): Promise<boolean> {
  const [row] = await s.db
    .select({ role: users.role, mustChange: users.mustChangePassword })
    .from(users)
    .where(eq(users.id, account.id));
  return row?.role === account.role && !row.mustChange;
}
