// The trades not counted as the answers show them: one line per reason (ZExcludedView), with the
// first tickets. The row keeps every excluded trade (a statement's trades page marks each one);
// every answer groups them here.
import type { ExcludedTrade } from '../../../shared/trading/figures';
import type { z } from 'zod';
import type { ZExcludedView } from '../../../shared/schemas/trading';

export type ExcludedView = z.infer<typeof ZExcludedView>;

export const EXCLUDED_TICKETS_SHOWN = 20;

const WORDS: Record<ExcludedTrade['reason'], string> = {
  before_start: 'opened before the start',
  after_end: 'closed after the end',
  symbol: 'on a symbol the rules do not allow',
  min_hold: 'held for less than the minimum time',
  over_max_count: 'after the maximum number of counted trades',
};

/** Grouped by reason, in the order each reason first appears. */
export function groupExcluded(excluded: readonly ExcludedTrade[]): ExcludedView[] {
  const byReason = new Map<ExcludedTrade['reason'], ExcludedTrade[]>();
  for (const trade of excluded) {
    const group = byReason.get(trade.reason);
    if (group) group.push(trade);
    else byReason.set(trade.reason, [trade]);
  }
  return [...byReason].map(([reason, trades]) => ({
    reason,
    count: trades.length,
    tickets: trades.slice(0, EXCLUDED_TICKETS_SHOWN).map((t) => t.ticket),
    // One trade: its own message names the ticket and time; more: how many, and why.
    message:
      trades.length === 1
        ? trades[0]!.message
        : `${trades.length} trades not counted: ${WORDS[reason]}`,
  }));
}
