// The access policy matrix: every procedure of appRouter (read from the router, so procedures
// added later are covered without touching this file), called as each of six principals, must
// answer as its own `.meta({ access })` declaration says (src/server/access.ts reads them):
// UNAUTHORIZED = 401, FORBIDDEN = 403, anything else (success, BAD_REQUEST, NOT_FOUND, ...) =
// allowed. A refused call changes nothing. Then the same over real HTTP for every REST path of
// the adapter table and every path Express answers itself, read from their one declaration
// (src/server/http/expressPaths.ts); a path the app mounts that neither lists fails the test.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessPolicy, openDuringPasswordChange, type Access } from '../../src/server/trpc/access';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from '../../src/server/platform/db/schema';
import { certificates, educationContent, users } from '../../src/server/platform/db/schema';
import { restRoutes } from '../../src/server/http/rest';
import { EXPRESS_PATHS, type ExpressPath } from '../../src/server/http/expressPaths';
import { createApp } from '../../src/server/http/app';
import { appRouter } from '../../src/server/trpc/routers/_app';
import { sessionCookie } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/server';
import type { Role } from '../../src/shared/constants';
import { callerFor, createTestDb, createUser, type CreatedUser, type TestDb } from '../helpers/db';
import { createInput, insertContest } from '../helpers/contests';
import { configureNetwork, insertProof } from '../helpers/payments';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { createTeam } from '../../src/server/domain/tournaments/teams';
import { createPayoutLines } from '../../src/server/domain/payouts';
import { payouts } from '../../src/server/platform/db/schema';
import { issueCertificates } from '../../src/server/domain/certificates';
import { createTopic, reportPost } from '../../src/server/domain/discussion';

// 'restricted': a member signed in with a temporary password an admin gave, not yet replaced.
type Principal = 'anonymous' | 'user' | 'moderator' | 'admin' | 'banned' | 'restricted';
type Outcome = 401 | 403 | 'allowed';

const PRINCIPALS: Principal[] = ['anonymous', 'user', 'moderator', 'admin', 'banned', 'restricted'];

const EXPECTED: Record<Access, Record<Principal, Outcome>> = {
  anonymous: {
    anonymous: 'allowed',
    user: 'allowed',
    moderator: 'allowed',
    admin: 'allowed',
    banned: 'allowed',
    restricted: 'allowed',
  },
  member: {
    anonymous: 401,
    user: 'allowed',
    moderator: 'allowed',
    admin: 'allowed',
    banned: 401,
    restricted: 403,
  },
  moderator: {
    anonymous: 401,
    user: 403,
    moderator: 'allowed',
    admin: 'allowed',
    banned: 401,
    restricted: 403,
  },
  admin: {
    anonymous: 401,
    user: 403,
    moderator: 403,
    admin: 'allowed',
    banned: 401,
    restricted: 403,
  },
};

/** What `principal` gets from a procedure or path declared `access`. */
function expectedOf(procedure: string, access: Access, principal: Principal): Outcome {
  if (principal === 'restricted' && openDuringPasswordChange.includes(procedure)) {
    return EXPECTED[access].user;
  }
  return EXPECTED[access][principal];
}

/** A member whose temporary password is still to be replaced. */
async function restrictedMember(db: TestDb['db']): Promise<CreatedUser> {
  const member = await createUser(db);
  await db.update(users).set({ mustChangePassword: true }).where(eq(users.id, member.id));
  return member;
}

// In tRPC v11 `_def.procedures` is a flat record keyed by dotted path ('auth.login').
const PROCEDURES = Object.keys(appRouter._def.procedures).sort();

