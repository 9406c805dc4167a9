// The trading rules form's values (text, as typed) and their way to the rules the server takes
// (the shared ZTradingRulesSchema): an empty limit is unset, the symbols comma separated, the
// minimum holding time in seconds or minutes. The form checks its values by the shared schema,
// each issue placed on the field it is about with the shared messages (TRADING_MESSAGES). Pure
// TypeScript, so the server project's tests can run it.
import { z } from 'zod';
import {
  TRADING_LIMITS,
  ZTradingRulesSchema,
  type DepositRule,
  type TradingMetric,
  type TradingRules,
  type TradingRulesInput,
} from '../../../shared/trading/rules';
import type { ScoringKind } from '../../../shared/schemas/trading';

export const HOLD_UNITS = ['seconds', 'minutes'] as const;
export type HoldUnit = (typeof HOLD_UNITS)[number];

export interface TradingRulesFormValues {
  metric: TradingMetric;
  maxDrawdownPct: string;
  maxDailyLossPct: string;
  minTrades: string;
  minTradingDays: string;
  /** Comma separated ('EURUSD, XAUUSD'); empty: every symbol. */
  symbols: string;
  minHold: string;
  minHoldUnit: HoldUnit;
  maxCountedTrades: string;
  deposits: DepositRule;
  currency: string;
}

const text = (n: number | undefined) => (n === undefined ? '' : String(n));

/** The stored rules as the form's values (none yet: the defaults, every limit empty). */
export function initialTradingRulesValues(
  rules: TradingRules | TradingRulesInput | null,
): TradingRulesFormValues {
  const hold = rules?.minHoldSeconds;
  const inMinutes = hold !== undefined && hold % 60 === 0;
  return {
    metric: rules?.metric ?? 'return_pct',
    maxDrawdownPct: text(rules?.maxDrawdownPct),
    maxDailyLossPct: text(rules?.maxDailyLossPct),
    minTrades: text(rules?.minTrades),
    minTradingDays: text(rules?.minTradingDays),
    symbols: (rules?.symbols ?? []).join(', '),
    minHold: text(inMinutes ? hold / 60 : hold),
    minHoldUnit: inMinutes ? 'minutes' : 'seconds',
    maxCountedTrades: text(rules?.maxCountedTrades),
    deposits: rules?.deposits ?? 'neutralise',
    currency: rules?.currency ?? '',
  };
}

/** A typed number: '' is unset; text that is no number becomes NaN (the schema names it). */
const numberOf = (typed: string | undefined) => {
  const t = (typed ?? '').trim();
  return t === '' ? undefined : Number(t);
};

/** The rules the form's values say, for the shared schema (and then trading.setRules). */
export function rulesOf(values: Partial<TradingRulesFormValues>): TradingRulesInput {
  const symbols = (values.symbols ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const hold = numberOf(values.minHold);
  const currency = (values.currency ?? '').trim();
  return {
    metric: values.metric,
    maxDrawdownPct: numberOf(values.maxDrawdownPct),
    maxDailyLossPct: numberOf(values.maxDailyLossPct),
    minTrades: numberOf(values.minTrades),
    minTradingDays: numberOf(values.minTradingDays),
    symbols: symbols.length ? symbols : undefined,
    // 1.5 minutes is 90 seconds; a product that is not whole is refused as not whole.
    minHoldSeconds:
      hold === undefined ? undefined : values.minHoldUnit === 'minutes' ? hold * 60 : hold,
    maxCountedTrades: numberOf(values.maxCountedTrades),
    deposits: values.deposits,
    currency: currency || undefined,
  };
}

const HOLD_MINUTES_MESSAGE =
  'Enter a holding time of whole seconds, from 1 second to ' +
  `${Math.floor(TRADING_LIMITS.count / 60).toLocaleString('en-US')} minutes`;

/** The form field an issue of the rules is about ('symbols.2' is the symbols field). */
function fieldOf(path: readonly PropertyKey[]): keyof TradingRulesFormValues {
  const head = String(path[0] ?? 'metric');
  return head === 'minHoldSeconds' ? 'minHold' : (head as keyof TradingRulesFormValues);
}

/** Each problem of the form's values, on its field (at most one per field). */
export function tradingRulesIssues(
  values: Partial<TradingRulesFormValues> | undefined,
): { field: keyof TradingRulesFormValues; message: string }[] {
  const v = values ?? {};
  const result = ZTradingRulesSchema.safeParse(rulesOf(v));
  if (result.success) return [];
  const seen = new Set<string>();
  const issues: { field: keyof TradingRulesFormValues; message: string }[] = [];
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path);
    if (seen.has(field)) continue;
    seen.add(field);
    const message =
      field === 'minHold' && v.minHoldUnit === 'minutes' ? HOLD_MINUTES_MESSAGE : issue.message;
    issues.push({ field, message });
  }
  return issues;
}

// Formik hands its schema the values with every '' turned to undefined: each field is read back
// as '' here, and the shared schema says what is wrong.
export const tradingRulesFormSchema = z.unknown().superRefine((values, ctx) => {
  for (const { field, message } of tradingRulesIssues(
    (values ?? {}) as Partial<TradingRulesFormValues>,
  )) {
    ctx.addIssue({ code: 'custom', path: [field], message });
  }
});

/**
 * How a contest form's values are scored: only an Open contest (ranked on its leaderboard) can be
 * a trading one; an unchosen scoring is trading for a forex contest, manual otherwise.
 */
export function scoringOf(values: {
  scoring?: ScoringKind | '';
  category?: string;
  format?: string;
}): ScoringKind {
  if (values.format !== 'open') return 'manual';
  if (values.scoring) return values.scoring;
  return values.category === 'forex' ? 'trading' : 'manual';
}
