// One trader's statement scored under a contest's rules: the figures, the breaches, the trades
// not counted and the balance curve. Pure and synchronous (the worker pool runs it).
import type {
  BalancePoint,
  Breach,
  ExcludedTrade,
  TradingFigures,
} from '../../../../shared/trading/figures';
import { Dec, ZERO, fixed2, type Decimal } from '../../../../shared/trading/decimal';
import type { TradingRules } from '../../../../shared/trading/rules';
import type { ParsedStatement } from '../../../../shared/trading/statement';
import { walkBalance } from './balance';
import { findBreaches } from './breaches';
import { tradingDays, worstDay } from './daily';
import { readTrade, selectTrades, type Window } from './select';

export interface ScoredStatement {
  figures: TradingFigures;
  breaches: Breach[];
  excluded: ExcludedTrade[];
  curve: BalancePoint[];
}

export function scoreStatement(
  statement: ParsedStatement,
  rules: TradingRules,
  window: Window,
): ScoredStatement {
  const read = statement.trades.map(readTrade);
  const { counted, excluded } = selectTrades(statement.trades, read, rules, window);
  const limit = rules.maxDrawdownPct === undefined ? null : Dec(rules.maxDrawdownPct);
  const walk = walkBalance(read, counted, statement.balanceOperations, window, limit);
  const days = tradingDays(walk.steps);

  let grossProfit = ZERO;
  let grossLoss = ZERO;
  let wins = 0;
  for (const t of counted) {
    if (t.net.gt(0)) {
      grossProfit = grossProfit.plus(t.net);
      wins += 1;
    } else grossLoss = grossLoss.plus(t.net);
  }
  const n = counted.length;
  const net = grossProfit.plus(grossLoss);
  const returnPct =
    walk.startingBalance.gt(0) && walk.timeWeighted ? walk.timeWeighted.times(100) : null;
  // No drawdown at all is 0 %; a drawdown from a balance that was never positive has no %.
  const drawdownPct: Decimal | null = walk.byPct ? walk.byPct.pct : walk.byAmount ? null : ZERO;
  const worst = worstDay(days);

  const figures: TradingFigures = {
    startingBalance: fixed2(walk.startingBalance),
    netProfit: fixed2(net),
    returnPct: returnPct && fixed2(returnPct),
    maxDrawdown: fixed2(walk.byAmount?.amount ?? ZERO),
    maxDrawdownPct: drawdownPct && fixed2(drawdownPct),
    worstDay: worst && {
      date: worst.date,
      loss: fixed2(worst.loss),
      lossPct: worst.lossPct && fixed2(worst.lossPct),
    },
    trades: statement.trades.length,
    countedTrades: n,
    winRatePct: n ? fixed2(Dec(wins).times(100).div(n)) : null,
    profitFactor: profitFactor(n, grossProfit, grossLoss),
    grossProfit: fixed2(grossProfit),
    grossLoss: fixed2(grossLoss),
    averageTrade: n ? fixed2(net.div(n)) : null,
    tradingDays: days.length,
    returnOverDrawdown: returnOverDrawdown(returnPct, drawdownPct),
  };
  return {
    figures,
    breaches: findBreaches(rules, walk, days, n),
    excluded,
    curve: walk.curve,
  };
}

function profitFactor(n: number, grossProfit: Decimal, grossLoss: Decimal): string | null {
  if (n === 0) return null;
  if (grossLoss.eq(0)) return grossProfit.gt(0) ? 'inf' : null;
  return fixed2(grossProfit.div(grossLoss.abs()));
}

/** From the unrounded figures, so 0.004 % of drawdown does not divide by zero. */
function returnOverDrawdown(ret: Decimal | null, dd: Decimal | null): string | null {
  if (ret === null || dd === null) return null;
  if (dd.eq(0)) return ret.gt(0) ? 'inf' : '0.00';
  return fixed2(ret.div(dd));
}
