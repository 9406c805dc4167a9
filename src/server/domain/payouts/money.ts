// Exact sums of payout amounts: each currency's amounts in whole smallest units (bigint), never
// binary floats, so 0.1 + 0.2 USDT is 0.3 USDT.
import {
  CURRENCY_DECIMALS,
  PRIZE_CURRENCIES,
  fromUnits,
  toUnits,
  type PrizeCurrency,
} from '../../../shared/prizes';

export interface Amount {
  amount: string;
  currency: PrizeCurrency;
}

/** The amounts summed per currency, in the order of PRIZE_CURRENCIES. */
export function sumByCurrency(amounts: readonly Amount[]): Amount[] {
  const sums = new Map<PrizeCurrency, bigint>();
  for (const { amount, currency } of amounts) {
    const units = toUnits(amount, CURRENCY_DECIMALS[currency]);
    // Stored amounts are written by the server in the currency's decimals; a line that is not
    // would be a bug, which a silently wrong total must not hide.
    if (units === undefined)
      throw new Error(`payout amount '${amount}' is not a ${currency} amount`);
    sums.set(currency, (sums.get(currency) ?? 0n) + units);
  }
  return PRIZE_CURRENCIES.filter((c) => sums.has(c)).map((currency) => ({
    currency,
    amount: fromUnits(sums.get(currency)!, CURRENCY_DECIMALS[currency]),
  }));
}
