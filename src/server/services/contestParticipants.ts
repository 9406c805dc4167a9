// The only code that writes contest_participants rows: joins, leaves, scores and ranks. Each
// change is written in one transaction together with the contest's stored `participants` count
// (recomputed from the rows, so the two can never disagree: the lists read the count, the cap
// is checked on it) and the stored rank of every row it moves, so every rank is always the
// standard competition ranking (1, 2, 2, 4) of the scores. Reading a leaderboard page or one
// member's rank is then an index lookup, never a count or a window over the whole contest.
//
// A row's rank is 1 + how many rows of its contest score higher. One change (a join, a leave,
// one new score) therefore moves only the rows whose score lies between the old and the new
// value, by one place: a range update on (contest_id, score). A batch of many scores ranks the
// contest again in one UPDATE ... FROM (SELECT ... RANK() OVER ...), writing only the rows whose
// rank changed.
import { and, count, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contestParticipants as cp, contests } from '../db/schema';

/** Sets each contest's `participants` to the number of its rows. */
export function recountParticipants({
  db,
  contestIds,
}: {
  db: DbOrTx;
  contestIds: readonly number[];
}): void {
  if (!contestIds.length) return;
  const rows = sql`(SELECT count(*) FROM ${cp} WHERE ${cp.contestId} = ${contests.id})`;
  for (let i = 0; i < contestIds.length; i += 500) {
    db.update(contests)
      .set({ participants: rows })
      .where(inArray(contests.id, contestIds.slice(i, i + 500)))
      .run();
  }
}

/** The rank a score has in a contest: 1 + how many of its rows (but one) score higher. */
function rankFor(db: DbOrTx, contestId: number, score: number, exceptId?: number): number {
  const higher =
    db
      .select({ n: count() })
      .from(cp)
      .where(
        and(
          eq(cp.contestId, contestId),
          gt(cp.score, score),
          exceptId === undefined ? undefined : ne(cp.id, exceptId),
        ),
      )
      .get()?.n ?? 0;
  return higher + 1;
}

/** Moves by one place the rows (but one) whose score is in [from, to). */
function shiftRanks(
  db: DbOrTx,
  contestId: number,
  from: number,
  to: number,
  by: 1 | -1,
  exceptId?: number,
): void {
  db.update(cp)
    .set({ rank: sql`${cp.rank} + ${by}` })
    .where(
      and(
        eq(cp.contestId, contestId),
        gte(cp.score, from),
        lt(cp.score, to),
        exceptId === undefined ? undefined : ne(cp.id, exceptId),
      ),
    )
    .run();
}

/** Ranks a whole contest again from its scores; only rows whose rank differs are written. */
export function rerankContest({ db, contestId }: { db: DbOrTx; contestId: number }): void {
  db.run(sql`
    UPDATE contest_participants SET rank = ranked.r
    FROM (
      SELECT id, RANK() OVER (ORDER BY score DESC) AS r
      FROM contest_participants WHERE contest_id = ${contestId}
    ) AS ranked
    WHERE contest_participants.id = ranked.id AND contest_participants.rank IS NOT ranked.r`);
}

/**
 * Adds a member to a contest (no rules here: who may join is the caller's business), ranked by
 * their score among the others. Answers false when they already take part. A transaction of its
 * own, or part of the caller's.
 */
export function addParticipant({
  db,
  contestId,
  userId,
  score = 0,
}: {
  db: DbOrTx;
  contestId: number;
  userId: number;
  score?: number;
}): boolean {
  return db.transaction((tx) => {
    const inserted = tx
      .insert(cp)
      .values({ contestId, userId, score, rank: rankFor(tx, contestId, score) })
      .onConflictDoNothing()
      .returning({ id: cp.id })
      .get();
    // Everyone scoring lower now has one more member above them.
    if (inserted) shiftRanks(tx, contestId, Number.MIN_SAFE_INTEGER, score, 1, inserted.id);
    recountParticipants({ db: tx, contestIds: [contestId] });
    return inserted !== undefined;
  });
}

/** Removes a member from a contest; answers false when they were not in it. */
export function removeParticipant({
  db,
  contestId,
  userId,
}: {
  db: DbOrTx;
  contestId: number;
  userId: number;
}): boolean {
  return db.transaction((tx) => {
    const removed = tx
      .delete(cp)
      .where(and(eq(cp.contestId, contestId), eq(cp.userId, userId)))
      .returning({ score: cp.score })
      .get();
    if (removed) shiftRanks(tx, contestId, Number.MIN_SAFE_INTEGER, removed.score, -1);
    recountParticipants({ db: tx, contestIds: [contestId] });
    return removed !== undefined;
  });
}

/**
 * Takes a member out of every contest they joined (before their account is deleted: the rows
 * would go by cascade, but the ranks below them and the counts must follow). Answers the
 * contests they were in.
 */
export function removeFromAllContests({ db, userId }: { db: DbOrTx; userId: number }): number[] {
  return db.transaction((tx) => {
    const ids = contestIdsOf({ db: tx, userId });
    for (const contestId of ids) removeParticipant({ db: tx, contestId, userId });
    return ids;
  });
}

/** Above this many changed scores a batch ranks the contest again instead of row by row. */
export const INCREMENTAL_RANK_LIMIT = 32;

/**
 * Stores new scores of a contest's participants (rows by id, all of that contest) and their
 * ranks. Few changes move the rows between each old and new score; many rank the contest again.
 * Answers how many scores actually changed.
 */
export function applyScores({
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
}): number {
  return db.transaction((tx) => {
    const wanted = new Map(scores.map((s) => [s.participantId, s.score]));
    const current: { id: number; score: number }[] = [];
    const ids = [...wanted.keys()];
    for (let i = 0; i < ids.length; i += 500) {
      current.push(
        ...tx
          .select({ id: cp.id, score: cp.score })
          .from(cp)
          .where(and(eq(cp.contestId, contestId), inArray(cp.id, ids.slice(i, i + 500))))
          .all(),
      );
    }
    const changes = current.filter((row) => wanted.get(row.id) !== row.score);
    if (changes.length <= incrementalLimit) {
      for (const row of changes) {
        const next = wanted.get(row.id)!;
        // Rows between the old and the new score pass the mover, or are passed by it.
        if (next > row.score) shiftRanks(tx, contestId, row.score, next, 1, row.id);
        else shiftRanks(tx, contestId, next, row.score, -1, row.id);
        tx.update(cp)
          .set({ score: next, rank: rankFor(tx, contestId, next, row.id) })
          .where(eq(cp.id, row.id))
          .run();
      }
    } else {
      // One statement per 400 scores rather than one per score.
      for (let i = 0; i < changes.length; i += 400) {
        const values = sql.join(
          changes.slice(i, i + 400).map((row) => sql`(${row.id}, ${wanted.get(row.id)!})`),
          sql`, `,
        );
        tx.run(sql`
          UPDATE contest_participants SET score = v.column2 FROM (VALUES ${values}) AS v
          WHERE contest_participants.id = v.column1`);
      }
      rerankContest({ db: tx, contestId });
    }
    return changes.length;
  });
}

/** The contests a member takes part in. */
export function contestIdsOf({ db, userId }: { db: DbOrTx; userId: number }): number[] {
  return db
    .select({ id: cp.contestId })
    .from(cp)
    .where(eq(cp.userId, userId))
    .all()
    .map((r) => r.id);
}

export function participantCount({ db, contestId }: { db: DbOrTx; contestId: number }): number {
  return db.select({ n: count() }).from(cp).where(eq(cp.contestId, contestId)).get()?.n ?? 0;
}
