// What a contest's prize table comes to on its cards and page (issue 30): the one-line summary
// of src/shared/prizeTotals.ts, from the stored table and, for a pool, the contest's verified
// entry fees. A page of contests reads the fees of its pools in one grouped query.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { paymentProofs } from '../../platform/db/schema';
import { prizeSummary } from '../../../shared/prizeTotals';
import type { TPrizeTable } from '../../../shared/schemas/prizes';

/** A contest as far as its prize summary goes. */
export interface PrizeRow {
  id: number;
  prizeTable: TPrizeTable | null;
}

/**
 * The verified entry fees of each contest, in US cents, exactly: amount_usd is text with two
 * decimals; each is read as an exact number (NUMERIC), scaled to whole cents and summed as
 * integers, the same SQL on both engines. Contests without any are absent.
 */
export async function verifiedFeeCents(
  db: DbOrTx,
  contestIds: readonly number[],
): Promise<Map<number, bigint>> {
  if (!contestIds.length) return new Map();
  const rows = await db
    .select({
      contestId: paymentProofs.contestId,
      cents:
        sql<string>`SUM(CAST(ROUND(CAST(${paymentProofs.amountUsd} AS NUMERIC) * 100) AS BIGINT))`.mapWith(
          String,
        ),
    })
    .from(paymentProofs)
    .where(
      and(
        inArray(paymentProofs.contestId, [...contestIds]),
        eq(paymentProofs.purpose, 'entry_fee'),
        eq(paymentProofs.status, 'verified'),
      ),
    )
    .groupBy(paymentProofs.contestId);
  return new Map(rows.map((r) => [r.contestId!, BigInt(r.cents ?? '0')]));
}

/** The summaries of these contests (null: no table); the fees read only for pools, at once. */
export async function prizeSummaries(
  db: DbOrTx,
  rows: readonly PrizeRow[],
): Promise<Map<number, string | null>> {
  const pools = rows.filter((r) => r.prizeTable?.kind === 'pool').map((r) => r.id);
  const fees = await verifiedFeeCents(db, pools);
  return new Map(rows.map((r) => [r.id, prizeSummary(r.prizeTable, fees.get(r.id) ?? 0n)]));
}

/** One contest's summary. */
export async function prizeSummaryOf(db: DbOrTx, row: PrizeRow): Promise<string | null> {
  return (await prizeSummaries(db, [row])).get(row.id) ?? null;
}
