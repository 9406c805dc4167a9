// The figures engine (issue 34) on statements whose every figure is worked out by hand beside
// the test: the real MT5 report's 'Results' block reproduced in miniature, the window's edges,
// the counting rules, and exact money.
import { describe, expect, it } from 'vitest';
import { scoreStatement } from '../../src/server/domain/trading/figures';
import { JUNE, operation, rules, statement, type TradeSpec } from '../helpers/tradingStatement';

const funded = [operation('D1', '06-01 00:00', '10000.00')];

/**
 * Eight trades with the real report's totals (gross profit 157.73, gross loss -208.57, net
 * -50.84, balance drawdown maximal 58.44, 0.58 % of the 10,007.60 peak): +7.60 makes the peak,
 * -58.44 the valley at 9,949.16 (the report's final balance), and each later pair returns to it.
 */
const RESULTS_BLOCK: TradeSpec[] = [
  { ticket: 'T1', open: '06-05 08:00', close: '06-05 09:00', profit: '8.00', commission: '-0.40' },
  {
    ticket: 'T2',
    open: '06-05 10:00',
    close: '06-05 11:00',
    profit: '-58.00',
    commission: '-0.40',
    swap: '-0.04',
  },
  { ticket: 'T3', open: '06-06 08:00', close: '06-06 09:00', profit: '50.00' },
  { ticket: 'T4', open: '06-06 10:00', close: '06-06 11:00', profit: '-50.00' },
  { ticket: 'T5', open: '06-07 08:00', close: '06-07 09:00', profit: '50.13' },
  { ticket: 'T6', open: '06-07 10:00', close: '06-07 11:00', profit: '-50.13' },
  { ticket: 'T7', open: '06-08 08:00', close: '06-08 09:00', profit: '50.00' },
  { ticket: 'T8', open: '06-08 10:00', close: '06-08 11:00', profit: '-50.00' },
];

describe('scoreStatement: every figure', () => {
  it("reproduces the MT5 report's Results block in miniature", () => {
    const { figures, breaches, excluded, curve } = scoreStatement(
      statement(RESULTS_BLOCK, funded),
      rules(),
      JUNE,
    );
    expect(figures).toEqual({
      // The deposit inside the window before the first trade is the account's funding.
      startingBalance: '10000.00',
      netProfit: '-50.84',
      // -50.84 / 10,000 = -0.5084 %
      returnPct: '-0.51',
      maxDrawdown: '58.44',
      // 58.44 / 10,007.60 = 0.58396 %
      maxDrawdownPct: '0.58',
      // 5 June: +7.60 - 58.44 on an opening of 10,000; the other days net 0.
      worstDay: { date: '2023.06.05', loss: '50.84', lossPct: '0.51' },
      trades: 8,
      countedTrades: 8,
      winRatePct: '50.00',
      // 157.73 / 208.57 = 0.75625
      profitFactor: '0.76',
      grossProfit: '157.73',
      grossLoss: '-208.57',
      // -50.84 / 8 = -6.355, half away from zero
      averageTrade: '-6.36',
      tradingDays: 4,
      // -0.5084 / 0.583956 = -0.8706
      returnOverDrawdown: '-0.87',
    });
    expect(breaches).toEqual([]);
    expect(excluded).toEqual([]);
    expect(curve.map((p) => p.balance)).toEqual([
      '10000.00',
      '10007.60',
      '9949.16',
      '9999.16',
      '9949.16',
      '9999.29',
      '9949.16',
      '9999.16',
      '9949.16',
    ]);
    expect(curve[0]!.time).toBe('2023-06-01T00:00:00.000Z');
    expect(curve[2]!.time).toBe('2023-06-05T11:00:00.000Z');
  });

  it('starts from the balance at the start: operations and trades closed before it', () => {
    const s = statement(
      [
        { ticket: 'OLD', open: '05-10 08:00', close: '05-10 09:00', profit: '100.00' },
        { ticket: 'NEW', open: '06-02 08:00', close: '06-02 09:00', profit: '50.50' },
      ],
      [operation('D0', '05-01 00:00', '1000.00')],
    );
    const { figures, excluded } = scoreStatement(s, rules(), JUNE);
    expect(figures.startingBalance).toBe('1100.00');
    expect(figures.netProfit).toBe('50.50');
    // 50.50 / 1,100 = 4.5909 %
    expect(figures.returnPct).toBe('4.59');
    expect(figures.trades).toBe(2);
    expect(figures.countedTrades).toBe(1);
    expect(excluded).toEqual([
      {
        ticket: 'OLD',
        reason: 'before_start',
        message: 'ticket OLD opened 2023.05.10 08:00 before the start',
      },
    ]);
  });
});

