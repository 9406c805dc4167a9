// What every format shares once its rows are read: a trade's side (from its type word, or from
// its prices and profit when the terminal's language translated the word), and the contract's
// order of trades and balance operations.
import Big from 'big.js';
import {
  compareTickets,
  type BalanceOperation,
  type ClosedTrade,
} from '../../../../shared/trading/statement';
import { StatementError } from './errors';

const BUY = new Set(['buy', 'long', 'b']);
const SELL = new Set(['sell', 'short', 's']);

/** A trade read before its side is known: its type word, and where it is for messages. */
export type Unsided = Omit<ClosedTrade, 'side'> & { type: string; where: string };

/** The trades with their sides (resolveSides), in the contract's shape. */
export function withSides(unsided: Unsided[]): ClosedTrade[] {
  const sides = resolveSides(unsided);
  return unsided.map(({ type: _type, where: _where, ...trade }, i) => ({
    ...trade,
    side: sides[i]!,
  }));
}

type Priced = { openPrice: string; closePrice: string; profit: string };

/** A buy gains when the price rises, a sell when it falls, whatever the currency; null: flat. */
function inferred(trade: Priced): 'buy' | 'sell' | null {
  const move = new Big(trade.closePrice).cmp(trade.openPrice);
  const gain = new Big(trade.profit).cmp(0);
  if (move === 0 || gain === 0) return null;
  return move === gain ? 'buy' : 'sell';
}

/**
 * Each trade's side from its type word. A word the parser does not know (a translated terminal)
 * is learnt from the file itself: the trades whose prices and profit tell their side vote for
 * their word's meaning, and a flat trade takes its word's meaning.
 */
export function resolveSides(
  trades: (Priced & { type: string; where: string })[],
): ('buy' | 'sell')[] {
  const votes = new Map<string, Set<'buy' | 'sell'>>();
  const words = trades.map((t) => t.type.trim().toLowerCase());
  trades.forEach((trade, i) => {
    const word = words[i]!;
    if (BUY.has(word) || SELL.has(word)) return;
    const side = inferred(trade);
    if (!side) return;
    const seen = votes.get(word) ?? new Set();
    seen.add(side);
    votes.set(word, seen);
  });
  return trades.map((trade, i) => {
    const word = words[i]!;
    if (BUY.has(word)) return 'buy';
    if (SELL.has(word)) return 'sell';
    const learnt = votes.get(word);
    if (learnt?.size === 1) return [...learnt][0]!;
    const side = inferred(trade);
    if (side) return side;
    throw new StatementError(
      `The ${trade.where} has the type '${trade.type.slice(0, 20)}', which is neither buy nor sell, and its prices do not tell: the file may be damaged`,
    );
  });
}

const byTime = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Trades in the order they closed: by close time, then (trades closed in the same second) by
 * `closedAs`, the place of each one's closing in the file where the format says it (MT5: the
 * closing deal's row), then by ticket. The balance walks in this order, so its drawdown is the
 * terminal's own.
 */
export function sortTrades(
  trades: ClosedTrade[],
  closedAs: (trade: ClosedTrade) => number = () => 0,
): ClosedTrade[] {
  return trades.sort(
    (a, b) =>
      byTime(a.closeTime, b.closeTime) ||
      closedAs(a) - closedAs(b) ||
      compareTickets(a.ticket, b.ticket),
  );
}

export function sortOperations(operations: BalanceOperation[]): BalanceOperation[] {
  return operations.sort((a, b) => byTime(a.time, b.time) || compareTickets(a.ticket, b.ticket));
}
