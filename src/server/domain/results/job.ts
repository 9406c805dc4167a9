// The freeze as a background job (issue 30): every completed contest without results yet is
// frozen, as the system, once nothing blocks it; each in its own transaction, so one contest's
// failure leaves the others frozen. A reopened contest (its row 'open') waits for its organiser.
import { and, eq, isNull } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { contestResults, contests } from '../../platform/db/schema';
import type { Job } from '../../platform/jobs';
import { readForWrite } from '../contests';
import { LIFECYCLE_ACTOR } from '../participation';
import { freezeContest } from './freeze';
import { storedResults } from './stored';

/** Freezes what can be frozen now; answers the ids of the contests it froze. */
export async function freezeCompletedContests({ db }: { db: DB }): Promise<number[]> {
  const waiting = await db
    .select({ id: contests.id })
    .from(contests)
    .leftJoin(contestResults, eq(contestResults.contestId, contests.id))
    .where(and(eq(contests.status, 'completed'), isNull(contestResults.contestId)))
    .orderBy(contests.id);
  const frozen: number[] = [];
  for (const { id } of waiting) {
    const done = await db.transaction(async (tx) => {
      // Read again under the lock: an organiser may have frozen it meanwhile.
      const contest = await readForWrite(tx, id);
      if (!contest || contest.status !== 'completed' || (await storedResults(tx, id))) return false;
      return (await freezeContest(tx, LIFECYCLE_ACTOR, contest, { whenBlocked: 'skip' })) !== null;
    });
    if (done) frozen.push(id);
  }
  return frozen;
}

export function resultsFreezeJob({ db }: { db: DB }): Job<number[]> {
  return {
    name: 'resultsFreeze',
    everyMs: 60_000,
    lease: 'resultsFreeze',
    run: () => freezeCompletedContests({ db }),
  };
}