// One database per principal: whatever an allowed call does (an admin's, a member ending their
// other sessions) cannot affect what another principal's calls see.
interface World {
  t: TestDb;
  account?: CreatedUser;
  /** A member's pending contest and a public active one, for inputs that pass validation. */
  pendingId: number;
  activeId: number;
  /** A contest every member of the cast has joined (to leave, to score). */
  joinedId: number;
  /** A paid contest (entry fee 25 USD; payments on ETH are set up). */
  paidId: number;
  /** The regular member's pending entry-fee proof for it. */
  proofId: number;
  /** The regular member's username (scores are entered by username). */
  memberName: string;
  /** A team contest, and a team of it founded by a member outside the cast. */
  teamContestId: number;
  teamId: number;
  /** A member outside every contest (the organiser adds them by name). */
  walkInName: string;
  /** The regular member's id (a member's yearly payout totals). */
  memberId: number;
  /** A payout line an admin may approve (the regular member's, ready). */
  readyPayoutId: number;
  /** Each cast member's own sent payout line (the winner confirms it arrived). */
  sentPayoutOf: Map<number, number>;
  /** The regular member's certificate of 1st place in the joined contest. */
  certificateCode: string;
  /**
   * A discussion topic of the joined contest and its opening post, by a participant outside the
   * cast (so the cast may upvote it), who is also the member the organiser bars.
   */
  topicId: number;
  postId: number;
  speakerId: number;
  /** An open report of that post (by the walk-in member): the moderators' queue reviews it. */
  reportId: number;
}
const worlds = new Map<Principal, World>();

/** A member's line of the access world's paid contest (its currency set by the caller). */
const winnerLine = (member: CreatedUser) => ({
  userId: member.id,
  username: member.username,
  teamName: null,
  place: 1,
  placeText: '1st',
  amount: '10',
});

beforeAll(async () => {
  for (const principal of PRINCIPALS) {
    const t = await createTestDb();
    // Every world holds the same cast, so ids used by validation-passing inputs mean the same.
    const cast: Partial<Record<Role | 'restricted', CreatedUser>> = {};
    for (const role of ['user', 'moderator', 'admin', 'banned'] as const) {
      cast[role] = await createUser(t.db, { role });
    }
    cast.restricted = await restrictedMember(t.db);
    const pendingId = (await insertContest(t.db, { createdBy: cast.user!.id, status: 'pending' }))
      .id;
    const activeId = (await insertContest(t.db, { createdBy: cast.user!.id, status: 'active' })).id;
    // Education items 1 (read, saved, edited) and 2 (deleted), for the sample inputs.
    await t.db.insert(educationContent).values([
      { slug: 'access-sample', title: 'Access sample', content: 'Body of the sample.' },
      { slug: 'access-doomed', title: 'Access doomed', content: 'Body of the doomed one.' },
    ]);
    const joinedId = (await insertContest(t.db, { createdBy: cast.user!.id, status: 'active' })).id;
    for (const role of ['user', 'moderator', 'admin'] as const) {
      await addParticipant({ db: t.db, contestId: joinedId, userId: cast[role]!.id });
    }
    const paidId = (
      await insertContest(t.db, {
        createdBy: cast.admin!.id,
        participationType: 'paid',
        entryFee: '25',
      })
    ).id;
    await configureNetwork(t.db, 'ETH', `0x${'1'.repeat(40)}`);
    const proofId = await insertProof(t.db, { userId: cast.user!.id, contestId: paidId });
    const teamContestId = (
      await insertContest(t.db, { createdBy: cast.admin!.id, status: 'active', mode: 'team' })
    ).id;
    const founder = await createUser(t.db);
    const teamId = await createTeam({
      db: t.db,
      actor: { id: founder.id, username: founder.username, role: 'user' },
      contestId: teamContestId,
      name: 'Access team',
    });
    const walkIn = await createUser(t.db);
    // Payout lines of the paid contest: a ready one of the regular member's, and a sent one of
    // each member of the cast (lines are made as confirmed results make them, then moved on).
    const winners = (['user', 'moderator', 'admin'] as const).map((role) => cast[role]!);
    await t.db.transaction((tx) =>
      createPayoutLines(tx, {
        contestId: paidId,
        contestTitle: 'Access paid',
        contestSlug: 'access-paid',
        lines: [
          ...winners.map((w) => ({ ...winnerLine(w), currency: 'USDT' as const })),
          { ...winnerLine(cast.user!), currency: 'USDC' as const },
        ],
      }),
    );
    const sentPayoutOf = new Map<number, number>();
    let readyPayoutId = 0;
    for (const line of await t.db.select().from(payouts)) {
      if (line.currency === 'USDC') {
        readyPayoutId = line.id;
        await t.db.update(payouts).set({ status: 'ready' }).where(eq(payouts.id, line.id));
      } else {
        sentPayoutOf.set(line.userId!, line.id);
        await t.db.update(payouts).set({ status: 'sent' }).where(eq(payouts.id, line.id));
      }
    }
    await issueCertificates(t.db, {
      contestId: joinedId,
      contestTitle: 'Access sample contest',
      issuedAt: new Date(),
      entries: [
        {
          userId: cast.user!.id,
          username: cast.user!.username,
          teamName: null,
          place: 1,
          placeText: '1st',
        },
      ],
    });
    const [certificate] = await t.db.select({ code: certificates.code }).from(certificates);
    const speaker = await createUser(t.db);
    await addParticipant({ db: t.db, contestId: joinedId, userId: speaker.id });
    const topic = await createTopic({
      db: t.db,
      actor: { id: speaker.id, username: speaker.username, role: 'user' },
      contestId: joinedId,
      title: 'Access question',
      body: 'Is this allowed?',
    });
    const report = await reportPost({
      db: t.db,
      actor: { id: walkIn.id, username: walkIn.username, role: 'user' },
      id: topic.post.id,
      reason: 'spam',
    });
    // 'banned': a user whose role is banned, holding a session made at their current version.
    worlds.set(principal, {
      t,
      account: principal === 'anonymous' ? undefined : cast[principal],
      pendingId,
      activeId,
      joinedId,
      paidId,
      proofId,
      memberName: cast.user!.username,
      teamContestId,
      teamId,
      walkInName: walkIn.username,
      memberId: cast.user!.id,
      readyPayoutId,
      sentPayoutOf,
      certificateCode: certificate!.code,
      topicId: topic.id,
      postId: topic.post.id,
      speakerId: speaker.id,
      reportId: report.id,
    });
  }
});
afterAll(async () => {
  for (const { t } of worlds.values()) await t.close();
});

