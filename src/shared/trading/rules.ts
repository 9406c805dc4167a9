// A trading contest's rules as data (issue 34): what `PUT /api/contests/{id}/trading-rules`, the
// wizards and the Edit Contest dialog send, and each rule in plain words for the contest page.
import { z } from 'zod';
import { formatDuration, formatWindowTime } from './words';

export const TRADING_METRICS = [
  'return_pct',
  'net_profit',
  'profit_factor',
  'return_over_drawdown',
] as const;
export type TradingMetric = (typeof TRADING_METRICS)[number];

export const DEPOSIT_RULES = ['disqualify', 'neutralise'] as const;
export type DepositRule = (typeof DEPOSIT_RULES)[number];

export const TRADING_LIMITS = { count: 100_000, symbols: 100, symbolLength: 30 } as const;

export const TRADING_MESSAGES = {
  metric: `Choose a ranking: ${TRADING_METRICS.join(', ')}`,
  deposits: 'Choose what a deposit or withdrawal does: disqualify or neutralise',
  percent: 'Enter a percentage from 0.01 to 100, with at most 2 decimals',
  count: `Enter a whole number from 1 to ${TRADING_LIMITS.count.toLocaleString('en-US')}`,
  symbols: `List between 1 and ${TRADING_LIMITS.symbols} symbols`,
  symbol: `A symbol is 1 to ${TRADING_LIMITS.symbolLength} letters, digits or . _ # -`,
  currency: 'Enter the account currency as its three-letter code, such as USD or EUR',
} as const;

const ZPercent = z
  .number({ error: TRADING_MESSAGES.percent })
  .min(0.01, TRADING_MESSAGES.percent)
  .max(100, TRADING_MESSAGES.percent)
  // A float's 10.1 is 10.0999…: compare the hundredths after rounding, not the raw product.
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, TRADING_MESSAGES.percent);

const ZCount = z
  .number({ error: TRADING_MESSAGES.count })
  .int(TRADING_MESSAGES.count)
  .min(1, TRADING_MESSAGES.count)
  .max(TRADING_LIMITS.count, TRADING_MESSAGES.count);

const ZSymbol = z
  .string({ error: TRADING_MESSAGES.symbol })
  .trim()
  .min(1, TRADING_MESSAGES.symbol)
  .max(TRADING_LIMITS.symbolLength, TRADING_MESSAGES.symbol)
  .regex(/^[A-Za-z0-9._#-]+$/, TRADING_MESSAGES.symbol)
  .transform((s) => s.toUpperCase());

export const ZTradingRulesSchema = z.object({
  metric: z.enum(TRADING_METRICS, { error: TRADING_MESSAGES.metric }).default('return_pct'),
  maxDrawdownPct: ZPercent.optional(),
  maxDailyLossPct: ZPercent.optional(),
  minTrades: ZCount.optional(),
  minTradingDays: ZCount.optional(),
  symbols: z
    .array(ZSymbol, { error: TRADING_MESSAGES.symbols })
    .min(1, TRADING_MESSAGES.symbols)
    .max(TRADING_LIMITS.symbols, TRADING_MESSAGES.symbols)
    .transform((list) => [...new Set(list)])
    .optional(),
  minHoldSeconds: ZCount.optional(),
  maxCountedTrades: ZCount.optional(),
  deposits: z.enum(DEPOSIT_RULES, { error: TRADING_MESSAGES.deposits }).default('neutralise'),
  /** The accounts' currency: a statement in another one is flagged for the organiser. */
  currency: z
    .string({ error: TRADING_MESSAGES.currency })
    .trim()
    .regex(/^[A-Za-z]{3}$/, TRADING_MESSAGES.currency)
    .transform((c) => c.toUpperCase())
    .optional(),
});
/** The rules as the engine reads them (defaults applied, symbols upper case). */
export type TradingRules = z.output<typeof ZTradingRulesSchema>;
/** The rules as a client sends them. */
export type TradingRulesInput = z.input<typeof ZTradingRulesSchema>;

export const METRIC_TEXTS: Record<TradingMetric, string> = {
  return_pct: 'Ranked by return % (time-weighted; deposits and withdrawals are not gain)',
  net_profit: 'Ranked by net profit (profit, commission and swap of the counted trades)',
  profit_factor:
    'Ranked by profit factor (gross profit / gross loss; no loss at all ranks above any number)',
  return_over_drawdown: 'Ranked by return % divided by maximum drawdown %',
};

export const TIE_BREAK_TEXT =
  'Ties go to the lower maximum drawdown %, then to more counted trades, then to the earlier statement';

const pct = (v: number) => `${v} %`;

/** Each rule in plain words, in the order the contest page lists them. */
export function tradingRuleTexts(
  rules: TradingRules,
  /** The contest's start and end; null while either is not set (a draft): no window line. */
  window: { startsAt: Date; endsAt: Date } | null,
): string[] {
  const texts = [METRIC_TEXTS[rules.metric]];
  if (window) {
    texts.push(
      `Trades from ${formatWindowTime(window.startsAt)} to ${formatWindowTime(window.endsAt)}; ` +
        'trades opened before the start or closed after the end, and positions open at the end, ' +
        'are not counted',
    );
  }
  if (rules.currency) texts.push(`Accounts in ${rules.currency}`);
  if (rules.symbols) texts.push(`Only ${rules.symbols.join(', ')}`);
  if (rules.minHoldSeconds !== undefined) {
    texts.push(`Trades held under ${formatDuration(rules.minHoldSeconds)} are not counted`);
  }
  if (rules.maxCountedTrades !== undefined) {
    const n = rules.maxCountedTrades;
    texts.push(`Only the first ${n} trade${n === 1 ? '' : 's'} (by open time) are counted`);
  }
  if (rules.maxDrawdownPct !== undefined) {
    texts.push(
      `Disqualified above ${pct(rules.maxDrawdownPct)} maximum drawdown ` +
        '(peak to valley of the balance)',
    );
  }
  if (rules.maxDailyLossPct !== undefined) {
    texts.push(
      `Disqualified when a day's closed loss is above ${pct(rules.maxDailyLossPct)} ` +
        "of that day's opening balance (days in UTC)",
    );
  }
  if (rules.minTrades !== undefined) {
    texts.push(`Disqualified with fewer than ${rules.minTrades} counted trades`);
  }
  if (rules.minTradingDays !== undefined) {
    texts.push(
      `Disqualified with fewer than ${rules.minTradingDays} trading days ` +
        '(days in UTC with a counted trade closed)',
    );
  }
  texts.push(
    rules.deposits === 'disqualify'
      ? 'A deposit or withdrawal after the first trade disqualifies'
      : 'Deposits and withdrawals are allowed and do not count as gain',
  );
  texts.push(TIE_BREAK_TEXT);
  return texts;
}
