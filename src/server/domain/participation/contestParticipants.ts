// The only code that writes contest_participants rows: joins, leaves, scores and ranks. Each
// change is written in one transaction together with the contest's stored `participants` count
// (recomputed from the rows, so the two can never disagree: the lists read the count, the cap
// is checked on it) and the stored rank of every row it moves, so every rank is always the
// standard competition ranking (1, 2, 2, 4) of the scores in the contest's order (higher or
// lower is better). Reading a leaderboard page or one member's rank is then an index lookup,
// never a count or a window over the whole contest.
//
// A member joins without a score: score and rank null, unranked, outside every count. A scored
// row's rank is 1 + how many scored rows of its contest score better. One change (a first score,
// a leave, one new score) therefore moves only the rows whose score lies between the old and the
// new value, by one place: a range update on (contest_id, score). A batch of many scores ranks
// the contest again in one UPDATE ... FROM (SELECT ... RANK() OVER ...), writing only the rows
// whose rank changed.
import {
  and,
  asc,
  count,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { execute, lockForUpdate, updateManyById } from '../../platform/db/dialect';
import { contestParticipants as cp, contests } from '../../platform/db/schema';
import type { ScoreOrder } from '../../../shared/contests';
import { toScoreUnits } from '../../../shared/leaderboard';

/** Sets each contest's `participants` to the number of its rows. */
export async function recountParticipants({
  db,
  contestIds,
}: {
  db: DbOrTx;
  contestIds: readonly number[];
}): Promise<void> {
  if (!contestIds.length) return;
  const rows = sql`(SELECT count(*) FROM ${cp} WHERE ${cp.contestId} = ${contests.id})`;
  for (let i = 0; i < contestIds.length; i += 500) {
    await db
      .update(contests)
      .set({ participants: rows })
      .where(inArray(contests.id, contestIds.slice(i, i + 500)));
  }
}

/** Whether a higher or a lower score ranks first in a contest (read where it is about to rank). */
export async function scoreOrderOf(db: DbOrTx, contestId: number): Promise<ScoreOrder> {
  const [row] = await db
    .select({ order: contests.scoreOrder })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row?.order ?? 'higher';
}

/** Scored rows that rank before a score: higher ones, or lower ones when lower is better. */
function better(order: ScoreOrder, score: number): SQL {
  return order === 'higher' ? gt(cp.score, score) : lt(cp.score, score);
}

/** The rank a score has in a contest: 1 + how many of its scored rows (but one) are better. */
async function rankFor(
  db: DbOrTx,
  contestId: number,
  order: ScoreOrder,
  score: number,
  exceptId?: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(cp)
    .where(
      and(
        eq(cp.contestId, contestId),
        better(order, score),
        exceptId === undefined ? undefined : ne(cp.id, exceptId),
      ),
    );
  return (row?.n ?? 0) + 1;
}

/**
 * Moves the ranks of the other rows of a contest when one row's score goes from `before` to
 * `after` (null: no score, as when joining or leaving). A row is passed by the mover (+1) when
 * the mover now counts as better than it and did not before, and the reverse (-1): with higher
 * is better, "better than s" is "> s"; with lower is better, "< s". Unscored rows never move.
 */
async function moveRanks(
  db: DbOrTx,
  contestId: number,
  order: ScoreOrder,
  before: number | null,
  after: number | null,
  exceptId?: number,
): Promise<void> {
  // The rows a score is better than: below it (higher is better) or above it (lower is better).
  const beaten = (score: number) =>
    order === 'higher' ? lt(cp.score, score) : gt(cp.score, score);
  // ... and the rows it is not better than (ties included), among the scored.
  const notBeaten = (score: number) =>
    order === 'higher' ? gte(cp.score, score) : lte(cp.score, score);
  const shift = async (by: 1 | -1, now: number, then: number | null) => {
    await db
      .update(cp)
      .set({ rank: sql`${cp.rank} + ${by}` })
      .where(
        and(
          eq(cp.contestId, contestId),
          beaten(now),
          then === null ? undefined : notBeaten(then),
          exceptId === undefined ? undefined : ne(cp.id, exceptId),
        ),
      );
  };
  if (after !== null) await shift(1, after, before);
  if (before !== null) await shift(-1, before, after);
}

/**
 * Holds a contest's row until the transaction ends: everything that counts its places or ranks
 * its members (joins, leaves, reviews, scores, edits) takes it first, so on PostgreSQL they run
 * one after another per contest, as SQLite's single writer runs them.
 */
export async function lockContest(tx: DbOrTx, contestId: number): Promise<void> {
  await lockForUpdate(tx, contests, eq(contests.id, contestId));
}

/** Ranks a whole contest again from its scores; only rows whose rank differs are written. */
export async function rerankContest({
  db,
  contestId,
  order,
}: {
  db: DbOrTx;
  contestId: number;
  order?: ScoreOrder;
}): Promise<void> {
  order ??= await scoreOrderOf(db, contestId);
  const direction = sql.raw(order === 'higher' ? 'DESC' : 'ASC');
  await execute(
    db,
    sql`
    UPDATE contest_participants SET rank = ranked.r
    FROM (
      SELECT id, RANK() OVER (ORDER BY score ${direction}) AS r
      FROM contest_participants WHERE contest_id = ${contestId} AND score IS NOT NULL
    ) AS ranked
    WHERE contest_participants.id = ranked.id
      AND contest_participants.rank IS DISTINCT FROM ranked.r`,
  );
  await db
    .update(cp)
    .set({ rank: null })
    .where(and(eq(cp.contestId, contestId), isNull(cp.score), isNotNull(cp.rank)));
}

/**
 * Adds a member to a contest (no rules here: who may join is the caller's business), without a
 * score (unranked) or, for seeds and tests, with one, ranked among the others. Answers false
 * when they already take part. A transaction of its own, or part of the caller's.
 */
export async function addParticipant({
  db,
  contestId,
  userId,
  score = null,
}: {
  db: DbOrTx;
  contestId: number;
  userId: number;
  score?: number | null;
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockContest(tx, contestId);
    const order = score === null ? 'higher' : await scoreOrderOf(tx, contestId);
    const [inserted] = await tx
      .insert(cp)
      .values({
        contestId,
        userId,
        score,
        rank: score === null ? null : await rankFor(tx, contestId, order, score),
      })
      .onConflictDoNothing()
      .returning({ id: cp.id });
    // Everyone it beats now has one more member ahead of them.
    if (inserted && score !== null) {
      await moveRanks(tx, contestId, order, null, score, inserted.id);
    }
    await recountParticipants({ db: tx, contestIds: [contestId] });
    return inserted !== undefined;
  });
}

