// Trading contests (issue 34): the rules a contest is scored under, read by whoever may see the
// contest and set by its organiser (creator, moderators, admins; others 403 not_organiser) on an
// Open contest (409 not_open_format otherwise). The rules are in domain/trading.
import { ZContestRef } from '../../../shared/schemas/tournaments';
import { ZSetTradingRulesInput, ZTradingRulesView } from '../../../shared/schemas/trading';
import { readTradingRules, saveTradingRules } from '../../domain/trading';
import { protectedProcedure, router } from '../trpc';

export const tradingRouter = router({
  /** The contest's scoring ('manual' or 'trading'), its rules and each in words. */
  rules: protectedProcedure
    .input(ZContestRef)
    .output(ZTradingRulesView)
    .query(({ ctx, input }) => readTradingRules(ctx.db, ctx.actor, input.contestId)),
  /** Sets the rules; the contest becomes a trading contest. */
  setRules: protectedProcedure
    .input(ZSetTradingRulesInput)
    .output(ZTradingRulesView)
    .mutation(({ ctx, input }) => saveTradingRules(ctx.db, ctx.actor, input)),
});
