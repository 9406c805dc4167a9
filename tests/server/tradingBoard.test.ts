// A trading contest's board (issue 34): each entrant's latest statement in compareTraders'
// order (ties share a place, pending unranked below the ranked, disqualified last, a rejected
// latest statement off the board), named as the bracket names entrants; its places written as
// the contest's leaderboard (placeTraders); every statement scored again after a rule or a date
// change; a completed contest's rules refused. Statements are the real MT5 report and synthetic
// ones, scored by the engine and inserted as rows (tests/helpers/tradingRows.ts).
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  closeParsePool,
  parseStatement,
  traderBoardChanged,
} from '../../src/server/domain/trading';
import { addParticipant } from '../../src/server/domain/participation';
import {
  contests,
  liveChannels,
  teams,
  tradingStatements,
} from '../../src/server/platform/db/schema';
import { ZTradingRulesSchema, type TradingRulesInput } from '../../src/shared/trading/rules';
import { TRADING_RULE_REFUSALS } from '../../src/shared/schemas/trading';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { insertContest } from '../helpers/contests';
import { refusal } from '../helpers/errors';
import { mt5Report } from '../helpers/tradingFixtures';
import { insertStatementRow } from '../helpers/tradingRows';
import { groupExcluded } from '../../src/server/domain/trading';
import { JUNE, operation, statement } from '../helpers/tradingStatement';

const t = await createTestDb();
afterAll(async () => {
  await closeParsePool();
  await t.close();
});

const creator = await createUser(t.db);
const moderator = await createUser(t.db, { role: 'moderator' });
const viewer = await createUser(t.db);
const as = (user: CreatedUser) => callerFor(t, user).caller;
const MT5 = parseStatement(mt5Report());

/** A 10,000 account that made `profit` in one June trade: return = profit / 100 %. */
const gained = (profit: string) =>
  statement(
    [{ ticket: '1', open: '06-05 08:00', close: '06-05 09:00', profit }],
    [operation('D', '06-01 00:00', '10000.00')],
  );

async function tradingContest(rules: TradingRulesInput = {}) {
  const contest = await insertContest(t.db, {
    createdBy: creator.id,
    format: 'open',
    status: 'active',
    startDate: JUNE.startsAt,
    registrationDeadline: JUNE.startsAt,
    endDate: JUNE.endsAt,
  });
  await as(creator).trading.setRules({ contestId: contest.id, ...rules });
  return contest;
}

async function entrant(contestId: number, teamName?: string) {
  const user = await createUser(t.db);
  let teamId: number | null = null;
  if (teamName) {
    const [team] = await t.db
      .insert(teams)
      .values({ contestId, name: teamName, captainId: user.id })
      .returning({ id: teams.id });
    teamId = team!.id;
  }
  await addParticipant({ db: t.db, contestId, userId: user.id, teamId });
  const [row] = await t.db.query.contestParticipants.findMany({
    where: (cp, { and, eq: is }) => and(is(cp.contestId, contestId), is(cp.userId, user.id)),
  });
  return { user, participantId: row!.id };
}

async function upload(
  contestId: number,
  who: { user: CreatedUser; participantId: number },
  parsed = gained('300.00'),
  extra: {
    status?: 'counted' | 'pending' | 'approved' | 'rejected' | 'disqualified';
    createdAt?: Date;
    rules?: TradingRulesInput;
  } = {},
) {
  return insertStatementRow(t.db, t.deps.privateDir, {
    contestId,
    participantId: who.participantId,
    userId: who.user.id,
    parsed,
    rules: ZTradingRulesSchema.parse(extra.rules ?? {}),
    window: JUNE,
    status: extra.status,
    createdAt: extra.createdAt,
  });
}

const place = (contestId: number) => t.db.transaction((tx) => traderBoardChanged(tx, contestId));

