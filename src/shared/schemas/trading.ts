// Trading contests' requests and answers (issue 34): the rules a contest is scored under, as
// `trading.rules` / `GET /api/contests/{id}/trading-rules` show them and `trading.setRules` /
// `PUT` the same path set them.
import { z } from 'zod';
import { ZContestId } from './contestId';
import { ZTradingRulesSchema } from '../trading/rules';

export const SCORING_KINDS = ['manual', 'trading'] as const;
export type ScoringKind = (typeof SCORING_KINDS)[number];

/** Why a trading contest refuses a call (`reason` over REST, `data.reason` over tRPC). */
export const TRADING_REFUSALS = ['not_open_format'] as const;
export type TradingRefusal = (typeof TRADING_REFUSALS)[number];

export const TRADING_RULE_REFUSALS = {
  notOpenFormat:
    'Trading rules need a contest ranked on its leaderboard: choose the Open format first',
  notOrganiser: "Only the contest's organiser, a moderator or an admin sets its trading rules",
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
