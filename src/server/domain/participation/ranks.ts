// Reading ranks (the method is contestParticipants.ts's header): a score's rank from the rank
// buckets, a row's rank as a query column, a page's ranks, rank order, a contest's standings, and
// the counts. Nothing here writes; the buckets are written by contestParticipants.ts.
import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { rows } from '../../platform/db/dialect';
import { contestParticipants as cp, contests } from '../../platform/db/schema';
import type { ScoreOrder } from '../../../shared/contests';
import { toScoreUnits } from '../../../shared/leaderboard';

/** Whether a higher or a lower score ranks first in a contest (read where it is about to rank). */
export async function scoreOrderOf(db: DbOrTx, contestId: number): Promise<ScoreOrder> {
  const [row] = await db
    .select({ order: contests.scoreOrder })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row?.order ?? 'higher';
}

/** Below every score (stored units): the first bucket of a contest starts here. */
export const BOTTOM = -1e15;
/**
 * Rows per rank bucket when a contest's buckets are laid out again; a bucket grown past four
 * times that lays them out again. (Tests shrink it so that small contests have many buckets.)
 */
export const rankBucketSize = { rows: 512 };

/**
 * The rank of a score (stored units, an SQL value) in a contest (an SQL value) with a score
 * order (SQL text 'higher' or 'lower'): 1 + the rows of the buckets wholly better + the better
 * rows of the one bucket the score falls in (an index range of at most 4 * rankBucketSize.rows rows). With no
 * buckets at all it is 1 + a count of the better rows, still right.
 */
export function rankOf(contestId: SQL, units: SQL, order: SQL): SQL<number> {
  // Higher is better: the buckets starting above the score are better; inside the score's own
  // bucket, the rows above it up to the next bucket's start.
  const next = sql`(SELECT min(rb.lo) FROM rank_buckets rb WHERE rb.contest_id = ${contestId} AND rb.lo > ${units})`;
  const higher = sql`1 + coalesce((SELECT sum(rb.n) FROM rank_buckets rb WHERE rb.contest_id = ${contestId} AND rb.lo > ${units}), 0)
    + (SELECT count(*) FROM contest_participants bp WHERE bp.contest_id = ${contestId}
       AND bp.score > ${units} AND bp.score < coalesce(${next}, ${-BOTTOM}))`;
  // Lower is better: the buckets starting below the score's own are better; inside it, the rows
  // from its start up to the score.
  const own = sql`coalesce((SELECT max(rb.lo) FROM rank_buckets rb WHERE rb.contest_id = ${contestId} AND rb.lo <= ${units}), ${BOTTOM})`;
  const lower = sql`1 + coalesce((SELECT sum(rb.n) FROM rank_buckets rb WHERE rb.contest_id = ${contestId} AND rb.lo < ${own}), 0)
    + (SELECT count(*) FROM contest_participants bp WHERE bp.contest_id = ${contestId}
       AND bp.score >= ${own} AND bp.score < ${units})`;
  return sql<number>`CAST(CASE WHEN ${order} = 'lower' THEN ${lower} ELSE ${higher} END AS INTEGER)`;
}

/**
 * A participant row's rank, as a column of a query over contest_participants (null without a
 * score). The contest's order is read from its row unless the query has it at hand.
 */
export function rankColumn(order?: SQL | ScoreOrder): SQL<number | null> {
  const orderSql =
    order === undefined
      ? sql`(SELECT c.score_order FROM contests c WHERE c.id = ${cp.contestId})`
      : typeof order === 'string'
        ? sql`${order}`
        : order;
  return sql<number | null>`CASE WHEN ${cp.score} IS NULL THEN NULL ELSE ${rankOf(
    sql`${cp.contestId}`,
    sql`${cp.score}`,
    orderSql,
  )} END`.mapWith((v: unknown) => (v === null ? null : Number(v)));
}

/** The rank a score (points) would have in a contest: 1 + how many scored rows are better. */
export async function rankOfScore(
  db: DbOrTx,
  contestId: number,
  order: ScoreOrder,
  score: number,
): Promise<number> {
  const [row] = await rows<{ r: number | string }>(
    db,
    sql`SELECT ${rankOf(sql`${contestId}`, sql`${toScoreUnits(score)}`, sql`${order}`)} AS r`,
  );
  return Number(row!.r);
}

/**
 * The ranks of a page of a contest's rows read in rank order (best score first, then the
 * unscored) from position `offset`: the first scored row's rank is counted, each next one is
 * its tie's or its own position (competition ranking), an unscored row has none.
 */
export async function ranksOfPage(
  db: DbOrTx,
  contestId: number,
  order: ScoreOrder,
  offset: number,
  scores: readonly (number | null)[],
): Promise<(number | null)[]> {
  const ranks: (number | null)[] = [];
  for (let i = 0; i < scores.length; i++) {
    const score = scores[i]!;
    if (score === null) ranks.push(null);
    else if (i > 0 && scores[i - 1] === score) ranks.push(ranks[i - 1]!);
    else if (i > 0 || offset === 0) ranks.push(offset + i + 1);
    else ranks.push(await rankOfScore(db, contestId, order, score));
  }
  return ranks;
}

/** Rows in rank order: the best score first (higher or lower), ties and the unscored by `then`. */
export function rankOrder(order: ScoreOrder): SQL[] {
  return [sql`${cp.score} IS NULL`, order === 'higher' ? desc(cp.score) : asc(cp.score)];
}

/**
 * Every participant of a contest with their rank (competition ranking, as the leaderboard shows
 * it; null without a score), best first: a contest's final standings when it is completed.
 */
export async function finalStandings(
  db: DbOrTx,
  contestId: number,
): Promise<{ userId: number; score: number | null; rank: number | null }[]> {
  const order = await scoreOrderOf(db, contestId);
  const rowsInOrder = await db
    .select({ userId: cp.userId, score: cp.score })
    .from(cp)
    .where(eq(cp.contestId, contestId))
    .orderBy(
      sql`${cp.score} IS NULL`,
      order === 'lower' ? asc(cp.score) : desc(cp.score),
      asc(cp.id),
    );
  const ranks = await ranksOfPage(
    db,
    contestId,
    order,
    0,
    rowsInOrder.map((r) => r.score),
  );
  return rowsInOrder.map((r, i) => ({ ...r, rank: ranks[i]! }));
}

/** The contests a member takes part in. */
export async function contestIdsOf({
  db,
  userId,
}: {
  db: DbOrTx;
  userId: number;
}): Promise<number[]> {
  // In id order: callers lock each contest in turn, and one order everywhere cannot deadlock.
  const rows = await db
    .select({ id: cp.contestId })
    .from(cp)
    .where(eq(cp.userId, userId))
    .orderBy(asc(cp.contestId));
  return rows.map((r) => r.id);
}

export async function participantCount({
  db,
  contestId,
}: {
  db: DbOrTx;
  contestId: number;
}): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cp).where(eq(cp.contestId, contestId));
  return row?.n ?? 0;
}
