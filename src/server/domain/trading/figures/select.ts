// Which closed trades count under the rules, and why each other one does not.
import type { ExcludedTrade } from '../../../../shared/trading/figures';
import { Dec, type Decimal } from '../../../../shared/trading/decimal';
import type { TradingRules } from '../../../../shared/trading/rules';
import { compareTickets, type ClosedTrade } from '../../../../shared/trading/statement';
import { formatDuration, formatStatementTime } from '../../../../shared/trading/words';

/** A closed trade with its times read and its net (profit + commission + swap) summed. */
export interface ReadTrade {
  ticket: string;
  /** As the statement wrote it (ISO 8601 UTC): the curve's points keep it. */
  closeTime: string;
  openMs: number;
  closeMs: number;
  net: Decimal;
}

export interface Window {
  startsAt: Date;
  endsAt: Date;
}

export function readTrade(trade: ClosedTrade): ReadTrade {
  return {
    ticket: trade.ticket,
    closeTime: trade.closeTime,
    openMs: Date.parse(trade.openTime),
    closeMs: Date.parse(trade.closeTime),
    net: Dec(trade.profit).plus(trade.commission).plus(trade.swap),
  };
}

/**
 * The window is inclusive at both ends: a trade opened exactly at the start or closed exactly at
 * the end counts (the contest's end is the last moment of it, as the page shows it).
 */
export function selectTrades(
  trades: readonly ClosedTrade[],
  read: readonly ReadTrade[],
  rules: TradingRules,
  window: Window,
): { counted: ReadTrade[]; excluded: ExcludedTrade[] } {
  const start = window.startsAt.getTime();
  const end = window.endsAt.getTime();
  const symbols = rules.symbols ? new Set(rules.symbols) : null;
  const minHoldMs = rules.minHoldSeconds === undefined ? 0 : rules.minHoldSeconds * 1000;
  const excluded: ExcludedTrade[] = [];
  const kept: ReadTrade[] = [];
  trades.forEach((trade, i) => {
    const t = read[i]!;
    const exclude = (reason: ExcludedTrade['reason'], message: string) =>
      excluded.push({ ticket: t.ticket, reason, message: `ticket ${t.ticket} ${message}` });
    if (!(t.openMs >= start)) {
      exclude('before_start', `opened ${formatStatementTime(t.openMs)} before the start`);
    } else if (!(t.closeMs <= end)) {
      exclude('after_end', `closed ${formatStatementTime(t.closeMs)} after the end`);
    } else if (symbols && !symbols.has(trade.symbol.toUpperCase())) {
      exclude('symbol', `on ${trade.symbol}: only ${[...symbols].join(', ')} count`);
    } else if (t.closeMs - t.openMs < minHoldMs) {
      const held = Math.max(0, Math.floor((t.closeMs - t.openMs) / 1000));
      exclude(
        'min_hold',
        `held ${formatDuration(held)}, under the minimum of ${formatDuration(rules.minHoldSeconds!)}`,
      );
    } else kept.push(t);
  });
  const max = rules.maxCountedTrades;
  if (max === undefined || kept.length <= max) return { counted: kept, excluded };
  // The first N in time are the ones opened first; the statement lists them by close time.
  const byOpen = [...kept].sort(
    (a, b) => a.openMs - b.openMs || compareTickets(a.ticket, b.ticket),
  );
  const over = new Set(byOpen.slice(max));
  for (const t of byOpen.slice(max)) {
    excluded.push({
      ticket: t.ticket,
      reason: 'over_max_count',
      message: `ticket ${t.ticket} opened ${formatStatementTime(t.openMs)} after the first ${max} counted trades`,
    });
  }
  return { counted: kept.filter((t) => !over.has(t)), excluded };
}