describe('scoreStatement: the window (inclusive at both ends)', () => {
  const s = statement(
    [
      { ticket: 'EARLY', open: '05-31 23:00', close: '06-01 01:00', profit: '10.00' },
      { ticket: 'AT_START', open: '06-01 00:00', close: '06-01 02:00', profit: '1.00' },
      { ticket: 'AT_END', open: '06-30 20:00', close: '06-30 23:59', profit: '2.00' },
      { ticket: '1771882106', open: '06-30 22:00', close: '07-01 00:10', profit: '-30.00' },
    ],
    funded,
  );
  const { figures, excluded } = scoreStatement(s, rules(), JUNE);

  it('counts a trade opened exactly at the start and one closed exactly at the end', () => {
    expect(figures.countedTrades).toBe(2);
    expect(figures.netProfit).toBe('3.00');
  });

  it('leaves out trades opened before the start or closed after the end, naming ticket and time', () => {
    expect(excluded).toEqual([
      {
        ticket: 'EARLY',
        reason: 'before_start',
        message: 'ticket EARLY opened 2023.05.31 23:00 before the start',
      },
      {
        ticket: '1771882106',
        reason: 'after_end',
        message: 'ticket 1771882106 closed 2023.07.01 00:10 after the end',
      },
    ]);
  });

  it('an excluded trade moves neither the starting balance nor the curve', () => {
    expect(figures.startingBalance).toBe('10000.00');
    expect(figures.maxDrawdown).toBe('0.00');
  });
});

describe('scoreStatement: symbols, minimum hold, maximum counted', () => {
  it('counts only the listed symbols, whatever their case in the statement', () => {
    const s = statement(
      [
        {
          ticket: 'A',
          open: '06-02 08:00',
          close: '06-02 09:00',
          profit: '5.00',
          symbol: 'eurusd',
        },
        {
          ticket: 'B',
          open: '06-02 08:00',
          close: '06-02 09:30',
          profit: '9.00',
          symbol: 'XAUUSD',
        },
      ],
      funded,
    );
    const { figures, excluded } = scoreStatement(s, rules({ symbols: ['EURUSD', 'gbpusd'] }), JUNE);
    expect(figures.netProfit).toBe('5.00');
    expect(excluded).toEqual([
      { ticket: 'B', reason: 'symbol', message: 'ticket B on XAUUSD: only EURUSD, GBPUSD count' },
    ]);
  });

  it('leaves out trades held under the minimum; exactly the minimum counts', () => {
    const s = statement(
      [
        { ticket: 'SCALP', open: '06-02T08:00:00Z', close: '06-02T08:00:45Z', profit: '40.00' },
        { ticket: 'HELD', open: '06-02T09:00:00Z', close: '06-02T09:02:00Z', profit: '4.00' },
      ].map((t) => ({ ...t, open: `2023-${t.open}`, close: `2023-${t.close}` })),
      funded,
    );
    const { figures, excluded } = scoreStatement(s, rules({ minHoldSeconds: 120 }), JUNE);
    expect(figures.netProfit).toBe('4.00');
    expect(excluded).toEqual([
      {
        ticket: 'SCALP',
        reason: 'min_hold',
        message: 'ticket SCALP held 45 seconds, under the minimum of 2 minutes',
      },
    ]);
  });

  it('counts the first N trades by open time, not by close time', () => {
    const s = statement(
      [
        { ticket: 'LONG', open: '06-02 08:00', close: '06-09 08:00', profit: '100.00' },
        { ticket: 'S1', open: '06-03 08:00', close: '06-03 09:00', profit: '1.00' },
        { ticket: 'S2', open: '06-04 08:00', close: '06-04 09:00', profit: '2.00' },
        { ticket: 'S3', open: '06-05 08:00', close: '06-05 09:00', profit: '3.00' },
      ],
      funded,
    );
    const { figures, excluded } = scoreStatement(s, rules({ maxCountedTrades: 2 }), JUNE);
    expect(figures.netProfit).toBe('101.00');
    expect(excluded.map((e) => [e.ticket, e.reason])).toEqual([
      ['S2', 'over_max_count'],
      ['S3', 'over_max_count'],
    ]);
    expect(excluded[0]!.message).toBe(
      'ticket S2 opened 2023.06.04 08:00 after the first 2 counted trades',
    );
  });
});

