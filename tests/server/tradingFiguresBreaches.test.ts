// The disqualifying rules (issue 34), each breach pointing at the tickets that broke it, and the
// deposit rule both ways with the time-weighted return worked out by hand.
import { describe, expect, it } from 'vitest';
import { scoreStatement } from '../../src/server/domain/trading/figures';
import { JUNE, operation, rules, statement } from '../helpers/tradingStatement';

/**
 * 1,000 funded. 10 June +100 (peak 1,100); 11 June -40 and -48 (1,012: 8 % below the peak, a
 * day's loss of 88 = 8 % of its opening 1,100); 12 June -66 (946: 154 = 14 % below the peak, a
 * day's loss of 6.52 % of 1,012); 13 June +500 (1,446, a new peak); 14 June -100 (6.92 %).
 */
const swings = statement(
  [
    { ticket: 'T1', open: '06-10 08:00', close: '06-10 09:00', profit: '100.00' },
    { ticket: 'T2a', open: '06-11 08:00', close: '06-11 09:00', profit: '-40.00' },
    { ticket: 'T2b', open: '06-11 10:00', close: '06-11 11:00', profit: '-48.00' },
    { ticket: 'T3', open: '06-12 08:00', close: '06-12 09:00', profit: '-66.00' },
    { ticket: 'T4', open: '06-13 08:00', close: '06-13 09:00', profit: '500.00' },
    { ticket: 'T5', open: '06-14 08:00', close: '06-14 09:00', profit: '-100.00' },
  ],
  [operation('D1', '06-01 00:00', '1000.00')],
);

describe('maximum drawdown', () => {
  it('is peak to valley, the peak reset at each new high: 154.00, 14.00 %', () => {
    const { figures, breaches } = scoreStatement(swings, rules(), JUNE);
    expect(figures.maxDrawdown).toBe('154.00');
    expect(figures.maxDrawdownPct).toBe('14.00');
    expect(breaches).toEqual([]);
  });

  it('names the date and the ticket that reached it', () => {
    const { breaches } = scoreStatement(swings, rules({ maxDrawdownPct: 10 }), JUNE);
    expect(breaches).toEqual([
      { rule: 'max_drawdown', message: 'drawdown 14.00 % on 2023.06.12 > 10 %', tickets: ['T3'] },
    ]);
  });

  it('names also the ticket that first passed the limit when it is another', () => {
    const { breaches } = scoreStatement(swings, rules({ maxDrawdownPct: 5 }), JUNE);
    expect(breaches).toEqual([
      {
        rule: 'max_drawdown',
        message:
          'drawdown 14.00 % on 2023.06.12 > 5 % (first above the limit: 8.00 % by ticket T2b on 2023.06.11)',
        tickets: ['T2b', 'T3'],
      },
    ]);
  });

  it('a limit of exactly the drawdown is not broken', () => {
    expect(scoreStatement(swings, rules({ maxDrawdownPct: 14 }), JUNE).breaches).toEqual([]);
  });
});

describe('maximum daily loss', () => {
  it("is each UTC day's closed loss against its opening balance; the worst day is shown", () => {
    const { figures } = scoreStatement(swings, rules(), JUNE);
    expect(figures.worstDay).toEqual({ date: '2023.06.11', loss: '88.00', lossPct: '8.00' });
    expect(figures.tradingDays).toBe(5);
  });

  it("breaches with that day's tickets", () => {
    const { breaches } = scoreStatement(swings, rules({ maxDailyLossPct: 7 }), JUNE);
    expect(breaches).toEqual([
      {
        rule: 'max_daily_loss',
        message: 'daily loss 8.00 % on 2023.06.11 (88.00 of the opening balance 1100.00) > 7 %',
        tickets: ['T2a', 'T2b'],
      },
    ]);
  });

  it('every day above the limit is a breach of its own', () => {
    const { breaches } = scoreStatement(swings, rules({ maxDailyLossPct: 6.5 }), JUNE);
    // 8.00 % (11 June), 6.52 % (12 June), 6.92 % (14 June: 100 of 1,446)
    expect(breaches.map((b) => b.tickets)).toEqual([['T2a', 'T2b'], ['T3'], ['T5']]);
  });
});

