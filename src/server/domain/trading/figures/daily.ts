// Days in UTC: each day's closed loss against the balance it opened with (the daily loss rule).
import { ZERO, percentOf, type Decimal } from '../../../../shared/trading/decimal';
import { formatStatementDay } from '../../../../shared/trading/words';
import type { Step } from './balance';

export interface Day {
  /** '2023.06.24' */
  date: string;
  opening: Decimal;
  /** The day's closed net of counted trades (negative: a loss). */
  net: Decimal;
  loss: Decimal;
  lossPct: Decimal | null;
  tickets: string[];
}

const DAY_MS = 86_400_000;

/** The days with at least one counted trade closed, in order. */
export function tradingDays(steps: readonly Step[]): Day[] {
  const days: Day[] = [];
  let current: Day | null = null;
  let currentKey = NaN;
  let opening = ZERO;
  for (const step of steps) {
    const key = Math.floor(step.ms / DAY_MS);
    if (key !== currentKey) {
      currentKey = key;
      current = null;
      // A day opens on the balance before its first move, an operation's included.
      opening = step.before;
    }
    if (!step.trade) continue;
    if (!current) {
      current = {
        date: formatStatementDay(step.ms),
        opening,
        net: ZERO,
        loss: ZERO,
        lossPct: null,
        tickets: [],
      };
      days.push(current);
    }
    current.net = current.net.plus(step.trade.net);
    current.tickets.push(step.trade.ticket);
  }
  for (const day of days) {
    day.loss = day.net.lt(0) ? day.net.neg() : ZERO;
    day.lossPct = percentOf(day.loss, day.opening);
  }
  return days;
}

/** The day that lost most (by share of its opening; a loss with no positive opening is worst). */
export function worstDay(days: readonly Day[]): Day | null {
  let worst: Day | null = null;
  for (const day of days) {
    if (day.loss.lte(0)) continue;
    if (!worst || worse(day, worst)) worst = day;
  }
  return worst;
}

function worse(a: Day, b: Day): boolean {
  if (a.lossPct === null || b.lossPct === null) {
    if (a.lossPct !== b.lossPct) return a.lossPct === null;
    return a.loss.gt(b.loss);
  }
  return a.lossPct.gt(b.lossPct);
}