describe('the board', () => {
  it('orders by the metric, shares tied places, puts pending then disqualified last, leaves rejected off', async () => {
    const contest = await tradingContest();
    const id = contest.id;
    const foxes = await entrant(id, 'Red Foxes');
    const [b, c, d, e, f, g, h] = await Promise.all(Array.from({ length: 7 }, () => entrant(id)));
    const same = new Date('2023-07-01T10:00:00Z');
    await upload(id, foxes, gained('500.00'));
    await upload(id, b!, gained('300.00'), { createdAt: same });
    await upload(id, c!, gained('300.00'), { createdAt: same });
    await upload(id, d!, MT5);
    await upload(id, e!, gained('900.00'), { status: 'pending' });
    await upload(id, f!, gained('1000.00'), { status: 'disqualified' });
    // Breached under stricter rules than the contest's: disqualified by the breach alone.
    await upload(id, g!, MT5, { status: 'approved', rules: { maxDrawdownPct: 0.1 } });
    // h's latest statement was rejected: h has no row, though an earlier one counted.
    await upload(id, h!, gained('800.00'), { createdAt: new Date('2023-07-01T09:00:00Z') });
    await upload(id, h!, gained('800.00'), {
      status: 'rejected',
      createdAt: new Date('2023-07-02T09:00:00Z'),
    });

    const board = await as(viewer).trading.board({ contestId: id });
    expect(board.metric).toBe('return_pct');
    const byParticipant = new Map(
      [foxes, b, c, d, e, f, g].map((x, i) => [x!.participantId, 'abcdefg'[i]]),
    );
    expect(
      board.rows.map((r) => [byParticipant.get(r.participantId), r.rank, r.disqualified, r.status]),
    ).toEqual([
      ['a', 1, false, 'counted'],
      ['b', 2, false, 'counted'],
      ['c', 2, false, 'counted'],
      ['d', 4, false, 'counted'],
      ['e', null, false, 'pending'],
      ['f', null, true, 'disqualified'],
      ['g', null, true, 'approved'],
    ]);
    expect(board.rows[0]!.entrantName).toBe('Red Foxes');
    expect(board.rows[1]!.entrantName).toBe(b!.user.username);
    expect(board.rows[0]!.figures.returnPct).toBe('5.00');
    expect(board.rows[3]!.figures).toMatchObject({ netProfit: '-50.84', trades: 658 });
    expect(board.rows[6]!.breaches[0]!.rule).toBe('max_drawdown');
    // The MT5 trader's curve (659 points) is thinned for the row, ends kept.
    expect(board.rows[3]!.curve).toHaveLength(60);
    expect(board.rows[3]!.curve.at(-1)!.balance).toBe('9949.16');
  });

  it('answers 404 to whoever may not see the contest', async () => {
    const hidden = await insertContest(t.db, {
      createdBy: creator.id,
      format: 'open',
      status: 'pending',
    });
    expect((await refusal(as(viewer).trading.board({ contestId: hidden.id }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await as(creator).trading.board({ contestId: hidden.id })).rows).toEqual([]);
  });
});

describe('placeTraders', () => {
  it('writes the ranked places as the leaderboard, lower first, and clears the others', async () => {
    const contest = await tradingContest();
    const id = contest.id;
    const [a, b, c] = await Promise.all([entrant(id, 'Blue Owls'), entrant(id), entrant(id)]);
    // A score typed by hand before: not a place, so cleared.
    const typed = await createUser(t.db);
    await addParticipant({ db: t.db, contestId: id, userId: typed.id, score: 42 });
    await upload(id, a!, gained('100.00'));
    await upload(id, b!, gained('700.00'));
    await upload(id, c!, gained('900.00'), { status: 'pending' });
    await place(id);
    const board = await as(viewer).leaderboard.get({ contestId: id, limit: 100 });
    expect(board.scoreOrder).toBe('lower');
    expect(board.scoreDecimals).toBe(0);
    expect(board.entries.map((e) => [e.teamName ?? e.username, e.rank, e.score])).toEqual([
      [b!.user.username, 1, 1],
      ['Blue Owls', 2, 2],
      expect.anything(),
      expect.anything(),
    ]);
    const unranked = board.entries.slice(2);
    expect(unranked.every((e) => e.rank === null && e.score === null)).toBe(true);
    expect(unranked.map((e) => e.username).sort()).toEqual(
      [c!.user.username, typed.username].sort(),
    );
    const [row] = await t.db.select().from(contests).where(eq(contests.id, id));
    expect(row!.status).toBe('active');
    // No place moves, yet the contest's leaderboard channel is told (a figure may have changed):
    // the clients watching the leaderboard read the trading board again.
    const version = async () =>
      (
        await t.db
          .select({ v: liveChannels.version })
          .from(liveChannels)
          .where(eq(liveChannels.channel, `contest:${id}`))
      )[0]?.v ?? 0;
    const before = await version();
    await place(id);
    expect(await version()).toBe(before + 1);
  });
});

describe('recompute', () => {
  it('scores every statement again after a rule change, and after a date change', async () => {
    const contest = await tradingContest();
    const id = contest.id;
    const [trader, other] = await Promise.all([entrant(id), entrant(id)]);
    const mine = await upload(id, trader!, MT5);
    await upload(id, other!, gained('200.00'));
    await place(id);
    const rowOf = async () =>
      (await t.db.select().from(tradingStatements).where(eq(tradingStatements.id, mine)))[0]!;

    // A drawdown limit below the report's 0.58 % disqualifies it.
    const tight = await as(creator).trading.setRules({ contestId: id, maxDrawdownPct: 0.1 });
    expect(tight.version).toBe(2);
    let board = await as(viewer).trading.board({ contestId: id });
    const mineRow = () => board.rows.find((r) => r.statementId === mine)!;
    expect(mineRow()).toMatchObject({ rank: null, disqualified: true });
    expect(mineRow().breaches.map((x) => x.rule)).toEqual(['max_drawdown']);
    expect((await rowOf()).rulesVersion).toBe(2);

    // Only EURUSD: 84 of its 658 trades count; the others grouped under one reason.
    await as(creator).trading.setRules({ contestId: id, symbols: ['EURUSD'] });
    board = await as(viewer).trading.board({ contestId: id });
    expect(mineRow()).toMatchObject({ disqualified: false });
    expect(mineRow().figures.countedTrades).toBe(84);
    const stored = await rowOf();
    expect(stored.rulesVersion).toBe(3);
    // Every excluded trade is kept; the answers group them.
    expect(stored.excluded).toHaveLength(574);
    expect(new Set(stored.excluded.map((e) => e.reason))).toEqual(new Set(['symbol']));
    expect(groupExcluded(stored.excluded)).toEqual([
      expect.objectContaining({ reason: 'symbol', count: 574 }),
    ]);
    expect(groupExcluded(stored.excluded)[0]!.tickets).toHaveLength(20);

    // The end moved to 24 June 00:00: fewer trades count.
    await as(moderator).contests.update({ id, endDate: new Date('2023-06-24T00:00:00Z') });
    board = await as(viewer).trading.board({ contestId: id });
    const counted = mineRow().figures.countedTrades;
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThan(84);
    expect(
      groupExcluded((await rowOf()).excluded)
        .map((x) => x.reason)
        .sort(),
    ).toEqual(['after_end', 'symbol']);
    // The places follow.
    const leaderboard = await as(viewer).leaderboard.get({ contestId: id, limit: 10 });
    expect(leaderboard.entries.map((e) => e.rank)).toEqual([1, 2]);
  });

  it('refuses a rule change on a completed contest (409 contest_completed)', async () => {
    const contest = await tradingContest();
    await t.db.update(contests).set({ status: 'completed' }).where(eq(contests.id, contest.id));
    expect(
      await refusal(as(creator).trading.setRules({ contestId: contest.id, minTrades: 5 })),
    ).toEqual({
      code: 'CONFLICT',
      reason: 'contest_completed',
      message: TRADING_RULE_REFUSALS.contestCompleted,
    });
  });
});
