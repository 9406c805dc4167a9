// Whatever changes a contest's ranks is heard by its open leaderboards, because the one writer of
// participant rows (domain/participation/contestParticipants.ts) announces every change it writes,
// after the commit, and no caller has to remember it. This suite keeps that true:
// - no other file writes participant rows or rank buckets (nor bracket rows outside
//   tournaments/bracketWrite.ts, nor payment proofs outside money/proofs/submit.ts and review.ts);
// - RANK_CHANGES below declares every procedure that reaches the writer, with the call sites it
//   reaches; a new call site of the writer that no entry declares fails here, so it cannot land
//   without a scenario;
// - each entry runs its procedure with a leaderboard stream open (leaderboard.onChange, the
//   real subscription) and the stream must hear the change.
// On either engine.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { importScoresCsv } from '../../src/server/domain/participation/leaderboard';
import { runStartRound } from '../../src/server/domain/tournaments/startRound';
import { closeParsePool } from '../../src/server/domain/trading';
import { createInput, insertContest } from '../helpers/contests';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { configureNetwork, sendProofAs } from '../helpers/payments';
import { csvStatement, trader, tradingContest, uploadStatement } from '../helpers/tradingContest';

const t = await createTestDb();
afterAll(async () => {
  await closeParsePool();
  await t.close();
});
await configureNetwork(t.db, 'ETH');

const admin = await createUser(t.db, { role: 'admin' });
const adminActor = { id: admin.id, username: admin.username, role: admin.role };
const as = (user: CreatedUser) => callerFor(t, user).caller;
const MINUTE = 60_000;

const SRC = path.resolve(__dirname, '../../src/server');
const WRITER = 'domain/participation/contestParticipants.ts';

/** The writer's functions that change what a leaderboard shows (each announces its contest). */
const WRITER_FUNCTIONS = [
  'addParticipant',
  'applyScores',
  'clearScores',
  'insertParticipant',
  'moveParticipant',
  'removeFromAllContests',
  'removeParticipant',
  'rerankContest',
  'setCheckedIn',
  'setDisqualified',
  'takePlace',
] as const;
type WriterFunction = (typeof WRITER_FUNCTIONS)[number];
type Site = `${string}.ts:${WriterFunction}`;

/** A member in a new active contest, joined (their row already there before the stream opens). */
async function joined(values: Partial<Parameters<typeof insertContest>[1]> = {}) {
  const contest = await insertContest(t.db, { createdBy: admin.id, ...values });
  const member = await createUser(t.db);
  await addParticipant({ db: t.db, contestId: contest.id, userId: member.id });
  return { contest, member };
}

/** A team contest (sizes 1..3) with a team of `size`, registered when asked. */
async function team(size: number, register = true) {
  const contest = await insertContest(t.db, {
    createdBy: admin.id,
    mode: 'team',
    format: 'knockout',
    tournament: { teamMin: Math.min(size, 2), teamMax: 3 },
  });
  const people = [await createUser(t.db)];
  const created = await as(people[0]!).teams.create({
    contestId: contest.id,
    name: `T${contest.id}`,
  });
  for (let i = 1; i < size; i++) {
    const p = await createUser(t.db);
    people.push(p);
    await as(people[0]!).teams.invite({ teamId: created.id, username: p.username });
    await as(p).teams.accept({ teamId: created.id });
  }
  if (register) await as(people[0]!).teams.register({ teamId: created.id });
  return { contest, teamId: created.id, captain: people[0]!, people };
}

/** A bracket contest with a check-in window open now (it starts in `startsIn`). */
function checkInContest(startsIn: number) {
  const start = new Date(Date.now() + startsIn);
  return insertContest(t.db, {
    createdBy: admin.id,
    format: 'knockout',
    startDate: start,
    registrationDeadline: start,
    tournament: { checkInMinutes: 60 },
  });
}

interface RankChange {
  /** The procedure (tRPC path, REST path or background job) a user or the server runs. */
  procedure: string;
  /** The writer's call sites (file under src/server, function) it reaches. */
  sites: Site[];
  /** Sets up, then answers the contest to listen to and the change itself. */
  setUp: () => Promise<{ contestId: number; change: () => Promise<unknown> }>;
}

