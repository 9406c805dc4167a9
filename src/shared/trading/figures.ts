// What the figures engine answers for one trader's statement (issue 34), and the one ranking
// order the board uses on the server and the client alike. Money and percentages are decimal
// strings with 2 decimals; null where a figure has no meaning (no trades, no positive balance).
import { Dec } from './decimal';
import type { TradingMetric } from './rules';

export interface TradingFigures {
  /** The counted balance at the window's start, with the funding before the first trade. */
  startingBalance: string;
  netProfit: string;
  /** Time-weighted return of the counted balance; null without a positive balance to divide by. */
  returnPct: string | null;
  maxDrawdown: string;
  maxDrawdownPct: string | null;
  /** The UTC day with the largest closed loss (as a share of its opening balance). */
  worstDay: { date: string; loss: string; lossPct: string | null } | null;
  /** Closed trades in the statement, counted or not. */
  trades: number;
  countedTrades: number;
  winRatePct: string | null;
  /** Gross profit / |gross loss|; 'inf' with profit and no loss; null with neither. */
  profitFactor: string | null;
  grossProfit: string;
  /** Negative or '0.00', as MetaTrader shows it. */
  grossLoss: string;
  averageTrade: string | null;
  /** UTC days with at least one counted trade closed. */
  tradingDays: number;
  /** returnPct / maxDrawdownPct; 'inf' with a positive return and no drawdown. */
  returnOverDrawdown: string | null;
}

export const BREACH_RULES = [
  'max_drawdown',
  'max_daily_loss',
  'min_trades',
  'min_trading_days',
  'deposit',
] as const;
export type BreachRule = (typeof BREACH_RULES)[number];

/** A broken rule: the trader is disqualified (stays on the board, below the ranked ones). */
export interface Breach {
  rule: BreachRule;
  message: string;
  tickets: string[];
}

export const EXCLUSION_REASONS = [
  'before_start',
  'after_end',
  'symbol',
  'min_hold',
  'over_max_count',
] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

/** A closed trade the rules do not count (not a breach: it just does not count). */
export interface ExcludedTrade {
  ticket: string;
  reason: ExclusionReason;
  message: string;
}

/** One point of the counted balance curve: time ISO 8601 UTC, balance 2 decimals. */
export interface BalancePoint {
  time: string;
  balance: string;
}

/** A board row as the ranking reads it. */
export interface RankedTrader {
  figures: TradingFigures;
  disqualified: boolean;
  /** When the counting statement was uploaded (the last tie-break: earlier first). */
  uploadedAt: Date;
}

/** The figure a metric ranks by: a decimal string, 'inf', or null (ranks last). */
export function metricValue(figures: TradingFigures, metric: TradingMetric): string | null {
  switch (metric) {
    case 'return_pct':
      return figures.returnPct;
    case 'net_profit':
      return figures.netProfit;
    case 'profit_factor':
      return figures.profitFactor;
    case 'return_over_drawdown':
      return figures.returnOverDrawdown;
  }
}

/** Higher first: 'inf' above any number, any number above null. */
function compareDescending(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (a === 'inf') return -1;
  if (b === 'inf') return 1;
  return Dec(b).cmp(Dec(a));
}

/**
 * The board's order (Array.sort comparator): ranked above disqualified; then the metric,
 * higher first; then lower maximum drawdown %, more counted trades, the earlier statement.
 */
export function compareTraders(a: RankedTrader, b: RankedTrader, metric: TradingMetric): number {
  if (a.disqualified !== b.disqualified) return a.disqualified ? 1 : -1;
  const byMetric = compareDescending(
    metricValue(a.figures, metric),
    metricValue(b.figures, metric),
  );
  if (byMetric !== 0) return byMetric;
  // Lower drawdown first, so compare the other way round; unknown (null) last.
  const ddA = a.figures.maxDrawdownPct;
  const ddB = b.figures.maxDrawdownPct;
  if (ddA !== ddB) {
    if (ddA === null) return 1;
    if (ddB === null) return -1;
    const byDrawdown = Dec(ddA).cmp(Dec(ddB));
    if (byDrawdown !== 0) return byDrawdown;
  }
  if (a.figures.countedTrades !== b.figures.countedTrades) {
    return b.figures.countedTrades - a.figures.countedTrades;
  }
  return a.uploadedAt.getTime() - b.uploadedAt.getTime();
}
