// The counted balance through the window: where it starts, its curve, its deepest drawdown and
// its time-weighted return. Only counted trades and the balance operations move it, so an
// excluded trade (a scalp, another symbol) neither helps nor hurts.
import type { BalancePoint } from '../../../../shared/trading/figures';
import { Dec, ZERO, fixed2, percentOf, type Decimal } from '../../../../shared/trading/decimal';
import type { BalanceOperation } from '../../../../shared/trading/statement';
import type { ReadTrade, Window } from './select';

export interface ReadOperation {
  ticket: string;
  time: string;
  ms: number;
  amount: Decimal;
}

/** One move of the balance, with the balance before it (days open on it). */
export interface Step {
  ms: number;
  before: Decimal;
  after: Decimal;
  trade: ReadTrade | null;
  operation: ReadOperation | null;
}

export interface DrawdownPoint {
  amount: Decimal;
  peak: Decimal;
  pct: Decimal | null;
  step: Step;
}

export interface BalanceWalk {
  startingBalance: Decimal;
  /** Deposits and withdrawals after the first counted trade opened (the deposit rule's). */
  operations: ReadOperation[];
  steps: Step[];
  curve: BalancePoint[];
  /** The largest drawdown in money (MT5's 'Balance Drawdown Maximal'), and the largest in %. */
  byAmount: DrawdownPoint | null;
  byPct: DrawdownPoint | null;
  /** The first trade that took the drawdown above `limitPct` (the rule it broke). */
  firstAbove: DrawdownPoint | null;
  /** Π(1 + r) − 1 over the periods between operations; null when a period has no base. */
  timeWeighted: Decimal | null;
}

/**
 * The starting balance is the statement's balance at the window's start (operations and trades
 * closed before it), plus operations inside the window before the first counted trade opened:
 * an account funded for the contest starts with its funding, which is no gain and no deposit.
 */
export function walkBalance(
  allTrades: readonly ReadTrade[],
  counted: readonly ReadTrade[],
  balanceOperations: readonly BalanceOperation[],
  window: Window,
  limitPct: Decimal | null,
): BalanceWalk {
  const start = window.startsAt.getTime();
  const end = window.endsAt.getTime();
  const firstOpen = counted.reduce((min, t) => Math.min(min, t.openMs), Infinity);
  let balance = ZERO;
  for (const t of allTrades) if (t.closeMs < start) balance = balance.plus(t.net);
  const operations: ReadOperation[] = [];
  for (const op of balanceOperations) {
    const read = {
      ticket: op.ticket,
      time: op.time,
      ms: Date.parse(op.time),
      amount: Dec(op.amount),
    };
    if (read.ms < start || (read.ms <= firstOpen && read.ms <= end)) {
      balance = balance.plus(read.amount);
    } else if (read.ms <= end) operations.push(read);
  }
  const startingBalance = balance;
  // Operations before trades closing at the same moment: the statement cannot say which came first.
  const events = [
    ...operations.map((operation) => ({
      ms: operation.ms,
      time: operation.time,
      operation,
      trade: null,
    })),
    ...counted.map((trade) => ({
      ms: trade.closeMs,
      time: trade.closeTime,
      operation: null,
      trade,
    })),
  ].sort((a, b) => a.ms - b.ms);

  const curve: BalancePoint[] = [{ time: window.startsAt.toISOString(), balance: fixed2(balance) }];
  const steps: Step[] = [];
  let peak = balance;
  let byAmount: DrawdownPoint | null = null;
  let byPct: DrawdownPoint | null = null;
  let firstAbove: DrawdownPoint | null = null;
  let growth: Decimal | null = Dec(1);
  let periodBase = balance;
  let periodNet = ZERO;
  const closePeriod = () => {
    if (growth === null || periodNet.eq(0)) return;
    growth = periodBase.gt(0) ? growth.times(periodNet.div(periodBase).plus(1)) : null;
  };

  for (const event of events) {
    const before = balance;
    if (event.operation) {
      closePeriod();
      balance = balance.plus(event.operation.amount);
      // The peak moves with a deposit or withdrawal: taking money out is not a drawdown.
      peak = peak.plus(event.operation.amount);
      periodBase = balance;
      periodNet = ZERO;
    } else {
      balance = balance.plus(event.trade.net);
      periodNet = periodNet.plus(event.trade.net);
    }
    const step: Step = {
      ms: event.ms,
      before,
      after: balance,
      trade: event.trade,
      operation: event.operation,
    };
    steps.push(step);
    curve.push({ time: event.time, balance: fixed2(balance) });
    if (balance.gt(peak)) {
      peak = balance;
      continue;
    }
    if (!event.trade) continue;
    const amount = peak.minus(balance);
    if (amount.lte(0)) continue;
    // Shares compared by cross-multiplying: a division per trade was most of the engine's time.
    const positive = peak.gt(0);
    const deeper = positive && (!byPct || amount.times(byPct.peak).gt(byPct.amount.times(peak)));
    // Above the limit only if deeper than every earlier point (none of which was above it).
    const above = deeper && !firstAbove && limitPct && amount.times(100).gt(limitPct.times(peak));
    const larger = amount.gt(byAmount?.amount ?? 0);
    if (!deeper && !above && !larger) continue;
    const point: DrawdownPoint = { amount, peak, pct: null, step };
    if (larger) byAmount = point;
    if (deeper) byPct = point;
    if (above) firstAbove = point;
  }
  closePeriod();
  // The share of the peak, divided once per point kept rather than once per trade.
  for (const point of new Set([byAmount, byPct, firstAbove])) {
    if (point) point.pct = percentOf(point.amount, point.peak);
  }
  const timeWeighted = growth === null ? null : (growth as Decimal).minus(1);
  return { startingBalance, operations, steps, curve, byAmount, byPct, firstAbove, timeWeighted };
}
