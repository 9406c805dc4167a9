// The only code that writes contest_participants rows: joins, leaves, scores, and the rank
// buckets they are ranked by. Each change is written in one transaction together with the
// contest's stored `participants` count (the lists read the count, the cap is checked on it)
// and its rank buckets, under the contest's lock: recomputed from the rows, or for a join (the
// hot path) one added, which is what a recount under the same lock would find.
//
// A member joins without a score: score null, unranked, outside every count. A scored row's rank
// is the standard competition ranking (1, 2, 2, 4): 1 + how many scored rows of its contest
// score better (higher, or lower when lower is better). Ranks are not stored (one new score would
// move every rank between the old and the new value: a third of the field on average); instead
// rank_buckets cuts a contest's scores into ranges of about rankBucketSize.rows rows with their
// counts. One change moves two counters; a rank adds the counts of the better buckets and counts
// the better rows inside one bucket (rankOf); a page of a leaderboard is read in score order
// from the bucket holding its first position. A batch of many scores lays the buckets out again.
//
// Being the one writer, it is also the one that tells open leaderboards (platform/events.ts):
// every write here that changes what a board shows (a row, a score, a rank, a count, a check-in,
// a team's captain) announces its contest, counted once at the COMMIT however many writes of a
// transaction ask, and heard only if it commits. Callers announce nothing themselves.
import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { insertMany, lockForUpdate, rows, updateManyById } from '../../platform/db/dialect';
import { contestParticipants as cp, contests, rankBuckets } from '../../platform/db/schema';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SelectedFields } from 'drizzle-orm/sqlite-core';
import type { ScoreOrder } from '../../../shared/contests';
import { toScoreUnits } from '../../../shared/leaderboard';
import { announceLeaderboardChanges } from '../../platform/events';
import { BOTTOM, contestIdsOf, rankBucketSize } from './ranks';

// The rank reads live in ranks.ts; answered from here too, as the area's one door to its rows.
export {
  contestIdsOf,
  finalStandings,
  participantCount,
  rankBucketSize,
  rankColumn,
  rankOf,
  rankOfScore,
  rankOrder,
  ranksOfPage,
  scoreOrderOf,
} from './ranks';

/** Tells the contest's open leaderboards, once the transaction of `tx` commits. */
function boardChanged(tx: DbOrTx, contestId: number): Promise<void> {
  return announceLeaderboardChanges({ db: tx, contestIds: [contestId] });
}

/**
 * Sets each contest's `participants` to the number of its rows: a step of the writers below (which
 * announce), and of a bench script's bulk load; it tells no board itself.
 */
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

/**
 * Counts a score in (+1) or out (-1) of its contest's bucket, once the row says so. A contest
 * without buckets yet (its first score, or rows a migration left), or a bucket grown past four
 * times rankBucketSize.rows that holds more than one score, has its buckets laid out from its
 * rows instead, which then hold
 * every change already: answers false, and the caller counts nothing more.
 */
async function countScore(
  db: DbOrTx,
  contestId: number,
  score: number,
  by: 1 | -1,
): Promise<boolean> {
  const units = toScoreUnits(score);
  const [own] = await db
    .select({ lo: sql<number>`max(${rankBuckets.lo})`.mapWith(Number) })
    .from(rankBuckets)
    .where(and(eq(rankBuckets.contestId, contestId), lte(rankBuckets.lo, units)));
  if (own?.lo === undefined || own.lo === null || Number.isNaN(own.lo)) {
    // No buckets yet (or only rows a migration left unbucketed): lay them out from the rows.
    await layOutBuckets(db, contestId);
    return false;
  }
  const [after] = await db
    .update(rankBuckets)
    .set({ n: sql`${rankBuckets.n} + ${by}` })
    .where(and(eq(rankBuckets.contestId, contestId), eq(rankBuckets.lo, own.lo)))
    .returning({ n: rankBuckets.n });
  if (after && after.n > 4 * rankBucketSize.rows && (await splittable(db, contestId, own.lo))) {
    // Laid out from the rows, which hold the whole change already (a score's other half too).
    await layOutBuckets(db, contestId);
    return false;
  }
  return true;
}

/**
 * Whether a bucket holds more than one score: one tie of thousands stays one bucket however it
 * is laid out, so its overflow is no reason to lay the contest out again.
 */
async function splittable(db: DbOrTx, contestId: number, lo: number): Promise<boolean> {
  const range = sql`contest_id = ${contestId} AND score >= ${lo} AND score < coalesce(
    (SELECT min(rb.lo) FROM rank_buckets rb WHERE rb.contest_id = ${contestId} AND rb.lo > ${lo}),
    ${-BOTTOM})`;
  const [low] = await rows<{ s: number | string }>(
    db,
    sql`SELECT score AS s FROM contest_participants WHERE ${range} ORDER BY score ASC LIMIT 1`,
  );
  const [high] = await rows<{ s: number | string }>(
    db,
    sql`SELECT score AS s FROM contest_participants WHERE ${range} ORDER BY score DESC LIMIT 1`,
  );
  return low !== undefined && high !== undefined && Number(low.s) !== Number(high.s);
}