/** Every row of every application table: what "nothing changed" is checked against. */
/** Every row of every table of the schema, on either engine, in an order both agree on. */
async function snapshot(t: TestDb): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(schema)) {
    if (!is(table, SQLiteTable) && !is(table, PgTable)) continue;
    const rows = await t.db.select().from(table as typeof users);
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

/** The caller's function for a dotted path, e.g. 'adminUsers.list' -> caller.adminUsers.list. */
function procedureOf(caller: unknown, path: string): (input?: unknown) => Promise<unknown> {
  let target = caller;
  for (const part of path.split('.')) {
    target = (target as Record<string, unknown> | undefined)?.[part];
  }
  if (typeof target !== 'function') throw new Error(`no procedure ${path} on the caller`);
  return target as (input?: unknown) => Promise<unknown>;
}

/**
 * Inputs that pass validation, so an allowed call really runs (and a refused one is refused
 * before it could change anything). Procedures not listed are called without input: those that
 * need one fail validation, which runs after the access check.
 */
const SAMPLE_INPUTS: Record<string, (w: World) => unknown> = {
  'contests.list': () => ({ tab: 'all' }),
  'contests.get': (w) => ({ idOrSlug: w.activeId }),
  'contests.create': () => createInput(),
  'contests.saveDraft': () => ({ title: 'An access draft' }),
  'contests.update': (w) => ({ id: w.pendingId, prize: 'Changed by the access test' }),
  'contests.setStatus': (w) => ({ id: w.pendingId, status: 'active' }),
  'contests.setFeatured': (w) => ({ id: w.activeId, featured: true }),
  'contests.adminList': () => ({ tab: 'all' }),
  'education.list': () => ({ search: 'sample', page: 1 }),
  'education.get': () => ({ idOrSlug: 'access-sample' }),
  'education.save': () => ({ id: 1 }),
  'education.unsave': () => ({ id: 1 }),
  'education.create': () => ({
    title: 'Access sample two',
    kind: 'tutorial',
    content: 'Body of the second sample.',
  }),
  'education.update': () => ({
    id: 1,
    title: 'Access sample',
    kind: 'article',
    content: 'A new body for it.',
  }),
  'education.delete': () => ({ id: 2 }),
  'contests.participants': (w) => ({ id: w.activeId, page: 1 }),
  'participation.status': (w) => ({ contestId: w.activeId }),
  'participation.join': (w) => ({ contestId: w.activeId }),
  'participation.leave': (w) => ({ contestId: w.joinedId }),
  'leaderboard.contests': () => ({}),
  'leaderboard.get': (w) => ({ contestId: w.joinedId }),
  'leaderboard.setScores': (w) => ({
    contestId: w.joinedId,
    scores: [{ username: w.memberName, score: 7 }],
  }),
  'leaderboard.onChange': (w) => ({ contestId: w.joinedId }),
  'leaderboard.scoreHistory': (w) => ({ contestId: w.joinedId }),
  'payments.options': (w) => ({ contestId: w.paidId }),
  'payments.submitProof': () => ({
    tier: 'pro',
    network: 'ETH',
    txHash: `0x${'ab'.repeat(32)}`,
    senderAddress: `0x${'cd'.repeat(20)}`,
  }),
  'payments.myProofs': () => ({}),
  'payments.queue': () => ({ status: 'pending' }),
  'payments.review': (w) => ({ id: w.proofId, status: 'rejected', reason: 'Access test' }),
  // The same answer whether or not the account exists: a name nobody has.
  'password.forgot': () => ({ identifier: 'nobody-by-this-name' }),
  'outbox.list': () => ({ page: 1 }),
  'notifications.list': () => ({ unread: true, page: 1 }),
  'notifications.markRead': () => ({ all: true }),
  'notifications.setPreferences': () => ({
    preferences: [{ kind: 'score_changed', channel: 'email' }],
  }),
  'notifications.onChange': () => ({}),
  'teams.list': (w) => ({ contestId: w.teamContestId }),
  'teams.get': (w) => ({ teamId: w.teamId }),
  'teams.mine': (w) => ({ contestId: w.teamContestId }),
  'teams.invites': () => ({}),
  'teams.create': (w) => ({ contestId: w.teamContestId, name: 'Another access team' }),
  // Reads of the joined contest's bracket (none generated yet). Generating and the match calls
  // are called without input: refused by validation once admitted (tournaments tests run them).
  'tournaments.bracket': (w) => ({ contestId: w.joinedId }),
  'tournaments.standings': (w) => ({ contestId: w.joinedId }),
  'tournaments.matches': (w) => ({ contestId: w.joinedId, mine: true }),
  'tournaments.nextMatchIn': (w) => ({ contestId: w.joinedId }),
  'tournaments.bracketChanges': (w) => ({ contestId: w.joinedId }),
  // The player list of the joined contest (the regular member created it); the calls that need
  // check-in or change the list's dates are called without input (roster tests run them).
  'roster.list': (w) => ({ contestId: w.joinedId }),
  'roster.add': (w) => ({ contestId: w.joinedId, username: w.walkInName }),
  // The prize table of the joined contest: anyone who sees it reads it, its organiser sets it.
  'prizes.get': (w) => ({ contestId: w.joinedId }),
  'prizes.set': (w) => ({
    contestId: w.joinedId,
    table: { kind: 'fixed', rows: [{ from: 1, to: 3, amount: '100', currency: 'USDT' }] },
  }),
  // Payout lines: members read their own, admins every line and take the steps; a winner
  // confirms their own sent line arrived.
  'payouts.list': () => ({}),
  'payouts.update': (w) => ({ id: w.readyPayoutId, status: 'approved' }),
  'payouts.confirmReceived': (w) => ({ id: w.sentPayoutOf.get(w.account?.id ?? 0) ?? 1 }),
  'payouts.csv': () => ({}),
  'payouts.yearly': (w) => ({ userId: w.memberId }),
  // A real certificate: anyone with its code reads it and its PDF; a member lists their own.
  'certificates.get': (w) => ({ code: w.certificateCode }),
  'certificates.pdf': (w) => ({ code: w.certificateCode }),
  'certificates.mine': () => undefined,
  // The results of the joined contest, read by anyone who sees it. Freezing, confirming and
  // reopening are called without input: refused by validation once admitted (results tests run
  // them).
  'results.get': (w) => ({ contestId: w.joinedId }),
  // The joined contest's trading rules and board (issue 34), read by anyone who sees it (a
  // contest without rules answers an empty board).
  'trading.rules': (w) => ({ contestId: w.joinedId }),
  'trading.board': (w) => ({ contestId: w.joinedId }),
  // The joined contest's discussion (issue 32): the cast all take part (the regular member
  // created it, so organises it, as moderators and admins do). Editing and deleting a post need
  // one of the caller's own, and a topic would hold the member's reply back 5 s (the limit
  // between posts): those three are called without input (the discussion tests run them).
  'discussion.list': (w) => ({ contestId: w.joinedId }),
  'discussion.get': (w) => ({ id: w.topicId }),
  'discussion.reply': (w) => ({ topicId: w.topicId, body: 'A reply of the access test.' }),
  'discussion.upvote': (w) => ({ id: w.postId }),
  'discussion.removeUpvote': (w) => ({ id: w.postId }),
  'discussion.follow': (w) => ({ id: w.topicId }),
  'discussion.unfollow': (w) => ({ id: w.topicId }),
  'discussion.updateTopic': (w) => ({ id: w.topicId, pinned: true }),
  'discussion.history': (w) => ({ id: w.postId }),
  'discussion.report': (w) => ({ id: w.postId, reason: 'spam' }),
  'discussion.bar': (w) => ({ contestId: w.joinedId, userId: w.speakerId, reason: 'Access test' }),
  'discussion.bars': (w) => ({ contestId: w.joinedId }),
  'discussion.unbar': (w) => ({ contestId: w.joinedId, userId: w.speakerId }),
  'discussion.setOpen': (w) => ({ contestId: w.joinedId, open: true }),
  'discussion.mentionable': (w) => ({ contestId: w.joinedId, query: 'u' }),
  // Its live streams: whoever may read the topic or the list, signed in (each stream counts
  // against the member's cap).
  'discussionLive.onTopic': (w) => ({ topicId: w.topicId }),
  'discussionLive.onTopics': (w) => ({ contestId: w.joinedId }),
  // The moderators' Reports queue: the walk-in member's report of the speaker's post.
  'reports.list': () => ({ status: 'open' }),
  'reports.review': (w) => ({ id: w.reportId, action: 'dismiss' }),
};

async function outcomeOf(call: Promise<unknown>): Promise<{ outcome: Outcome; code?: string }> {
  try {
    await call;
    return { outcome: 'allowed' };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    if (error.code === 'UNAUTHORIZED') return { outcome: 401, code: error.code };
    if (error.code === 'FORBIDDEN') return { outcome: 403, code: error.code };
    return { outcome: 'allowed', code: error.code };
  }
}

describe('the access policy table', () => {
  it('finds the procedures in the router', () => {
    expect(PROCEDURES.length).toBeGreaterThan(0);
    expect(PROCEDURES).toContain('auth.login');
    expect(PROCEDURES.every((p) => p.includes('.'))).toBe(true);
  });

  it('has a declaration on every procedure', () => {
    expect(PROCEDURES.filter((p) => !accessPolicy[p])).toEqual([]);
  });

  it('has no row for a procedure that does not exist', () => {
    expect(Object.keys(accessPolicy).filter((p) => !PROCEDURES.includes(p))).toEqual([]);
  });

  it('has sample inputs only for procedures that exist', () => {
    expect(Object.keys(SAMPLE_INPUTS).filter((p) => !PROCEDURES.includes(p))).toEqual([]);
  });

  it('lets a member with a temporary password change it, and nothing else that is not open', () => {
    expect(openDuringPasswordChange).toEqual(['account.changePassword']);
  });

  it('uses only the four access levels', () => {
    const levels = new Set(Object.values(accessPolicy));
    for (const level of levels) expect(Object.keys(EXPECTED)).toContain(level);
  });
});

describe.each(PROCEDURES)('%s', (path) => {
  it.each(PRINCIPALS)('as %s', async (principal) => {
    const access = accessPolicy[path];
    expect(access, `src/server/access.ts has no row for '${path}'`).toBeDefined();
    const world = worlds.get(principal)!;
    const { t, account } = world;
    const { caller, signedIn } = callerFor(t, account);
    await signedIn;
    const before = await snapshot(t);
    const sample = SAMPLE_INPUTS[path];
    const { outcome: result, code } = await outcomeOf(procedureOf(caller, path)(sample?.(world)));
    expect(result, `${path} as ${principal} (${access})`).toBe(
      expectedOf(path, access!, principal),
    );
    // A sample input is valid: an allowed call with it really ran and succeeded.
    if (sample && result === 'allowed') expect(code, `${path} as ${principal}`).toBeUndefined();
    if (result !== 'allowed') expect(await snapshot(t)).toEqual(before);
  });
});

/** The token the matrix's server serves GET /metrics to (no session stands in for it). */
const METRICS_TOKEN = 'access-matrix-metrics-token';

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: ExpressLayer[] };
  slash?: boolean;
  rawPath?: unknown;
}

