// Leaderboards (SPEC 2.8, PRODUCT.md 'Taking part'): the contests that have one, a contest's
// ranked list in score order (an index range from its rank bucket, however many take part), and
// the history of every score change. Rank buckets are written by contestParticipants.ts; who may
// read and score is scoreRights.ts, entering scores scoreEntry.ts (both answered from here too,
// the router's one door to leaderboards).
import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { countRows, onePage } from '../../platform/db/pages';
import {
  contestParticipants as cp,
  contests,
  rankBuckets,
  scoreHistory,
  teams,
  users,
} from '../../platform/db/schema';
import { normalizeTier } from '../../../shared/constants';
import type { ScoreOrder } from '../../../shared/contests';
import type { TScoreHistory } from '../../../shared/schemas/leaderboard';
import type { TLeaderboard, TLeaderboardContest } from '../../../shared/schemas/participation';
import { rankColumn, ranksOfPage } from './contestParticipants';
import { placeWords } from './places';
import { ranksByPlace } from '../../../shared/places';
import { publicContest, type ContestPageArgs, type Viewer } from '../contests';
import { HISTORY_FORBIDDEN, leaderboardContest, scorableContest } from './scoreRights';

export {
  canScore,
  HISTORY_FORBIDDEN,
  leaderboardContest,
  NO_LEADERBOARD,
  SCORES_FORBIDDEN,
} from './scoreRights';
export {
  CsvScoresRefused,
  importScoresCsv,
  ScoreLinesRefused,
  setScores,
  type CsvLineProblem,
} from './scoreEntry';

/** Beyond every score (stored units): the open end of the best bucket. */
const TOP = 1e15;

