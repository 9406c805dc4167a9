// Prizes from places (issue 30), the pure rule the freeze and the payouts call and the client
// previews: disqualified entrants are skipped and the ones below move up (the rest re-ranked
// first); entrants tied on a place share the sum of the prizes of the places they occupy equally
// (two tied for 2nd with 2nd = 300 and 3rd = 100 get 200 each), rounded down to the currency's
// smallest unit, with what is left over stated per currency.
import { CURRENCY_DECIMALS, fromUnits, type PrizeCurrency } from './prizes';
import type { TPrizeTable } from './schemas/prizes';
import { rowPlaceUnits, type PrizeAmount } from './prizeTotals';

/** One entrant of the final standings; `place` is a competition rank (1, 2, 2, 4), null unplaced. */
export interface SplitStanding {
  key: string;
  place: number | null;
  disqualified?: boolean;
}

export interface PrizeSplit {
  /** Each key's prize (null: none). A tie across places of two currencies: the first of `awards`. */
  prizes: Record<string, PrizeAmount | null>;
  /** Each key's prize in every currency it receives (normally one; empty: none). */
  awards: Record<string, PrizeAmount[]>;
  /** Each key's place after the disqualified are taken out (null: unplaced or disqualified). */
  places: Record<string, number | null>;
  /** What rounding down left unpaid, per currency (only currencies with something left). */
  remainder: PrizeAmount[];
}

type Units = Map<PrizeCurrency, bigint>;

/** The prize of each place the table pays, in units of its currency. */
function placePrizes(table: TPrizeTable, poolTotal: bigint): Map<number, Units> {
  const prizes = new Map<number, Units>();
  for (const row of table.rows) {
    const units = rowPlaceUnits(table, row, poolTotal);
    for (let place = row.from; place <= row.to; place++) {
      prizes.set(place, new Map([[row.currency, units]]));
    }
  }
  return prizes;
}

/**
 * The prizes of `standings` under `table`. `poolTotal`: the pool's amount in units of its
 * currency (poolUnits), read only for a pool.
 */
export function splitPrizes(
  table: TPrizeTable,
  standings: readonly SplitStanding[],
  poolTotal: bigint = 0n,
): PrizeSplit {
  const perPlace = placePrizes(table, poolTotal);
  const result: PrizeSplit = { prizes: {}, awards: {}, places: {}, remainder: [] };
  for (const s of standings) {
    result.prizes[s.key] = null;
    result.awards[s.key] = [];
    result.places[s.key] = null;
  }
  // Those still placed, best first (a stable sort keeps the given order within a tie).
  const placed = standings
    .filter((s) => !s.disqualified && s.place !== null)
    .sort((a, b) => a.place! - b.place!);
  const remainder: Units = new Map();
  for (let i = 0; i < placed.length;) {
    // A tie: everyone of the same original place; re-ranked, they occupy places i+1 .. i+n.
    let n = 1;
    while (i + n < placed.length && placed[i + n]!.place === placed[i]!.place) n++;
    const group = placed.slice(i, i + n);
    const sums: Units = new Map();
    for (let place = i + 1; place <= i + n; place++) {
      for (const [currency, units] of perPlace.get(place) ?? []) {
        sums.set(currency, (sums.get(currency) ?? 0n) + units);
      }
    }
    const awards: PrizeAmount[] = [];
    for (const [currency, sum] of sums) {
      const each = sum / BigInt(n);
      const left = sum - each * BigInt(n);
      if (left > 0n) remainder.set(currency, (remainder.get(currency) ?? 0n) + left);
      if (each > 0n)
        awards.push({ amount: fromUnits(each, CURRENCY_DECIMALS[currency]), currency });
    }
    for (const s of group) {
      result.places[s.key] = i + 1;
      result.awards[s.key] = [...awards];
      result.prizes[s.key] = awards[0] ?? null;
    }
    i += n;
  }
  result.remainder = [...remainder].map(([currency, units]) => ({
    amount: fromUnits(units, CURRENCY_DECIMALS[currency]),
    currency,
  }));
  return result;
}