const RANK_CHANGES: RankChange[] = [
  {
    procedure: 'participation.join',
    sites: [
      'domain/participation/participation.ts:takePlace',
      'domain/participation/participation.ts:insertParticipant',
    ],
    setUp: async () => {
      const contest = await insertContest(t.db, { createdBy: admin.id });
      const member = await createUser(t.db);
      return {
        contestId: contest.id,
        change: () => as(member).participation.join({ contestId: contest.id }),
      };
    },
  },
  {
    procedure: 'participation.leave',
    sites: ['domain/participation/participation.ts:removeParticipant'],
    setUp: async () => {
      const { contest, member } = await joined();
      return {
        contestId: contest.id,
        change: () => as(member).participation.leave({ contestId: contest.id }),
      };
    },
  },
  {
    procedure: 'leaderboard.setScores',
    sites: ['domain/participation/scoreEntry.ts:applyScores'],
    setUp: async () => {
      const { contest, member } = await joined();
      return {
        contestId: contest.id,
        change: () =>
          as(admin).leaderboard.setScores({
            contestId: contest.id,
            scores: [{ username: member.username, score: 12 }],
          }),
      };
    },
  },
  {
    procedure: 'POST /api/contests/:id/scores (CSV file)',
    sites: ['domain/participation/scoreEntry.ts:applyScores'],
    setUp: async () => {
      const { contest, member } = await joined();
      return {
        contestId: contest.id,
        change: () =>
          importScoresCsv({
            db: t.db,
            actor: adminActor,
            contestId: contest.id,
            text: `${member.username},7\n`,
          }),
      };
    },
  },
  {
    // The bug of issue 28: a new score order ranked the contest again and told nobody.
    procedure: 'contests.update (scoreOrder)',
    sites: ['domain/contests/contests.ts:rerankContest'],
    setUp: async () => {
      const creator = await createUser(t.db);
      const contest = await insertContest(t.db, { createdBy: creator.id, status: 'pending' });
      return {
        contestId: contest.id,
        change: () => as(creator).contests.update({ id: contest.id, scoreOrder: 'lower' }),
      };
    },
  },
  {
    // Issue 28's audit: the board prints scores with the contest's decimals.
    procedure: 'contests.update (scoreDecimals)',
    sites: ['domain/contests/contests.ts:rerankContest'],
    setUp: async () => {
      const creator = await createUser(t.db);
      const contest = await insertContest(t.db, { createdBy: creator.id, status: 'pending' });
      return {
        contestId: contest.id,
        change: () => as(creator).contests.update({ id: contest.id, scoreDecimals: 3 }),
      };
    },
  },
  {
    procedure: 'contests.create (a submitted contest with a new scoreOrder)',
    sites: ['domain/contests/contests.ts:rerankContest'],
    setUp: async () => {
      const creator = await createUser(t.db);
      const contest = await insertContest(t.db, { createdBy: creator.id, status: 'pending' });
      return {
        contestId: contest.id,
        change: () =>
          as(creator).contests.create({ ...createInput({ scoreOrder: 'lower' }), id: contest.id }),
      };
    },
  },
  {
    procedure: 'payments.review (an entry fee verified admits the member)',
    sites: ['domain/money/proofs/review.ts:addParticipant'],
    setUp: async () => {
      const contest = await insertContest(t.db, {
        createdBy: admin.id,
        participationType: 'paid',
        entryFee: '10',
      });
      const member = await createUser(t.db);
      const proof = await sendProofAs(t, member, { contestId: contest.id });
      return {
        contestId: contest.id,
        change: () => as(admin).payments.review({ id: proof.id, status: 'verified' }),
      };
    },
  },
  {
    procedure: 'checkIn.checkIn',
    sites: ['domain/tournaments/checkIn.ts:setCheckedIn'],
    setUp: async () => {
      const contest = await checkInContest(30 * MINUTE);
      const member = await createUser(t.db);
      await addParticipant({ db: t.db, contestId: contest.id, userId: member.id });
      return {
        contestId: contest.id,
        change: () => as(member).checkIn.checkIn({ contestId: contest.id }),
      };
    },
  },
  {
    procedure: 'checkIn.undo',
    sites: ['domain/tournaments/checkIn.ts:setCheckedIn'],
    setUp: async () => {
      const contest = await checkInContest(30 * MINUTE);
      const member = await createUser(t.db);
      await addParticipant({ db: t.db, contestId: contest.id, userId: member.id });
      await as(member).checkIn.checkIn({ contestId: contest.id });
      return {
        contestId: contest.id,
        change: () => as(member).checkIn.undo({ contestId: contest.id }),
      };
    },
  },
  {
    procedure: 'the start round (job): the not-checked-in dropped at the start',
    sites: ['domain/tournaments/noShows.ts:removeParticipant'],
    setUp: async () => {
      const contest = await checkInContest(10 * MINUTE);
      const [present, absent] = [await createUser(t.db), await createUser(t.db)];
      for (const user of [present, absent]) {
        await addParticipant({ db: t.db, contestId: contest.id, userId: user.id });
      }
      await as(present).checkIn.checkIn({ contestId: contest.id });
      return {
        contestId: contest.id,
        change: () => runStartRound({ db: t.db, now: contest.startDate!.getTime() }),
      };
    },
  },
  // The organiser's player list (issue 29): add, check in for a player, process check-ins
  // (the no-show rule the start round shares), remove.
  {
    procedure: 'roster.add',
    sites: ['domain/tournaments/roster.ts:addParticipant'],
    setUp: async () => {
      const contest = await insertContest(t.db, { createdBy: admin.id });
      const member = await createUser(t.db);
      return {
        contestId: contest.id,
        change: () => as(admin).roster.add({ contestId: contest.id, username: member.username }),
      };
    },
  },
  {
    procedure: 'roster.checkIn',
    sites: ['domain/tournaments/roster.ts:setCheckedIn'],
    setUp: async () => {
      const contest = await checkInContest(30 * MINUTE);
      const member = await createUser(t.db);
      await addParticipant({ db: t.db, contestId: contest.id, userId: member.id });
      return {
        contestId: contest.id,
        change: () => as(admin).roster.checkIn({ contestId: contest.id, userId: member.id }),
      };
    },
  },
  {
    procedure: 'roster.processCheckIns',
    sites: ['domain/tournaments/noShows.ts:removeParticipant'],
    setUp: async () => {
      const contest = await checkInContest(30 * MINUTE);
      const member = await createUser(t.db);
      await addParticipant({ db: t.db, contestId: contest.id, userId: member.id });
      return {
        contestId: contest.id,
        change: () => as(admin).roster.processCheckIns({ contestId: contest.id }),
      };
    },
  },
  {
    procedure: 'roster.remove',
    sites: ['domain/tournaments/roster.ts:removeParticipant'],
    setUp: async () => {
      const { contest, member } = await joined();
      return {
        contestId: contest.id,
        change: () =>
          as(admin).roster.remove({
            contestId: contest.id,
            userId: member.id,
            reason: 'Registered twice',
          }),
      };
    },
  },
  {
    procedure: 'roster.disqualify',
    sites: ['domain/tournaments/disqualify.ts:setDisqualified'],
    setUp: async () => {
      // Started (its start has passed), its bracket not generated: the mark alone changes.
      const contest = await insertContest(t.db, {
        createdBy: admin.id,
        format: 'knockout',
        startDate: new Date(Date.now() - MINUTE),
        registrationDeadline: new Date(Date.now() - 2 * MINUTE),
      });
      const member = await createUser(t.db);
      await addParticipant({ db: t.db, contestId: contest.id, userId: member.id });
      return {
        contestId: contest.id,
        change: () =>
          as(admin).roster.disqualify({
            contestId: contest.id,
            userId: member.id,
            reason: 'Left the venue',
          }),
      };
    },
  },
  {
    procedure: 'tournaments.report (the last result places everyone)',
    sites: [
      'domain/tournaments/placement.ts:applyScores',
      'domain/tournaments/placement.ts:clearScores',
    ],
    setUp: async () => {
      const contest = await insertContest(t.db, {
        createdBy: admin.id,
        format: 'knockout',
        registrationDeadline: new Date(Date.now() - MINUTE),
      });
      for (let i = 0; i < 2; i++) {
        const member = await createUser(t.db);
        await addParticipant({ db: t.db, contestId: contest.id, userId: member.id });
      }
      await as(admin).tournaments.generate({ contestId: contest.id, seeding: 'random' });
      const [match] = await as(admin).tournaments.matches({ contestId: contest.id });
      return {
        contestId: contest.id,
        change: () => as(admin).tournaments.report({ matchId: match!.id, scores: [2, 1] }),
      };
    },
  },
  {
    procedure: 'teams.register',
    sites: ['domain/tournaments/teamRegistration.ts:addParticipant'],
    setUp: async () => {
      const { contest, teamId, captain } = await team(2, false);
      return {
        contestId: contest.id,
        change: () => as(captain).teams.register({ teamId }),
      };
    },
  },
  {
    procedure: 'teams.transferCaptain',
    sites: ['domain/tournaments/teams.ts:moveParticipant'],
    setUp: async () => {
      const { contest, teamId, captain, people } = await team(2);
      return {
        contestId: contest.id,
        change: () => as(captain).teams.transferCaptain({ teamId, userId: people[1]!.id }),
      };
    },
  },
  {
    procedure: 'teams.removeMember (a registered team falls below its minimum)',
    sites: ['domain/tournaments/teams.ts:removeParticipant'],
    setUp: async () => {
      const { contest, teamId, captain, people } = await team(2);
      return {
        contestId: contest.id,
        change: () => as(captain).teams.removeMember({ teamId, userId: people[1]!.id }),
      };
    },
  },
  {
    procedure: 'teams.leave (a registered captain alone dissolves the team)',
    sites: ['domain/tournaments/teams.ts:removeParticipant'],
    setUp: async () => {
      const { contest, teamId, captain } = await team(1);
      return {
        contestId: contest.id,
        change: () => as(captain).teams.leave({ teamId }),
      };
    },
  },
  {
    // Issue 34: rules make an Open contest a trading contest; its board's places replace the
    // scores typed before (ranked lower first from then on).
    procedure: 'trading.setRules (a contest scored by hand becomes a trading contest)',
    sites: [
      'domain/trading/board/places.ts:rerankContest',
      'domain/trading/board/places.ts:applyScores',
      'domain/trading/board/places.ts:clearScores',
    ],
    setUp: async () => {
      const { contest, member } = await joined({ format: 'open' });
      await as(admin).leaderboard.setScores({
        contestId: contest.id,
        scores: [{ username: member.username, score: 12 }],
      });
      return {
        contestId: contest.id,
        change: () => as(admin).trading.setRules({ contestId: contest.id, maxDrawdownPct: 10 }),
      };
    },
  },
  {
    procedure: 'POST /api/contests/:id/statements (a trader uploads a statement)',
    sites: [
      'domain/trading/board/places.ts:applyScores',
      'domain/trading/board/places.ts:clearScores',
    ],
    setUp: async () => {
      const { contest } = await tradingContest(t);
      const me = await trader(t, contest.id, 'CP-HHHHHH');
      return {
        contestId: contest.id,
        change: () =>
          uploadStatement(t, me.user, contest.id, csvStatement({ comment: 'CP-HHHHHH' })),
      };
    },
  },
  {
    procedure: 'trading.reviewStatement (the organiser approves a statement)',
    sites: [
      'domain/trading/board/places.ts:applyScores',
      'domain/trading/board/places.ts:clearScores',
    ],
    setUp: async () => {
      const { contest, organiser } = await tradingContest(t);
      const me = await trader(t, contest.id);
      const id = await uploadStatement(t, me.user, contest.id, csvStatement());
      return {
        contestId: contest.id,
        change: () =>
          as(organiser).trading.reviewStatement({ statementId: id, status: 'approved' }),
      };
    },
  },
  {
    procedure: 'contests.update (the dates of a trading contest: its statements scored again)',
    sites: [
      'domain/trading/board/places.ts:applyScores',
      'domain/trading/board/places.ts:clearScores',
    ],
    setUp: async () => {
      // A running contest's dates are the staff's to change.
      const { contest } = await tradingContest(t);
      const me = await trader(t, contest.id, 'CP-JJJJJJ');
      await uploadStatement(t, me.user, contest.id, csvStatement({ comment: 'CP-JJJJJJ' }));
      return {
        contestId: contest.id,
        change: () =>
          as(admin).contests.update({
            id: contest.id,
            endDate: new Date('2024-03-04T12:00:00Z'),
          }),
      };
    },
  },
  {
    procedure: 'adminUsers.delete (the member leaves every contest)',
    sites: ['domain/accounts/adminUsers.ts:removeFromAllContests'],
    setUp: async () => {
      const { contest, member } = await joined();
      return {
        contestId: contest.id,
        change: () => as(admin).adminUsers.delete({ id: member.id }),
      };
    },
  },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}