describe('minimum trades and trading days', () => {
  it('breaches below the minimum, not at it', () => {
    const at = scoreStatement(swings, rules({ minTrades: 6, minTradingDays: 5 }), JUNE);
    expect(at.breaches).toEqual([]);
    const below = scoreStatement(swings, rules({ minTrades: 10, minTradingDays: 6 }), JUNE);
    expect(below.breaches).toEqual([
      {
        rule: 'min_trades',
        message: '6 counted trades, fewer than the minimum of 10',
        tickets: [],
      },
      {
        rule: 'min_trading_days',
        message: '5 trading days, fewer than the minimum of 6',
        tickets: [],
      },
    ]);
  });
});

describe('deposits and withdrawals inside the window', () => {
  // Funded 1,000; +100 (1,100); a deposit of 900 (2,000); +200 (2,200).
  const deposit = statement(
    [
      { ticket: 'A', open: '06-02 08:00', close: '06-02 09:00', profit: '100.00' },
      { ticket: 'B', open: '06-04 08:00', close: '06-04 09:00', profit: '200.00' },
    ],
    [operation('D1', '06-01 00:00', '1000.00'), operation('D2', '06-03 12:00', '900.00')],
  );

  it("'disqualify': a deposit after the first trade is a breach naming its ticket", () => {
    const { breaches } = scoreStatement(deposit, rules({ deposits: 'disqualify' }), JUNE);
    // The funding before the first trade (D1) is no breach.
    expect(breaches).toEqual([
      {
        rule: 'deposit',
        message: 'deposit of 900.00 (ticket D2) on 2023.06.03 12:00, after the first trade',
        tickets: ['D2'],
      },
    ]);
  });

  it("'neutralise': no breach, and the return is time-weighted: 1.1 x 1.1 - 1 = 21 %", () => {
    const { figures, breaches, curve } = scoreStatement(deposit, rules(), JUNE);
    expect(breaches).toEqual([]);
    expect(figures.startingBalance).toBe('1000.00');
    expect(figures.netProfit).toBe('300.00');
    // Not 300 / 1,000 = 30 %: the deposit's money is no gain.
    expect(figures.returnPct).toBe('21.00');
    expect(figures.maxDrawdown).toBe('0.00');
    expect(curve.map((p) => p.balance)).toEqual(['1000.00', '1100.00', '2000.00', '2200.00']);
  });

  // Funded 1,000; +100 (1,100); 600 withdrawn (500); -50 (450).
  const withdrawal = statement(
    [
      { ticket: 'A', open: '06-02 08:00', close: '06-02 09:00', profit: '100.00' },
      { ticket: 'B', open: '06-04 08:00', close: '06-04 09:00', profit: '-50.00' },
    ],
    [operation('D1', '06-01 00:00', '1000.00'), operation('W1', '06-03 12:00', '-600.00')],
  );

  it('a withdrawal chains the periods too: 1.1 x 0.9 - 1 = -1 %, and is no drawdown', () => {
    const { figures } = scoreStatement(withdrawal, rules(), JUNE);
    expect(figures.returnPct).toBe('-1.00');
    // The peak moves down with the withdrawal (1,100 -> 500): only the -50 is a drawdown.
    expect(figures.maxDrawdown).toBe('50.00');
    expect(figures.maxDrawdownPct).toBe('10.00');
    // B's day opened at 500, after the withdrawal.
    expect(figures.worstDay).toEqual({ date: '2023.06.04', loss: '50.00', lossPct: '10.00' });
  });

  it("'disqualify' names a withdrawal as such", () => {
    const { breaches } = scoreStatement(withdrawal, rules({ deposits: 'disqualify' }), JUNE);
    expect(breaches.map((b) => b.message)).toEqual([
      'withdrawal of 600.00 (ticket W1) on 2023.06.03 12:00, after the first trade',
    ]);
  });

  it('an operation after the end is outside the window and changes nothing', () => {
    const s = statement(
      [],
      [operation('D1', '06-01 00:00', '1000.00'), operation('LATE', '07-02 00:00', '5000.00')],
    );
    const { figures, breaches } = scoreStatement(s, rules({ deposits: 'disqualify' }), JUNE);
    expect(figures.startingBalance).toBe('1000.00');
    expect(breaches).toEqual([]);
  });
});