/**
 * Lays a contest's buckets out again from its scored rows: a bottom bucket, then one starting at
 * every BUCKET_ROWS-th score (ties stay in one bucket), each with its row count.
 */
async function layOutBuckets(db: DbOrTx, contestId: number): Promise<void> {
  await db.delete(rankBuckets).where(eq(rankBuckets.contestId, contestId));
  const scores = (
    await rows<{ s: number | string }>(
      db,
      sql`SELECT score AS s FROM contest_participants
        WHERE contest_id = ${contestId} AND score IS NOT NULL ORDER BY score`,
    )
  ).map((r) => Number(r.s));
  if (!scores.length) return;
  const buckets: [number, number, number][] = [[contestId, BOTTOM, 0]];
  for (let i = 0; i < scores.length; i++) {
    const last = buckets[buckets.length - 1]!;
    if (last[2] >= rankBucketSize.rows && scores[i] !== scores[i - 1])
      buckets.push([contestId, scores[i]!, 1]);
    else last[2] += 1;
  }
  await insertMany(
    db,
    'rank_buckets',
    [
      { name: 'contest_id', pgType: 'integer' },
      { name: 'lo', pgType: 'bigint' },
      { name: 'n', pgType: 'integer' },
    ],
    buckets,
  );
}

/**
 * Holds a contest's row until the transaction ends: everything that counts its places or ranks
 * its members (joins, leaves, reviews, scores, edits) takes it first, so on PostgreSQL they run
 * one after another per contest, as SQLite's single writer runs them.
 */
export async function lockContest(tx: DbOrTx, contestId: number): Promise<void> {
  await lockForUpdate(tx, contests, eq(contests.id, contestId));
}

/**
 * Ranks a whole contest again from its scores: its rank buckets laid out anew (after a batch of
 * scores, or when its order changes: the buckets do not depend on it, the ranks read them).
 */
export async function rerankContest({
  db,
  contestId,
}: {
  db: DbOrTx;
  contestId: number;
  order?: ScoreOrder;
}): Promise<void> {
  await layOutBuckets(db, contestId);
  await boardChanged(db, contestId);
}

/**
 * A join's hot path, step one: takes one more of a contest's places and its lock in one
 * statement (PostgreSQL holds the row until the COMMIT), and answers `columns` of the contest as
 * it was before, for the join rule to decide on. A refusal must end the transaction (the place
 * goes back with it); admitted, insertParticipant writes the row.
 */
export async function takePlace<C extends SelectedFields & { participants: unknown }>(
  tx: DbOrTx,
  contestId: number,
  columns: C,
  /** The contests the joining member may see (contestVisibleTo): another takes no place. */
  visible: SQL | undefined,
): Promise<SelectResultFields<C> | undefined> {
  const [row] = (await tx
    .update(contests)
    .set({ participants: sql`${contests.participants} + 1` })
    .where(and(eq(contests.id, contestId), visible))
    .returning(columns)) as (SelectResultFields<C> & { participants: number })[];
  // The count moved (a refused join rolls it back, and the news with it).
  if (row) await boardChanged(tx, contestId);
  return row && { ...row, participants: row.participants - 1 };
}

/**
 * Step two: the member's row (unscored), in the transaction that took its place (takePlace).
 * Answers the new row, or undefined when the member already takes part.
 */
export async function insertParticipant(
  tx: DbOrTx,
  { contestId, userId }: { contestId: number; userId: number },
): Promise<{ id: number; joinedAt: Date } | undefined> {
  const [inserted] = await tx
    .insert(cp)
    .values({ contestId, userId })
    .onConflictDoNothing()
    .returning({ id: cp.id, joinedAt: cp.joinedAt });
  if (inserted) await boardChanged(tx, contestId);
  return inserted;
}

/** What a write of one member's participant row of a contest is called with. */
interface ParticipantArgs {
  db: DbOrTx;
  contestId: number;
  userId: number;
}

/** A member's participant row of a contest. */
export function participantRow(contestId: number, userId: number): SQL | undefined {
  return and(eq(cp.contestId, contestId), eq(cp.userId, userId));
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
  teamId = null,
  feeWaived = false,
}: ParticipantArgs & {
  score?: number | null;
  /** Team mode: the row is the captain's and stands for this team (one row per team). */
  teamId?: number | null;
  /** An organiser added the member and waived the entry fee (issue 29's player list). */
  feeWaived?: boolean;
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockContest(tx, contestId);
    const [inserted] = await tx
      .insert(cp)
      .values({ contestId, userId, score, teamId, feeWaived })
      .onConflictDoNothing()
      .returning({ id: cp.id });
    if (inserted && score !== null) await countScore(tx, contestId, score, 1);
    await recountParticipants({ db: tx, contestIds: [contestId] });
    if (inserted) await boardChanged(tx, contestId);
    return inserted !== undefined;
  });
}

