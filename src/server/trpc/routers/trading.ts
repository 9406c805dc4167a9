// Trading contests (issue 34): the rules a contest is scored under, read by whoever may see the
// contest and set by its organiser (creator, moderators, admins; others 403 not_organiser) on an
// Open contest (409 not_open_format otherwise; 409 contest_completed once completed); and the
// board, read by whoever may see the contest. The rules and the board are in domain/trading.
import { ZContestRef } from '../../../shared/schemas/tournaments';
import {
  ZSetTradingRulesInput,
  ZTradingBoard,
  ZTradingRulesView,
} from '../../../shared/schemas/trading';
import { readTradingRules, saveTradingRules, tradingBoard } from '../../domain/trading';
import { protectedProcedure, router } from '../trpc';

export const tradingRouter = router({
  /** The contest's scoring ('manual' or 'trading'), its rules and each in words. */
  rules: protectedProcedure
    .input(ZContestRef)
    .output(ZTradingRulesView)
    .query(({ ctx, input }) => readTradingRules(ctx.db, ctx.actor, input.contestId)),
  /** Sets the rules; the contest becomes a trading contest; every statement is scored again. */
  setRules: protectedProcedure
    .input(ZSetTradingRulesInput)
    .output(ZTradingRulesView)
    .mutation(({ ctx, input }) =>
      saveTradingRules(ctx.db, ctx.actor, input, { privateDir: ctx.privateDir }),
    ),
  /** Each entrant's counting statement in the board's order, with places and figures. */
  board: protectedProcedure
    .input(ZContestRef)
    .output(ZTradingBoard)
    .query(({ ctx, input }) => tradingBoard(ctx.db, ctx.actor, input.contestId)),
});
