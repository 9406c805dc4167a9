// The trading rules form's values (client, pure: src/client/components/trading/rulesForm.ts) and
// the check beside a contest form's schema (tradingCheck.ts): typed text to the shared schema's
// rules and back, each problem on its field with the shared message, and which contests are scored
// from statements.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  initialTradingRulesValues,
  rulesOf,
  scoringOf,
  tradingRulesIssues,
} from '../../src/client/components/trading/rulesForm';
import { tradingIssues, withTradingCheck } from '../../src/client/components/trading/tradingCheck';
import { CSV_TEMPLATE as SERVER_TEMPLATE } from '../../src/server/domain/trading/statements';
import { CSV_TEMPLATE } from '../../src/shared/trading/csvTemplate';
import { TRADING_MESSAGES, ZTradingRulesSchema } from '../../src/shared/trading/rules';

const empty = initialTradingRulesValues(null);

describe('the trading rules form', () => {
  it('starts at the defaults, every limit unset', () => {
    expect(ZTradingRulesSchema.parse(rulesOf(empty))).toEqual({
      metric: 'return_pct',
      deposits: 'neutralise',
    });
  });

  it('reads typed text: symbols comma separated, minutes as seconds, currency upper case', () => {
    const rules = ZTradingRulesSchema.parse(
      rulesOf({
        ...empty,
        maxDrawdownPct: ' 10 ',
        symbols: 'eurusd, XAUUSD.m,,eurusd',
        minHold: '1.5',
        minHoldUnit: 'minutes',
        currency: 'usd',
      }),
    );
    expect(rules).toMatchObject({
      maxDrawdownPct: 10,
      symbols: ['EURUSD', 'XAUUSD.M'],
      minHoldSeconds: 90,
      currency: 'USD',
    });
  });

  it('round-trips stored rules (a whole number of minutes shown in minutes)', () => {
    const stored = ZTradingRulesSchema.parse({
      metric: 'profit_factor',
      maxDailyLossPct: 4.5,
      minTrades: 20,
      symbols: ['EURUSD', 'GBPUSD'],
      minHoldSeconds: 300,
      deposits: 'disqualify',
      currency: 'EUR',
    });
    const values = initialTradingRulesValues(stored);
    expect(values).toMatchObject({
      minHold: '5',
      minHoldUnit: 'minutes',
      symbols: 'EURUSD, GBPUSD',
    });
    expect(ZTradingRulesSchema.parse(rulesOf(values))).toEqual(stored);
    expect(initialTradingRulesValues({ ...stored, minHoldSeconds: 45 })).toMatchObject({
      minHold: '45',
      minHoldUnit: 'seconds',
    });
  });

  it('puts each problem on its field with the shared message', () => {
    const issues = tradingRulesIssues({
      ...empty,
      maxDrawdownPct: '150',
      minTrades: 'ten',
      symbols: 'EUR USD',
      currency: 'dollars',
    });
    expect(Object.fromEntries(issues.map((i) => [i.field, i.message]))).toEqual({
      maxDrawdownPct: TRADING_MESSAGES.percent,
      minTrades: TRADING_MESSAGES.count,
      symbols: TRADING_MESSAGES.symbol,
      currency: TRADING_MESSAGES.currency,
    });
  });

  it('says a holding time in minutes that is not whole seconds in minutes', () => {
    const [issue] = tradingRulesIssues({ ...empty, minHold: '0.001', minHoldUnit: 'minutes' });
    expect(issue).toEqual({ field: 'minHold', message: expect.stringContaining('minutes') });
    expect(tradingRulesIssues({ ...empty, minHold: '0.5' })[0]?.message).toBe(
      TRADING_MESSAGES.count,
    );
  });

  it('reads every missing field as empty (Formik hands undefined for an empty input)', () => {
    expect(tradingRulesIssues(undefined)).toEqual([]);
    expect(tradingRulesIssues({ metric: 'net_profit' })).toEqual([]);
  });
});

describe('which contests are scored from statements', () => {
  it('only Open ones; unchosen, a forex one', () => {
    expect(scoringOf({ format: 'open', category: 'forex', scoring: '' })).toBe('trading');
    expect(scoringOf({ format: 'open', category: 'gaming', scoring: '' })).toBe('manual');
    expect(scoringOf({ format: 'open', category: 'forex', scoring: 'manual' })).toBe('manual');
    expect(scoringOf({ format: 'open', category: 'art', scoring: 'trading' })).toBe('trading');
    expect(scoringOf({ format: 'league', category: 'forex', scoring: 'trading' })).toBe('manual');
  });

  it('checks the rules beside the form schema only when scored from statements', () => {
    const bad = { ...empty, maxDrawdownPct: '0' };
    expect(tradingIssues({ format: 'open', category: 'forex', trading: bad })).toEqual([
      { path: ['trading', 'maxDrawdownPct'], message: TRADING_MESSAGES.percent },
    ]);
    expect(tradingIssues({ format: 'league', category: 'forex', trading: bad })).toEqual([]);
    // The Edit dialog's values name the category `type`.
    expect(tradingIssues({ format: 'open', type: 'forex', trading: bad })).toHaveLength(1);
    const schema = withTradingCheck(z.object({ title: z.string().min(3, 'Too short') }));
    const result = schema.safeParse({
      title: 'x',
      format: 'open',
      scoring: 'trading',
      trading: bad,
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'title',
      'trading.maxDrawdownPct',
    ]);
  });
});

describe('the CSV template', () => {
  it('is the shared one, re-exported by the server', () => {
    expect(SERVER_TEMPLATE).toBe(CSV_TEMPLATE);
  });
});