/** Removes a member from a contest; answers false when they were not in it. */
export async function removeParticipant({
  db,
  contestId,
  userId,
}: ParticipantArgs): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockContest(tx, contestId);
    const [removed] = await tx
      .delete(cp)
      .where(participantRow(contestId, userId))
      .returning({ score: cp.score });
    if (removed && removed.score !== null) await countScore(tx, contestId, removed.score, -1);
    await recountParticipants({ db: tx, contestIds: [contestId] });
    if (removed) await boardChanged(tx, contestId);
    return removed !== undefined;
  });
}

/**
 * Checks a member in (a time) or undoes it (null) in a bracket contest's check-in window (issue
 * 19; the rules are domain/tournaments/checkIn.ts). Answers false when they are not in it.
 */
export async function setCheckedIn({
  db,
  contestId,
  userId,
  at,
}: ParticipantArgs & {
  at: Date | null;
}): Promise<boolean> {
  const [row] = await db
    .update(cp)
    .set({ checkedInAt: at })
    .where(participantRow(contestId, userId))
    .returning({ id: cp.id });
  if (row) await boardChanged(db, contestId);
  return row !== undefined;
}

/**
 * Marks a player disqualified (issue 29) with the reason they were told: their row stays (placed,
 * marked 'DQ'); no count or rank moves, but the boards show the mark.
 */
export async function setDisqualified({
  db,
  contestId,
  userId,
  at,
  reason,
}: ParticipantArgs & { at: Date; reason: string }): Promise<boolean> {
  const [row] = await db
    .update(cp)
    .set({ disqualifiedAt: at, disqualifyReason: reason })
    .where(participantRow(contestId, userId))
    .returning({ id: cp.id });
  if (row) await boardChanged(db, contestId);
  return row !== undefined;
}

/**
 * Hands a team's row to its new captain (team mode: the registered row is the captain's): the
 * place, score and check-in stay; no count or rank moves.
 */
export async function moveParticipant({
  db,
  contestId,
  teamId,
  userId,
}: {
  db: DbOrTx;
  contestId: number;
  teamId: number;
  userId: number;
}): Promise<void> {
  await db.transaction(async (tx) => {
    await lockContest(tx, contestId);
    const moved = await tx
      .update(cp)
      .set({ userId })
      .where(and(eq(cp.contestId, contestId), eq(cp.teamId, teamId)))
      .returning({ id: cp.id });
    if (moved.length) await boardChanged(tx, contestId);
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

/** Above this many changed scores a batch lays the rank buckets out again instead of counting each. */
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
    if (changes.length <= incrementalLimit) {
      for (const change of changes) {
        // Two bucket counters move, and the row's score: no other row is written.
        await tx.update(cp).set({ score: change.after }).where(eq(cp.id, change.participantId));
        if (change.before !== null && !(await countScore(tx, contestId, change.before, -1))) {
          continue;
        }
        await countScore(tx, contestId, change.after, 1);
      }
    } else {
      // The scores in bulk (stored units), then the contest's buckets laid out once.
      await updateManyById(
        tx,
        'contest_participants',
        { name: 'score', pgType: 'bigint' },
        changes.map((c) => [c.participantId, toScoreUnits(c.after)] as const),
      );
      await layOutBuckets(tx, contestId);
    }
    await boardChanged(tx, contestId);
    return changes;
  });
}

/**
 * Takes the score away from every participant of a contest but those kept (a bracket's placement:
 * who was not seeded has no place, so no score either), and ranks the contest again.
 */
export async function clearScores({
  db,
  contestId,
  keep,
}: {
  db: DbOrTx;
  contestId: number;
  keep: readonly number[];
}): Promise<number> {
  return db.transaction(async (tx) => {
    await lockContest(tx, contestId);
    const kept = new Set(keep);
    const scored = await tx
      .select({ id: cp.id })
      .from(cp)
      .where(and(eq(cp.contestId, contestId), sql`${cp.score} IS NOT NULL`));
    const gone = scored.map((r) => r.id).filter((id) => !kept.has(id));
    if (!gone.length) return 0;
    for (let i = 0; i < gone.length; i += 500) {
      await tx
        .update(cp)
        .set({ score: null })
        .where(inArray(cp.id, gone.slice(i, i + 500)));
    }
    await layOutBuckets(tx, contestId);
    await boardChanged(tx, contestId);
    return gone.length;
  });
}
