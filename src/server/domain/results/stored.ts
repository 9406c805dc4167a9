// A contest's stored results row (no row: open) and the answer every procedure gives: a frozen or
// confirmed row as it was frozen, open results read live with what still blocks them.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestResults } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { organisedForWrite, type ContestRow } from '../contests';
import { isOrganiser } from '../../../shared/contests';
import { RESULT_MESSAGES, type TResults } from '../../../shared/schemas/results';
import { resultBlockers } from './blockers';
import { computeStandings } from './standings';
import { contestForfeits } from '../payouts';

export type StoredResults = typeof contestResults.$inferSelect;

export async function storedResults(
  db: DbOrTx,
  contestId: number,
): Promise<StoredResults | undefined> {
  const [row] = await db
    .select()
    .from(contestResults)
    .where(eq(contestResults.contestId, contestId));
  return row;
}

/**
 * The contest an organiser manages the results of, locked for the caller's transaction: hidden or
 * missing 404, another member 403 not_organiser.
 */
export async function organiserContest(
  tx: DbOrTx,
  actor: Actor,
  contestId: number,
): Promise<ContestRow> {
  return organisedForWrite(tx, actor, contestId, RESULT_MESSAGES.notOrganiser);
}

/** The results as `viewer` gets them. */
export async function presentResults(
  db: DbOrTx,
  contest: ContestRow,
  row: StoredResults | undefined,
  viewer: Pick<Actor, 'id' | 'role'>,
): Promise<TResults> {
  const canManage = isOrganiser(contest, viewer);
  if (row && row.status !== 'open') {
    return {
      contestId: contest.id,
      status: row.status,
      standings: row.standings,
      blockers: [],
      remainder: row.remainder,
      frozenAt: row.frozenAt,
      confirmedAt: row.confirmedAt,
      confirmedBy: row.confirmedByName,
      reopenReason: null,
      canManage,
      // The organiser decides what becomes of each forfeited prize (forfeits.ts).
      forfeits:
        canManage && row.status === 'confirmed' ? await contestForfeits(db, contest.id) : [],
    };
  }
  const live = await computeStandings(db, contest);
  return {
    contestId: contest.id,
    status: 'open',
    standings: live.standings,
    blockers: await resultBlockers(db, contest),
    remainder: live.remainder,
    frozenAt: null,
    confirmedAt: null,
    confirmedBy: null,
    reopenReason: row?.reopenReason ?? null,
    canManage,
    forfeits: [],
  };
}
