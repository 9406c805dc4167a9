// The only code that adds or removes contest_participants rows: each change and the contest's
// stored `participants` count are written in one transaction, the count recomputed from the
// rows, so the two can never disagree (the lists read the count; the cap is checked on it).
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contestParticipants, contests } from '../db/schema';

/** Sets each contest's `participants` to the number of its rows. */
export function recountParticipants({
  db,
  contestIds,
}: {
  db: DbOrTx;
  contestIds: readonly number[];
}): void {
  if (!contestIds.length) return;
  const rows = sql`(SELECT count(*) FROM ${contestParticipants} WHERE ${contestParticipants.contestId} = ${contests.id})`;
  for (let i = 0; i < contestIds.length; i += 500) {
    db.update(contests)
      .set({ participants: rows })
      .where(inArray(contests.id, contestIds.slice(i, i + 500)))
      .run();
  }
}

/**
 * Adds a member to a contest (no rules here: who may join is the caller's business). Answers
 * false when they already take part. A transaction of its own, or part of the caller's.
 */
export function addParticipant({
  db,
  contestId,
  userId,
  score = 0,
  rank = null,
}: {
  db: DbOrTx;
  contestId: number;
  userId: number;
  score?: number;
  rank?: number | null;
}): boolean {
  return db.transaction((tx) => {
    const inserted = tx
      .insert(contestParticipants)
      .values({ contestId, userId, score, rank })
      .onConflictDoNothing()
      .run().changes;
    recountParticipants({ db: tx, contestIds: [contestId] });
    return inserted > 0;
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
      .delete(contestParticipants)
      .where(
        and(eq(contestParticipants.contestId, contestId), eq(contestParticipants.userId, userId)),
      )
      .run().changes;
    recountParticipants({ db: tx, contestIds: [contestId] });
    return removed > 0;
  });
}

/** The contests a member takes part in: what to recount when their rows go with them. */
export function contestIdsOf({ db, userId }: { db: DbOrTx; userId: number }): number[] {
  return db
    .select({ id: contestParticipants.contestId })
    .from(contestParticipants)
    .where(eq(contestParticipants.userId, userId))
    .all()
    .map((r) => r.id);
}

export function participantCount({ db, contestId }: { db: DbOrTx; contestId: number }): number {
  return (
    db
      .select({ n: count() })
      .from(contestParticipants)
      .where(eq(contestParticipants.contestId, contestId))
      .get()?.n ?? 0
  );
}
