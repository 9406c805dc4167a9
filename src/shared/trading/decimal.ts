// Exact decimal arithmetic for trading figures (issue 34): money is summed in big.js, never in
// binary floating point, so 1,000 trades of 0.10 make exactly 100.00. A private constructor keeps
// our precision and rounding from leaking into (or being changed by) anyone else's big.js.
import BigJs, { type Big } from 'big.js';

export const Dec = BigJs();
/** Decimal places kept by divisions (percentages, ratios) before the final rounding. */
Dec.DP = 24;
Dec.RM = Dec.roundHalfUp;
export type Decimal = Big;

export const ZERO = Dec(0);
export const HUNDRED = Dec(100);

/** Money and percentages as shown: 2 decimals, half away from zero ('-0.00' never appears). */
export function fixed2(value: Decimal): string {
  const text = value.toFixed(2, Dec.roundHalfUp);
  return text === '-0.00' ? '0.00' : text;
}

/** `part` as a percentage of `whole`, or null when the whole is not positive. */
export function percentOf(part: Decimal, whole: Decimal): Decimal | null {
  return whole.gt(0) ? part.div(whole).times(100) : null;
}