const files = sourceFiles(SRC).map((file) => ({
  name: path.relative(SRC, file).split(path.sep).join('/'),
  text: fs.readFileSync(file, 'utf8'),
}));
// The demo seed writes its rows before any server runs (no viewer to tell).
const product = files.filter((f) => !f.name.startsWith('seed/'));

/** The files (outside `except`) whose code writes one of the tables. */
function writersOf(tables: string[], drizzleNames: string[], except: string | string[]): string[] {
  const allowed = [except].flat();
  const builder = new RegExp(`\\.(update|insert|delete)\\((${drizzleNames.join('|')})\\)`);
  const raw = new RegExp(
    `(INSERT INTO|UPDATE|DELETE FROM)\\s+"?(${tables.join('|')})\\b|` +
      `(insertMany|updateManyById)\\(\\s*\\w+,\\s*'(${tables.join('|')})'`,
    'i',
  );
  return product
    .filter((f) => !allowed.includes(f.name) && (builder.test(f.text) || raw.test(f.text)))
    .map((f) => f.name);
}

describe('the one writer of what ranks and brackets show', () => {
  it('no other file writes participant rows or rank buckets', () => {
    expect(
      writersOf(
        ['contest_participants', 'rank_buckets'],
        ['cp', 'contestParticipants', 'rankBuckets'],
        WRITER,
      ),
    ).toEqual([]);
  });

  it('no other file writes bracket rows, nor payment proofs', () => {
    expect(
      writersOf(
        ['bracket_stages', 'bracket_groups', 'bracket_rounds', 'bracket_matches'],
        ['bracketStages', 'bracketGroups', 'bracketRounds', 'bracketMatches'],
        'domain/tournaments/bracketWrite.ts',
      ),
    ).toEqual([]);
    // A proof is written when it is sent and when it is reviewed, each beside its announcement.
    expect(
      writersOf(
        ['payment_proofs'],
        ['paymentProofs'],
        ['domain/money/proofs/submit.ts', 'domain/money/proofs/review.ts'],
      ),
    ).toEqual([]);
  });

  it("each of the writer's changing functions announces its contest", () => {
    const writer = files.find((f) => f.name === WRITER)!.text;
    for (const name of WRITER_FUNCTIONS) {
      const start = writer.indexOf(`export async function ${name}`);
      expect(start, name).toBeGreaterThan(-1);
      const next = writer.indexOf('\nexport ', start + 1);
      const body = writer.slice(start, next === -1 ? undefined : next);
      // Directly, or through another of them (every contest a member leaves).
      expect(body, name).toMatch(/boardChanged\(|removeParticipant\(/);
    }
  });

  it('every call site of the writer is reached by a declared procedure', () => {
    const call = new RegExp(`\\b(${WRITER_FUNCTIONS.join('|')})\\(`, 'g');
    const found = new Set<string>();
    for (const f of product) {
      if (f.name === WRITER) continue;
      for (const [, name] of f.text.matchAll(call)) found.add(`${f.name}:${name}`);
    }
    const declared = new Set(RANK_CHANGES.flatMap((c) => c.sites));
    expect([...found].sort()).toEqual([...declared].sort());
  });
});

/** Resolves true when `next` settles, false after `ms` (then the change was never heard). */
function within<T>(next: Promise<T>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    next.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

describe('an open leaderboard hears every procedure that changes a rank', () => {
  it.each(RANK_CHANGES.map((c) => [c.procedure, c] as const))('%s', async (_name, entry) => {
    const { contestId, change } = await entry.setUp();
    const stream = (await as(admin).leaderboard.onChange({ contestId })) as AsyncIterable<unknown>;
    const events = stream[Symbol.asyncIterator]();
    try {
      const next = events.next();
      await change();
      // Told after the commit, within the coalescing window; 10 s means it never was.
      expect(await within(next, 10_000)).toBe(true);
    } finally {
      await events.return?.();
    }
  });
});
