// A contest's prize table (issue 30): read by whoever may see the contest (hidden: 404, as a
// missing one), set by its organiser (creator, moderators, admins; others 403 not_organiser),
// never once the contest is completed (409 contest_completed). What a table comes to (a pool's
// amount from the verified entry fees, the totals, the summary) is src/shared/prizeTotals.ts.
import { eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { contests } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { prizeSummary, prizeTotals } from '../../../shared/prizeTotals';
import {
  PRIZE_MESSAGES,
  type TPrizeTable,
  type TPrizes,
  type TSetPrizesInput,
} from '../../../shared/schemas/prizes';
import { writeAudit } from '../audit';
import {
  assertPrizeTableOpen,
  organisedForWrite,
  readVisibleOrNotFound,
  verifiedFeeCents,
} from '../contests';

/** The table with what it comes to now (a pool: from the fees verified so far). */
async function prizesOf(
  db: DbOrTx,
  contestId: number,
  table: TPrizeTable | null,
): Promise<TPrizes> {
  if (!table) return { contestId, table: null, totals: [], summary: null };
  const fees =
    table.kind === 'pool' ? ((await verifiedFeeCents(db, [contestId])).get(contestId) ?? 0n) : 0n;
  return {
    contestId,
    table,
    totals: prizeTotals(table, fees),
    summary: prizeSummary(table, fees),
  };
}

export async function readPrizes(
  db: DB,
  viewer: Actor,
  input: { contestId: number },
): Promise<TPrizes> {
  const contest = await readVisibleOrNotFound(db, viewer, input.contestId);
  return prizesOf(db, contest.id, contest.prizeTable);
}

/** Sets (or with null clears) the table; audited as contest.prizes.set with before and after. */
export async function setPrizes(
  tx: DbOrTx,
  actor: Actor,
  input: TSetPrizesInput,
): Promise<TPrizes> {
  const contest = await organisedForWrite(tx, actor, input.contestId, PRIZE_MESSAGES.notOrganiser);
  assertPrizeTableOpen(contest);
  const before = await prizesOf(tx, contest.id, contest.prizeTable);
  if (JSON.stringify(contest.prizeTable) === JSON.stringify(input.table)) return before;
  await tx
    .update(contests)
    .set({ prizeTable: input.table, updatedAt: new Date() })
    .where(eq(contests.id, contest.id));
  const after = await prizesOf(tx, contest.id, input.table);
  await writeAudit({
    db: tx,
    actor,
    action: 'contest.prizes.set',
    targetType: 'contest',
    targetId: contest.id,
    before: { prizes: before.summary, table: before.table },
    after: { prizes: after.summary, table: after.table },
  });
  return after;
}
