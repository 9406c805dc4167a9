// Trading contests' requests and answers (issue 34): the rules a contest is scored under, as
// `trading.rules` / `GET /api/contests/{id}/trading-rules` show them and `trading.setRules` /
// `PUT` the same path set them.
import { z } from 'zod';
import { ZContestId } from './contestId';
import { TRADING_METRICS, ZTradingRulesSchema } from '../trading/rules';
import { BREACH_RULES, EXCLUSION_REASONS } from '../trading/figures';
import { STATEMENT_FORMATS } from '../trading/statement';
import {
  OWNERSHIP,
  STATEMENT_DECISIONS,
  STATEMENT_FLAG_KINDS,
  STATEMENT_STATUSES,
} from '../trading/review';

export const SCORING_KINDS = ['manual', 'trading'] as const;
export type ScoringKind = (typeof SCORING_KINDS)[number];

/** Why a trading contest refuses a call (`reason` over REST, `data.reason` over tRPC). */
export const TRADING_REFUSALS = [
  'not_open_format',
  // A statement refused by its parser (400, with the parser's message).
  'bad_statement',
  // A statement sent to a contest with no trading rules.
  'not_trading_contest',
  // A statement after the results were confirmed.
  'uploads_closed',
  // A review of a statement its entrant has uploaded another after.
  'not_latest',
] as const;
export type TradingRefusal = (typeof TRADING_REFUSALS)[number];

export const TRADING_RULE_REFUSALS = {
  notOpenFormat:
    'Trading rules need a contest ranked on its leaderboard: choose the Open format first',
  notOrganiser: "Only the contest's organiser, a moderator or an admin sets its trading rules",
  contestCompleted:
    'The contest is completed: its places are its results, so its trading rules no longer change',
} as const;

/** `PUT /api/contests/{id}/trading-rules`: the rules as the body, the id from the path. */
export const ZSetTradingRulesInput = ZTradingRulesSchema.extend({ contestId: ZContestId });
export type TSetTradingRulesInput = z.input<typeof ZSetTradingRulesInput>;

export const ZTradingRulesView = z.object({
  contestId: z.number().int(),
  /** 'trading' once rules are set: the board is computed from statements; else 'manual'. */
  scoring: z.enum(SCORING_KINDS),
  rules: ZTradingRulesSchema.nullable(),
  /** Each rule in words for the contest page (empty for a manual contest). */
  texts: z.array(z.string()),
  /** Counts the rule changes (figures computed under an older one are computed again). */
  version: z.number().int().nullable(),
});
export type TTradingRulesView = z.infer<typeof ZTradingRulesView>;

// ---- Statements (issue 34): the answers every statement path shares. Money and percentages
// are decimal strings (2 decimals); 'inf' where a ratio has no loss or no drawdown to divide by.

const ZDecimal = z.string();

export const ZTradingFiguresView = z.object({
  startingBalance: ZDecimal,
  netProfit: ZDecimal,
  returnPct: ZDecimal.nullable(),
  maxDrawdown: ZDecimal,
  maxDrawdownPct: ZDecimal.nullable(),
  worstDay: z.object({ date: z.string(), loss: ZDecimal, lossPct: ZDecimal.nullable() }).nullable(),
  trades: z.number().int(),
  countedTrades: z.number().int(),
  winRatePct: ZDecimal.nullable(),
  profitFactor: ZDecimal.nullable(),
  grossProfit: ZDecimal,
  grossLoss: ZDecimal,
  averageTrade: ZDecimal.nullable(),
  tradingDays: z.number().int(),
  returnOverDrawdown: ZDecimal.nullable(),
});

export const ZBreachView = z.object({
  rule: z.enum(BREACH_RULES),
  message: z.string(),
  tickets: z.array(z.string()),
});

export const ZStatementFlagView = z.object({
  kind: z.enum(STATEMENT_FLAG_KINDS),
  message: z.string(),
  tickets: z.array(z.string()),
});

/** The trades not counted, one line per reason (the summary before a statement counts). */
export const ZExcludedView = z.object({
  reason: z.enum(EXCLUSION_REASONS),
  count: z.number().int(),
  /** The first of their tickets (at most 20), for the organiser to look up. */
  tickets: z.array(z.string()),
  message: z.string(),
});

/**
 * One uploaded statement (`POST /api/contests/{id}/statements` answers it with 201; the lists
 * and `GET /api/statements/{id}` too).
 */
export const ZStatementView = z.object({
  id: z.number().int(),
  contestId: z.number().int(),
  participantId: z.number().int(),
  /** The entrant: the member's username, or the registered team's name. */
  entrantName: z.string(),
  uploadedBy: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  format: z.enum(STATEMENT_FORMATS),
  account: z.object({
    number: z.string(),
    server: z.string().nullable(),
    currency: z.string().nullable(),
    name: z.string().nullable(),
  }),
  /** The first and last closed trade's times in the file (ISO 8601), null without trades. */
  covers: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  figures: ZTradingFiguresView,
  breaches: z.array(ZBreachView),
  excluded: z.array(ZExcludedView),
  ownership: z.enum(OWNERSHIP),
  flags: z.array(ZStatementFlagView),
  status: z.enum(STATEMENT_STATUSES),
  /** The organiser's reason for a rejection or a disqualification. */
  reason: z.string().nullable(),
  /** Whether this is the entrant's latest upload (the one that counts). */
  latest: z.boolean(),
  createdAt: z.date(),
});
export type TStatementView = z.infer<typeof ZStatementView>;

export const STATEMENT_REASON_MAX = 500;

/** `PATCH /api/statements/{id}` (the organiser): a rejection and a disqualification need a reason. */
export const ZReviewStatementInput = z
  .object({
    statementId: z.number().int().positive(),
    status: z.enum(STATEMENT_DECISIONS, {
      error: 'Choose approved, rejected or disqualified',
    }),
    reason: z.string().trim().max(STATEMENT_REASON_MAX).optional(),
  })
  .refine((v) => v.status === 'approved' || (v.reason ?? '').length > 0, {
    message: 'Say why: the trader reads the reason',
    path: ['reason'],
  });
export type TReviewStatementInput = z.input<typeof ZReviewStatementInput>;

/** One row of a trading contest's board, in the board's order (shared compareTraders). */
export const ZTradingBoardRow = z.object({
  participantId: z.number().int(),
  entrantName: z.string(),
  /** The place among the ranked (shared places tie); null: disqualified or not counted yet. */
  rank: z.number().int().nullable(),
  statementId: z.number().int(),
  status: z.enum(STATEMENT_STATUSES),
  disqualified: z.boolean(),
  figures: ZTradingFiguresView,
  breaches: z.array(ZBreachView),
  /** The counted balance over time, at most BOARD_CURVE_POINTS points. */
  curve: z.array(z.object({ time: z.string(), balance: ZDecimal })),
  uploadedAt: z.date(),
});
export type TTradingBoardRow = z.infer<typeof ZTradingBoardRow>;

export const BOARD_CURVE_POINTS = 60;

export const ZTradingBoard = z.object({
  contestId: z.number().int(),
  metric: z.enum(TRADING_METRICS),
  rows: z.array(ZTradingBoardRow),
});
export type TTradingBoard = z.infer<typeof ZTradingBoard>;
