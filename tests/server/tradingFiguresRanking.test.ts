// The board's order (issue 34), shared by server and client, and the engine's speed on a
// contest's worth of statements (printed, not asserted: machines here differ several times over).
import { describe, expect, it } from 'vitest';
import { scoreStatement } from '../../src/server/domain/trading/figures';
import {
  compareTraders,
  type RankedTrader,
  type TradingFigures,
} from '../../src/shared/trading/figures';
import { JUNE, busyRules, manyTraders } from '../helpers/tradingStatement';

const base: TradingFigures = {
  startingBalance: '1000.00',
  netProfit: '0.00',
  returnPct: '0.00',
  maxDrawdown: '0.00',
  maxDrawdownPct: '0.00',
  worstDay: null,
  trades: 10,
  countedTrades: 10,
  winRatePct: '50.00',
  profitFactor: '1.00',
  grossProfit: '0.00',
  grossLoss: '0.00',
  averageTrade: '0.00',
  tradingDays: 3,
  returnOverDrawdown: '0.00',
};

let clock = 0;
function trader(name: string, figures: Partial<TradingFigures>, disqualified = false) {
  clock += 1;
  return {
    name,
    figures: { ...base, ...figures },
    disqualified,
    uploadedAt: new Date(clock * 1000),
  };
}
const order = (
  list: (RankedTrader & { name: string })[],
  metric: Parameters<typeof compareTraders>[2],
) => [...list].sort((a, b) => compareTraders(a, b, metric)).map((t) => t.name);

describe('compareTraders', () => {
  it('ranks by the metric as numbers, not as text (10.00 above 9.00, -1.00 below 0.50)', () => {
    const list = [
      trader('nine', { returnPct: '9.00' }),
      trader('ten', { returnPct: '10.00' }),
      trader('minus', { returnPct: '-1.00' }),
      trader('half', { returnPct: '0.50' }),
      trader('none', { returnPct: null }),
    ];
    expect(order(list, 'return_pct')).toEqual(['ten', 'nine', 'half', 'minus', 'none']);
  });

  it('puts a disqualified trader below every ranked one, whatever the figures', () => {
    const list = [
      trader('best but out', { netProfit: '9999.00' }, true),
      trader('worst', { netProfit: '-500.00' }),
      trader('also out', { netProfit: '1.00' }, true),
    ];
    expect(order(list, 'net_profit')).toEqual(['worst', 'best but out', 'also out']);
  });

  it("'inf' profit factor ranks above any number, null below", () => {
    const list = [
      trader('big', { profitFactor: '99.00' }),
      trader('none', { profitFactor: null }),
      trader('inf', { profitFactor: 'inf' }),
    ];
    expect(order(list, 'profit_factor')).toEqual(['inf', 'big', 'none']);
  });

  it('ties go to lower drawdown, then more counted trades, then the earlier statement', () => {
    const list = [
      trader('later', { returnOverDrawdown: '2.00', maxDrawdownPct: '3.00', countedTrades: 20 }),
      trader('deeper', { returnOverDrawdown: '2.00', maxDrawdownPct: '4.00', countedTrades: 90 }),
      trader('fewer', { returnOverDrawdown: '2.00', maxDrawdownPct: '3.00', countedTrades: 5 }),
      trader('earlier', { returnOverDrawdown: '2.00', maxDrawdownPct: '3.00', countedTrades: 20 }),
    ];
    // 'earlier' was made after 'later' here: give it the earlier upload explicitly.
    list[3]!.uploadedAt = new Date(0);
    expect(order(list, 'return_over_drawdown')).toEqual(['earlier', 'later', 'fewer', 'deeper']);
  });
});

describe('speed', () => {
  it('scores 200 traders x 500 trades (printed)', () => {
    const statements = manyTraders(200, 500);
    const r = busyRules();
    const started = performance.now();
    const scored = statements.map((s) => scoreStatement(s, r, JUNE));
    const ms = performance.now() - started;
    console.log(`trading figures: 200 traders x 500 trades scored in ${ms.toFixed(0)} ms`);
    expect(scored.every((s) => s.figures.trades === 500)).toBe(true);
  });
});