/** Every 'METHOD /path' an Express app answers by a route, nested routers included. */
function mountedRoutes(stack: ExpressLayer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const path = (prefix + layer.route.path).replace(/(.)\/$/, '$1');
      return Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => `${method} ${path}`);
    }
    if (!layer.handle.stack) return [];
    const mount = layer.slash || typeof layer.rawPath !== 'string' ? '' : layer.rawPath;
    return mountedRoutes(layer.handle.stack, prefix + mount);
  });
}

describe('REST paths', () => {
  // Express-only paths outside the adapter table, with the access they enforce: their one list.
  const EXPRESS_ONLY = Object.values(EXPRESS_PATHS).map((p: ExpressPath) => ({
    method: p.method,
    // The matrix calls paths below /api; the others (/metrics, /uploads/...) from the root.
    path: p.path.startsWith('/api/') ? p.path.slice(4) : p.path,
    root: !p.path.startsWith('/api/'),
    query: '',
    access: p.access,
    procedure: '',
  }));
  const ROUTES = [
    ...restRoutes.map((r) => ({
      method: r.method,
      root: false,
      path: r.path,
      procedure: r.procedure,
      // A row that answers only for some query values (GET /contests?admin=true) is called with them.
      query: r.query ? `?${new URLSearchParams(r.query).toString()}` : '',
      access: accessPolicy[r.procedure],
    })),
    ...EXPRESS_ONLY,
  ];
  let s: TestServer;
  const cast: Partial<Record<Principal, CreatedUser>> = {};
  beforeAll(async () => {
    s = await startTestServer({ metricsToken: METRICS_TOKEN });
    for (const role of ['user', 'moderator', 'admin', 'banned'] as const) {
      cast[role] = await createUser(s.db, { role });
    }
    cast.restricted = await restrictedMember(s.db);
    // The operator's first visit: the server records the address it first served (for links in
    // mail, domain/accounts/linkOrigin.ts) on it, not on the first refused request below.
    await fetch(`${s.url}/api/user`);
  });
  afterAll(() => s?.stop());

  /** A cookie for a new session of this principal, sealed as the server seals them. */
  async function cookieOf(principal: Principal): Promise<string> {
    const account = cast[principal as Exclude<Principal, 'anonymous'>];
    return account ? sessionCookie(s, account.id) : '';
  }

  it('every adapter row names a procedure that exists', () => {
    expect(restRoutes.filter((r) => !PROCEDURES.includes(r.procedure))).toEqual([]);
  });

  it('every path the app mounts is in the REST table or the Express paths, and each of those is mounted', () => {
    const app = createApp(s.deps);
    const { router } = app.express as unknown as { router: { stack: ExpressLayer[] } };
    const mounted = new Set([...mountedRoutes(router.stack), ...app.frontRoutes]);
    const declared = [
      ...restRoutes.map((r) => `${r.method} /api${r.path}`),
      ...Object.values(EXPRESS_PATHS).map((p: ExpressPath) => `${p.method} ${p.path}`),
    ];
    expect([...mounted].filter((route) => !declared.includes(route))).toEqual([]);
    expect(declared.filter((route) => !mounted.has(route))).toEqual([]);
  });

  describe.each(ROUTES)(
    '$method $path$query',
    ({ method, path, root, query, access, procedure }) => {
      it.each(PRINCIPALS)('as %s', async (principal) => {
        expect(access).toBeDefined();
        const cookie = await cookieOf(principal);
        const before = await snapshot(s);
        const url = `${s.url}${root ? '' : '/api'}${path.replace(/:\w+/g, '999999')}${query}`;
        const res = await fetch(url, {
          method: method.toUpperCase(),
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          body: method === 'get' ? undefined : '{}',
        });
        let outcome: Outcome = 'allowed';
        if (res.status === 401) outcome = 401;
        if (res.status === 403) outcome = 403;
        // GET /api/user answers 401 to a caller without a session (SPEC 7): auth.me itself is open.
        // GET /metrics wants METRICS_TOKEN, which no session carries: 401 to everyone.
        const expected =
          access === 'token' || (path === '/user' && EXPECTED.member[principal] === 401)
            ? 401
            : expectedOf(procedure, access!, principal);
        expect(outcome, `${method} ${path} as ${principal}: ${res.status}`).toBe(expected);
        expect(res.status).toBeLessThan(500);
        if (outcome !== 'allowed') expect(await snapshot(s)).toEqual(before);
      });
    },
  );
});
