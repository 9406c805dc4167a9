// What a prize table comes to (issue 30), one rule for the server's reads and the client's
// preview: the pool's amount from the verified entry fees, the totals per currency, the prize of
// each place, and the one-line summary on cards and the contest page ('Prize pool: 1,750 USDT,
// top 3'). Everything is computed in whole smallest units (bigint): no binary floats.
import {
  CURRENCY_DECIMALS,
  HUNDRED_PERCENT,
  formatPrize,
  fromUnits,
  percentUnits,
  toUnits,
  type PrizeCurrency,
} from './prizes';
import type { TPrizeTable } from './schemas/prizes';

export interface PrizeAmount {
  amount: string;
  currency: PrizeCurrency;
}

/** Entry fees are counted in US cents (payment_proofs.amount_usd has 2 decimals). */
const FEE_DECIMALS = 2;

/** `units` × `percent` %, rounded down to the unit. */
export function percentOf(units: bigint, percent: string | undefined): bigint {
  const share = percent === undefined ? 0n : (percentUnits(percent) ?? 0n);
  return (units * share) / HUNDRED_PERCENT;
}

/** A table's one currency when it is a pool (the schema keeps every row in the same one). */
export function poolCurrency(table: TPrizeTable): PrizeCurrency {
  return table.rows[0]!.currency;
}

/**
 * A pool's amount now, in units of its currency: poolPercentOfFees % of the verified entry fees
 * (US cents) plus poolFixed, rounded down to the unit. 0 for a fixed table.
 */
export function poolUnits(table: TPrizeTable, verifiedFeeCents: bigint): bigint {
  if (table.kind !== 'pool') return 0n;
  const decimals = CURRENCY_DECIMALS[poolCurrency(table)];
  // A pool's currency is a dollar with at least 2 decimals: cents scale up exactly.
  const fees = verifiedFeeCents * 10n ** BigInt(Math.max(decimals - FEE_DECIMALS, 0));
  const fixed = table.poolFixed === undefined ? 0n : (toUnits(table.poolFixed, decimals) ?? 0n);
  return percentOf(fees, table.poolPercentOfFees) + fixed;
}

/**
 * The prize of one place of a row, in units: its fixed amount, or its share of the pool (rounded
 * down to the unit).
 */
export function rowPlaceUnits(
  table: TPrizeTable,
  row: TPrizeTable['rows'][number],
  pool: bigint,
): bigint {
  if (table.kind === 'pool') return percentOf(pool, row.percent);
  return row.amount === undefined
    ? 0n
    : (toUnits(row.amount, CURRENCY_DECIMALS[row.currency]) ?? 0n);
}

/** The amounts per currency, in the order the currencies first appear. */
function sumByCurrency(parts: { units: bigint; currency: PrizeCurrency }[]): PrizeAmount[] {
  const sums = new Map<PrizeCurrency, bigint>();
  for (const { units, currency } of parts) sums.set(currency, (sums.get(currency) ?? 0n) + units);
  return [...sums].map(([currency, units]) => ({
    amount: fromUnits(units, CURRENCY_DECIMALS[currency]),
    currency,
  }));
}

/**
 * What the table comes to: a pool's amount (its currency), or the sum per currency of every
 * fixed amount times the places of its row.
 */
export function prizeTotals(table: TPrizeTable, verifiedFeeCents: bigint): PrizeAmount[] {
  if (table.kind === 'pool') {
    return sumByCurrency([
      { units: poolUnits(table, verifiedFeeCents), currency: poolCurrency(table) },
    ]);
  }
  return sumByCurrency(
    table.rows.map((row) => ({
      units: rowPlaceUnits(table, row, 0n) * BigInt(row.to - row.from + 1),
      currency: row.currency,
    })),
  );
}

/** The last place the table pays (a row with a zero prize or share pays nothing). */
export function lastPaidPlace(table: TPrizeTable): number {
  const paying = table.rows.filter((row) =>
    table.kind === 'pool'
      ? (percentUnits(row.percent ?? '0') ?? 0n) > 0n
      : rowPlaceUnits(table, row, 0n) > 0n,
  );
  return Math.max(...(paying.length ? paying : table.rows).map((row) => row.to));
}

/**
 * THE one-line summary (cards, the contest page, the prizes answer): 'Prizes: 1,000 USDT, top 3'
 * ('Prizes: 500 USD + 0.1 ETH, top 3' in several currencies) or 'Prize pool: 1,750 USDT, top 3';
 * null without a table.
 */
export function prizeSummary(
  table: TPrizeTable | null | undefined,
  verifiedFeeCents: bigint,
): string | null {
  if (!table) return null;
  const totals = prizeTotals(table, verifiedFeeCents)
    .map((t) => formatPrize(t.amount, t.currency))
    .join(' + ');
  const label = table.kind === 'pool' ? 'Prize pool' : 'Prizes';
  return `${label}: ${totals}, top ${lastPaidPlace(table)}`;
}