/** Removes a member from a contest; answers false when they were not in it. */
export async function removeParticipant({
  db,
  contestId,
  userId,
}: {
  db: DbOrTx;
  contestId: number;
  userId: number;
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockContest(tx, contestId);
    const [removed] = await tx
      .delete(cp)
      .where(and(eq(cp.contestId, contestId), eq(cp.userId, userId)))
      .returning({ score: cp.score });
    if (removed && removed.score !== null) {
      await moveRanks(tx, contestId, await scoreOrderOf(tx, contestId), removed.score, null);
    }
    await recountParticipants({ db: tx, contestIds: [contestId] });
    return removed !== undefined;
  });
}

/**
 * Takes a member out of every contest they joined (before their account is deleted: the rows
 * would go by cascade, but the ranks below them and the counts must follow). Answers the
 * contests they were in.
 */
export async function removeFromAllContests({
  db,
  userId,
}: {
  db: DbOrTx;
  userId: number;
}): Promise<number[]> {
  return db.transaction(async (tx) => {
    const ids = await contestIdsOf({ db: tx, userId });
    for (const contestId of ids) await removeParticipant({ db: tx, contestId, userId });
    return ids;
  });
}

/** Above this many changed scores a batch ranks the contest again instead of row by row. */
export const INCREMENTAL_RANK_LIMIT = 32;

/** Above this many scores a batch reads the contest's rows at once rather than by id. */
const BULK_READ_FROM = 2000;

/** One stored change of a score: the row, its score before (null: none yet) and now. */
export interface ScoreChange {
  participantId: number;
  before: number | null;
  after: number;
}

/**
 * Stores new scores of a contest's participants (rows by id, all of that contest) and their
 * ranks. Few changes move the rows between each old and new score; many rank the contest again.
 * Answers the scores that actually changed (for the score history).
 */
export async function applyScores({
  db,
  contestId,
  scores,
  incrementalLimit = INCREMENTAL_RANK_LIMIT,
}: {
  db: DbOrTx;
  contestId: number;
  scores: readonly { participantId: number; score: number }[];
  /** Tests lower or raise it to exercise both ways of ranking. */
  incrementalLimit?: number;
}): Promise<ScoreChange[]> {
  return db.transaction(async (tx) => {
    await lockContest(tx, contestId);
    const wanted = new Map(scores.map((s) => [s.participantId, s.score]));
    const current: { id: number; score: number | null }[] = [];
    const ids = [...wanted.keys()];
    if (ids.length > BULK_READ_FROM) {
      // A large batch (a whole file): the contest's rows in one index range, not 200 lookups.
      current.push(
        ...(await tx
          .select({ id: cp.id, score: cp.score })
          .from(cp)
          .where(eq(cp.contestId, contestId))),
      );
    } else {
      for (let i = 0; i < ids.length; i += 500) {
        current.push(
          ...(await tx
            .select({ id: cp.id, score: cp.score })
            .from(cp)
            .where(and(eq(cp.contestId, contestId), inArray(cp.id, ids.slice(i, i + 500))))),
        );
      }
    }
    const changes: ScoreChange[] = current
      .filter((row) => wanted.has(row.id) && wanted.get(row.id) !== row.score)
      .map((row) => ({ participantId: row.id, before: row.score, after: wanted.get(row.id)! }));
    if (!changes.length) return changes;
    const order = await scoreOrderOf(tx, contestId);
    if (changes.length <= incrementalLimit) {
      for (const change of changes) {
        // Rows between the old and the new score pass the mover, or are passed by it.
        await moveRanks(tx, contestId, order, change.before, change.after, change.participantId);
        await tx
          .update(cp)
          .set({
            score: change.after,
            rank: await rankFor(tx, contestId, order, change.after, change.participantId),
          })
          .where(eq(cp.id, change.participantId));
      }
    } else {
      // The scores in bulk (stored units), then the ranks of the whole contest in one statement.
      await updateManyById(
        tx,
        'contest_participants',
        { name: 'score', pgType: 'bigint' },
        changes.map((c) => [c.participantId, toScoreUnits(c.after)] as const),
      );
      await rerankContest({ db: tx, contestId, order });
    }
    return changes;
  });
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