describe('scoreStatement: edge cases', () => {
  it('no trades at all: zeros where a sum, null where a ratio', () => {
    const { figures, curve } = scoreStatement(statement([], funded), rules(), JUNE);
    expect(figures).toMatchObject({
      startingBalance: '10000.00',
      netProfit: '0.00',
      returnPct: '0.00',
      maxDrawdown: '0.00',
      maxDrawdownPct: '0.00',
      worstDay: null,
      trades: 0,
      countedTrades: 0,
      winRatePct: null,
      profitFactor: null,
      averageTrade: null,
      tradingDays: 0,
    });
    expect(curve).toEqual([{ time: '2023-06-01T00:00:00.000Z', balance: '10000.00' }]);
  });

  it('no balance to divide by: the return is null, not a made-up figure', () => {
    const s = statement([
      { ticket: 'A', open: '06-02 08:00', close: '06-02 09:00', profit: '5.00' },
    ]);
    const { figures } = scoreStatement(s, rules(), JUNE);
    expect(figures.startingBalance).toBe('0.00');
    expect(figures.returnPct).toBeNull();
    expect(figures.returnOverDrawdown).toBeNull();
    expect(figures.netProfit).toBe('5.00');
  });

  it('every trade excluded: nothing counted, each one said why', () => {
    const s = statement(
      [
        { ticket: 'A', open: '05-02 08:00', close: '05-02 09:00', profit: '5.00' },
        {
          ticket: 'B',
          open: '06-02 08:00',
          close: '06-02 09:00',
          profit: '5.00',
          symbol: 'BTCUSD',
        },
        { ticket: 'C', open: '06-30 08:00', close: '07-02 09:00', profit: '5.00' },
      ],
      funded,
    );
    const { figures, excluded } = scoreStatement(s, rules({ symbols: ['EURUSD'] }), JUNE);
    expect(figures.trades).toBe(3);
    expect(figures.countedTrades).toBe(0);
    expect(figures.profitFactor).toBeNull();
    expect(excluded.map((e) => e.reason)).toEqual(['before_start', 'symbol', 'after_end']);
  });

  it("no loss and some profit: profit factor and return over drawdown are 'inf'", () => {
    const s = statement(
      [
        { ticket: 'A', open: '06-02 08:00', close: '06-02 09:00', profit: '5.00' },
        { ticket: 'B', open: '06-03 08:00', close: '06-03 09:00', profit: '15.00' },
      ],
      funded,
    );
    const { figures } = scoreStatement(s, rules(), JUNE);
    expect(figures.profitFactor).toBe('inf');
    expect(figures.returnOverDrawdown).toBe('inf');
    expect(figures.grossLoss).toBe('0.00');
    expect(figures.winRatePct).toBe('100.00');
    expect(figures.returnPct).toBe('0.20');
  });
});

describe('scoreStatement: exact money', () => {
  it('1,000 trades of 0.10 make exactly 100.00, and 0.1 + 0.2 is 0.30', () => {
    const trades: TradeSpec[] = Array.from({ length: 1000 }, (_, i) => ({
      ticket: String(1_000_000 + i),
      open: new Date(Date.UTC(2023, 5, 2) + i * 60_000).toISOString(),
      close: new Date(Date.UTC(2023, 5, 2) + i * 60_000 + 30_000).toISOString(),
      profit: '0.1',
    }));
    trades.push({
      ticket: 'X',
      open: '06-20 08:00',
      close: '06-20 09:00',
      profit: '0.1',
      commission: '0.2',
    });
    const { figures, curve } = scoreStatement(statement(trades, funded), rules(), JUNE);
    expect(figures.grossProfit).toBe('100.30');
    expect(figures.netProfit).toBe('100.30');
    expect(curve.at(-1)!.balance).toBe('10100.30');
    expect(figures.averageTrade).toBe('0.10');
  });

  it('rounds what a float cannot: 1.005 is 1.01, not 1.00', () => {
    const s = statement(
      [{ ticket: 'A', open: '06-02 08:00', close: '06-02 09:00', profit: '1.005' }],
      funded,
    );
    expect(scoreStatement(s, rules(), JUNE).figures.netProfit).toBe('1.01');
  });
});