// Prepared statements per database and score order: these are the hot reads of an open board.
function prepare(db: DB, order: ScoreOrder) {
  const entryColumns = {
    userId: cp.userId,
    username: users.username,
    score: cp.score,
    tier: users.subscriptionTier,
    profileImage: users.profileImage,
    // Team mode: a registered team's row is its captain's, shown by the team's name.
    teamId: cp.teamId,
    teamName: teams.name,
    disqualifiedAt: cp.disqualifiedAt,
  };
  const higher = order === 'higher';
  return {
    // Scored rows in rank order from a bucket's edge (stored units): below an upper end when
    // higher is better, from a lower end when lower is; ties in join order. The whole board is
    // the same statement with the edge beyond every score.
    page: db
      .select(entryColumns)
      .from(cp)
      .innerJoin(users, eq(users.id, cp.userId))
      .leftJoin(teams, eq(teams.id, cp.teamId))
      .where(
        and(
          eq(cp.contestId, sql.placeholder('contestId')),
          higher
            ? sql`${cp.score} < ${sql.placeholder('edge')}`
            : sql`${cp.score} >= ${sql.placeholder('edge')}`,
        ),
      )
      .orderBy(higher ? desc(cp.score) : asc(cp.score), asc(cp.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
    // The contest's buckets, best first: where a deep page starts without stepping over rows.
    buckets: db
      .select({ lo: rankBuckets.lo, n: rankBuckets.n })
      .from(rankBuckets)
      .where(eq(rankBuckets.contestId, sql.placeholder('contestId')))
      .orderBy(higher ? desc(rankBuckets.lo) : asc(rankBuckets.lo))
      .prepare(),
    // After the ranked rows, the members without a score yet, in the order they joined.
    unranked: db
      .select(entryColumns)
      .from(cp)
      .innerJoin(users, eq(users.id, cp.userId))
      .leftJoin(teams, eq(teams.id, cp.teamId))
      .where(and(eq(cp.contestId, sql.placeholder('contestId')), isNull(cp.score)))
      .orderBy(asc(cp.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
    // The caller's row, or (team mode) their team's.
    me: db
      .select({ rank: rankColumn(order), score: cp.score, teamId: cp.teamId })
      .from(cp)
      .where(
        and(
          eq(cp.contestId, sql.placeholder('contestId')),
          or(
            eq(cp.userId, sql.placeholder('me')),
            sql`${cp.teamId} IN (SELECT tm.team_id FROM team_members tm
              WHERE tm.user_id = ${sql.placeholder('me')} AND tm.state = 'member')`,
          ),
        ),
      )
      .limit(1)
      .prepare(),
  };
}
/** A row as an entry: a disqualified player's marked (shown as 'DQ'). */
function entryOf<T extends { disqualifiedAt: Date | null }>({ disqualifiedAt, ...e }: T) {
  return { ...e, ...(disqualifiedAt ? { disqualified: true } : {}) };
}

const statements = new WeakMap<DB, Record<ScoreOrder, ReturnType<typeof prepare>>>();
function statementsFor(db: DB, order: ScoreOrder) {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = { higher: prepare(db, 'higher'), lower: prepare(db, 'lower') }));
  return s[order]!;
}

export async function getLeaderboard({
  db,
  viewer,
  contestId,
  limit,
  offset,
}: {
  db: DB;
  viewer: Viewer;
  contestId: number;
  limit: number;
  offset: number;
}): Promise<TLeaderboard> {
  const contest = await leaderboardContest(db, viewer, contestId);
  const order = contest.scoreOrder;
  const s = statementsFor(db, order);
  // A deep page starts at the bucket holding its first position (the buckets' counts, best
  // first, add up to it) and steps over at most that bucket's rows, not every row before it.
  let edge = order === 'higher' ? TOP : -TOP;
  let before = 0;
  let ranked: number | undefined;
  if (offset > 0) {
    const buckets = await s.buckets.execute({ contestId });
    let upper = TOP;
    for (const b of buckets) {
      if (before + b.n > offset) {
        edge = order === 'higher' ? upper : b.lo;
        break;
      }
      before += b.n;
      upper = b.lo;
    }
    ranked = buckets.reduce((sum, b) => sum + b.n, 0);
    if (offset >= ranked) before = offset;
  }
  const rows =
    ranked !== undefined && offset >= ranked
      ? []
      : await s.page.execute({ contestId, edge, limit, offset: offset - before });
  const ranks = await ranksOfPage(
    db,
    contestId,
    order,
    offset,
    rows.map((r) => r.score),
  );
  const entries: TLeaderboard['entries'] = rows.map((e, i) => ({
    rank: ranks[i]!,
    ...entryOf(e),
  }));
  if (rows.length < limit) {
    // The page reaches past the ranked rows: the unranked follow.
    ranked ??= offset + rows.length;
    entries.push(
      ...(
        await s.unranked.execute({
          contestId,
          limit: limit - rows.length,
          offset: Math.max(0, offset - ranked),
        })
      ).map((e) => ({ rank: null, ...entryOf(e) })),
    );
  }
  for (const e of entries) e.tier = e.tier === null ? null : normalizeTier(e.tier);
  const me: TLeaderboard['me'] = (await s.me.execute({ contestId, me: viewer.id }))[0] ?? null;
  // A bracket's final placement reads as places ('1st', '3rd-4th'), not points.
  const byPlace = ranksByPlace(contest);
  if (byPlace) {
    const placed = [...entries, ...(me ? [me] : [])].filter((e) => e.rank !== null);
    const words = await placeWords(
      db,
      contestId,
      placed.map((e) => e.score),
    );
    for (const e of placed) e.place = words(e.score) ?? undefined;
  }
  // The stored count is the number of rows (contestParticipants.ts keeps them equal).
  return {
    contestId,
    scoreDecimals: contest.scoreDecimals,
    scoreOrder: contest.scoreOrder,
    ...(byPlace ? { ranksBy: 'place' as const } : {}),
    total: contest.participants,
    entries,
    me,
  };
}

/** /leaderboard's cards: contests members can see, with a leaderboard and someone in it. */
export async function listLeaderboardContests({
  db,
  viewer,
  page,
  pageSize,
}: {
  db: DB;
  viewer: Viewer;
  page: number;
  pageSize: number;
}): Promise<{ items: TLeaderboardContest[]; total: number; page: number; pageSize: number }> {
  const where = and(
    // Public contests only, whoever asks: the cards are the same for everyone.
    publicContest,
    eq(contests.enableLeaderboard, true),
    gt(contests.participants, 0),
  );
  const query = db
    .select({
      id: contests.id,
      slug: contests.slug,
      title: contests.title,
      shortDescription: contests.shortDescription,
      coverImage: contests.coverImage,
      category: contests.category,
      status: contests.status,
      startDate: contests.startDate,
      endDate: contests.endDate,
      participants: contests.participants,
      prize: contests.prize,
      myRank: rankColumn(sql`${contests.scoreOrder}`),
    })
    .from(contests)
    .leftJoin(cp, and(eq(cp.contestId, contests.id), eq(cp.userId, viewer.id)))
    .where(where)
    // Running contests first (their boards move), then the latest.
    .orderBy(asc(contests.status), desc(contests.startDate), desc(contests.id))
    .$dynamic();
  const items = await onePage(query, { page, pageSize });
  const total = await countRows(db, contests, where);
  return { items, total, page, pageSize };
}

/**
 * A contest's score history, newest first: for its creator, moderators and admins (others who
 * can see the contest 403; a contest they may not see 404).
 */
export async function getScoreHistory(args: ContestPageArgs): Promise<TScoreHistory> {
  const { db, viewer, contestId, page, pageSize } = args;
  const contest = await scorableContest(db, viewer, contestId, HISTORY_FORBIDDEN);
  const where = eq(scoreHistory.contestId, contestId);
  const query = db
    .select({
      id: scoreHistory.id,
      userId: scoreHistory.userId,
      username: scoreHistory.username,
      oldScore: scoreHistory.oldScore,
      newScore: scoreHistory.newScore,
      changedBy: scoreHistory.changedBy,
      changedByName: scoreHistory.changedByName,
      source: scoreHistory.source,
      createdAt: scoreHistory.createdAt,
    })
    .from(scoreHistory)
    .where(where)
    // score_history_contest serves this order.
    .orderBy(desc(scoreHistory.id))
    .$dynamic();
  const items = await onePage(query, { page, pageSize });
  const total = await countRows(db, scoreHistory, where);
  return { contestId, scoreDecimals: contest.scoreDecimals, items, total, page, pageSize };
}
