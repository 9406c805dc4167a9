// The balance curve thinned for storage (at most STORED_CURVE_POINTS) and for the board's row
// (BOARD_CURVE_POINTS): points picked evenly by position, the first and the last always kept, so
// the line still starts at the starting balance and ends at the final one.
import type { BalancePoint } from '../../../shared/trading/figures';

/** What a statement row keeps of its curve (the statement's page draws it). */
export const STORED_CURVE_POINTS = 300;

export function downsampleCurve(curve: readonly BalancePoint[], max: number): BalancePoint[] {
  if (curve.length <= max) return [...curve];
  if (max <= 1) return curve.slice(-1);
  const last = curve.length - 1;
  return Array.from({ length: max }, (_, i) => curve[Math.round((i * last) / (max - 1))]!);
}
