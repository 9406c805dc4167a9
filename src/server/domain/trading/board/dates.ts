// A contest's dates moved by an edit (the Edit dialog, PATCH /api/contests/{id}): its trading
// statements are scored again in the new window. Called by the edit's caller after the edit has
// committed (the scoring runs outside any transaction), with the dates read before it.
import { eq } from 'drizzle-orm';
import type { DB } from '../../../platform/db/client';
import { contests } from '../../../platform/db/schema';
import { recomputeTraders } from './recompute';
import { windowMoved } from './window';

export interface ContestDates {
  startDate: Date | null;
  endDate: Date | null;
}

/** The contest's dates before an edit (undefined: no such contest). */
export async function contestDates(db: DB, contestId: number): Promise<ContestDates | undefined> {
  const [row] = await db
    .select({ startDate: contests.startDate, endDate: contests.endDate })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row;
}

/** After the edit: scores the statements again if the window moved (a trading contest only). */
export async function datesEdited(
  db: DB,
  privateDir: string,
  contestId: number,
  before: ContestDates | undefined,
  after: ContestDates,
): Promise<void> {
  if (before && windowMoved(before, after)) await recomputeTraders(db, privateDir, contestId);
}
