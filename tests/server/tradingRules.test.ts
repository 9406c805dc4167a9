// A trading contest's rules as the REST body and the wizards send them (issue 34): defaults,
// bounds with the message under each field, and each rule in plain words for the contest page.
import { describe, expect, it } from 'vitest';
import {
  TIE_BREAK_TEXT,
  TRADING_MESSAGES as M,
  ZTradingRulesSchema,
  tradingRuleTexts,
} from '../../src/shared/trading/rules';

const firstIssue = (input: unknown) => {
  const result = ZTradingRulesSchema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { path: issue.path.join('.'), message: issue.message };
};

describe('ZTradingRulesSchema', () => {
  it('defaults: ranked by return %, deposits neutralised, no limit', () => {
    expect(ZTradingRulesSchema.parse({})).toEqual({ metric: 'return_pct', deposits: 'neutralise' });
  });

  it('takes every rule at its bounds', () => {
    const all = {
      metric: 'return_over_drawdown',
      maxDrawdownPct: 0.01,
      maxDailyLossPct: 100,
      minTrades: 1,
      minTradingDays: 100_000,
      symbols: ['EURUSD', 'us30.cash', 'BTC#', 'GER_40-m'],
      minHoldSeconds: 120,
      maxCountedTrades: 100_000,
      deposits: 'disqualify',
    };
    expect(ZTradingRulesSchema.parse(all)).toEqual({
      ...all,
      symbols: ['EURUSD', 'US30.CASH', 'BTC#', 'GER_40-M'],
    });
  });

  it('upper-cases, trims and de-duplicates symbols', () => {
    expect(ZTradingRulesSchema.parse({ symbols: [' eurusd', 'EURUSD', 'gbpusd'] }).symbols).toEqual(
      ['EURUSD', 'GBPUSD'],
    );
  });

  it.each([
    [{ metric: 'sharpe' }, 'metric', M.metric],
    [{ deposits: 'ignore' }, 'deposits', M.deposits],
    [{ maxDrawdownPct: 0 }, 'maxDrawdownPct', M.percent],
    [{ maxDrawdownPct: 100.01 }, 'maxDrawdownPct', M.percent],
    [{ maxDailyLossPct: 5.125 }, 'maxDailyLossPct', M.percent],
    [{ maxDailyLossPct: '5' }, 'maxDailyLossPct', M.percent],
    [{ minTrades: 0 }, 'minTrades', M.count],
    [{ minTrades: 2.5 }, 'minTrades', M.count],
    [{ minTradingDays: 100_001 }, 'minTradingDays', M.count],
    [{ minHoldSeconds: -1 }, 'minHoldSeconds', M.count],
    [{ maxCountedTrades: 0 }, 'maxCountedTrades', M.count],
    [{ symbols: [] }, 'symbols', M.symbols],
    [{ symbols: 'EURUSD' }, 'symbols', M.symbols],
    [{ symbols: Array.from({ length: 101 }, (_, i) => `S${i}`) }, 'symbols', M.symbols],
    [{ symbols: ['EUR/USD'] }, 'symbols.0', M.symbol],
    [{ symbols: ['EURUSD', ''] }, 'symbols.1', M.symbol],
    [{ symbols: ['X'.repeat(31)] }, 'symbols.0', M.symbol],
  ])('refuses %j with the message under %s', (input, path, message) => {
    expect(firstIssue(input)).toEqual({ path, message });
  });

  it('accepts percentages with 2 decimals that a float cannot hold exactly', () => {
    expect(
      ZTradingRulesSchema.parse({ maxDrawdownPct: 10.1, maxDailyLossPct: 4.35 }),
    ).toMatchObject({
      maxDrawdownPct: 10.1,
      maxDailyLossPct: 4.35,
    });
  });
});

describe('tradingRuleTexts', () => {
  const window = {
    startsAt: new Date('2026-06-01T00:00:00Z'),
    endsAt: new Date('2026-06-30T23:59:00Z'),
  };

  it('says every rule in plain words, then the tie-breaks', () => {
    const rules = ZTradingRulesSchema.parse({
      maxDrawdownPct: 10,
      maxDailyLossPct: 4.5,
      minTrades: 10,
      minTradingDays: 5,
      symbols: ['eurusd', 'GBPUSD'],
      minHoldSeconds: 120,
      maxCountedTrades: 100,
      deposits: 'disqualify',
    });
    expect(tradingRuleTexts(rules, window)).toEqual([
      'Ranked by return % (time-weighted; deposits and withdrawals are not gain)',
      'Trades from 1 June 2026 00:00 UTC to 30 June 2026 23:59 UTC; trades opened before the ' +
        'start or closed after the end, and positions open at the end, are not counted',
      'Only EURUSD, GBPUSD',
      'Trades held under 2 minutes are not counted',
      'Only the first 100 trades (by open time) are counted',
      'Disqualified above 10 % maximum drawdown (peak to valley of the balance)',
      "Disqualified when a day's closed loss is above 4.5 % of that day's opening balance (days in UTC)",
      'Disqualified with fewer than 10 counted trades',
      'Disqualified with fewer than 5 trading days (days in UTC with a counted trade closed)',
      'A deposit or withdrawal after the first trade disqualifies',
      TIE_BREAK_TEXT,
    ]);
  });

  it('the defaults: the metric, the window, deposits neutralised, the tie-breaks', () => {
    const texts = tradingRuleTexts(ZTradingRulesSchema.parse({ metric: 'profit_factor' }), window);
    expect(texts).toHaveLength(4);
    expect(texts[0]).toMatch(/^Ranked by profit factor/);
    expect(texts[2]).toBe('Deposits and withdrawals are allowed and do not count as gain');
    expect(TIE_BREAK_TEXT).toBe(
      'Ties go to the lower maximum drawdown %, then to more counted trades, then to the earlier statement',
    );
  });

  it('durations in words: 90 s, 1 hour, 1 hour 30 minutes 5 seconds', () => {
    const hold = (minHoldSeconds: number) =>
      tradingRuleTexts(ZTradingRulesSchema.parse({ minHoldSeconds }), window)[2];
    expect(hold(90)).toBe('Trades held under 1 minute 30 seconds are not counted');
    expect(hold(3600)).toBe('Trades held under 1 hour are not counted');
    expect(hold(5405)).toBe('Trades held under 1 hour 30 minutes 5 seconds are not counted');
    expect(hold(1)).toBe('Trades held under 1 second are not counted');
  });
});
