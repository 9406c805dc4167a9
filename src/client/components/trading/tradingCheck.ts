// The trading rules' check in a contest form (the wizards' step 2, the Edit Contest dialog), beside
// the form's own schema: only when the form says the contest is scored from statements
// (scoringOf), each issue placed on its field under `trading.`.
import { z, type ZodType } from 'zod';
import type { ScoringKind } from '../../../shared/schemas/trading';
import { scoringOf, tradingRulesIssues, type TradingRulesFormValues } from './rulesForm';

interface ScoredValues {
  scoring?: ScoringKind | '';
  category?: string;
  type?: string;
  format?: string;
  trading?: Partial<TradingRulesFormValues>;
}

/** The rules' problems of a contest form's values (none when it is scored by hand). */
export function tradingIssues(values: unknown): { path: PropertyKey[]; message: string }[] {
  const v = (values ?? {}) as ScoredValues;
  if (scoringOf({ ...v, category: v.category ?? v.type }) !== 'trading') return [];
  return tradingRulesIssues(v.trading).map((i) => ({
    path: ['trading', i.field],
    message: i.message,
  }));
}

/** A form's schema with the trading rules' check beside its own. */
export function withTradingCheck(schema: ZodType): ZodType {
  return z.unknown().superRefine((values, ctx) => {
    const own = schema.safeParse(values);
    const issues = [...(own.success ? [] : own.error.issues), ...tradingIssues(values)];
    for (const issue of issues) {
      ctx.addIssue({ code: 'custom', path: [...issue.path], message: issue.message });
    }
  });
}
