// Trading contests (issue 34): the rules a contest is scored under, read by whoever may see the
// contest and set by its organiser (creator, moderators, admins; others 403 not_organiser) on an
// Open contest (409 not_open_format otherwise; 409 contest_completed once completed); the board,
// read by whoever may see the contest; the traders' statements (the upload itself is a multipart
// Express path, http/tradingStatementFiles.ts), their ownership code and the organiser's review.
// All of it is in domain/trading.
import { ZContestRef } from '../../../shared/schemas/tournaments';
import {
  ZReviewStatementInput,
  ZSetTradingRulesInput,
  ZStatementView,
  ZTradingBoard,
  ZTradingRulesView,
} from '../../../shared/schemas/trading';
import {
  ZOwnershipCode,
  ZStatementDetail,
  ZStatementList,
  ZStatementListInput,
  ZStatementRead,
} from '../../../shared/schemas/tradingStatements';
import {
  listStatements,
  ownershipCode,
  readStatement,
  readTradingRules,
  reviewStatement,
  saveTradingRules,
  tradingBoard,
} from '../../domain/trading';
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
  /** The caller's entrant's one-time code (made on first read; 403 not_participant). */
  ownershipCode: protectedProcedure
    .input(ZContestRef)
    .output(ZOwnershipCode)
    .query(({ ctx, input }) => ownershipCode(ctx.db, ctx.actor, input.contestId)),
  /** A contest's statements: organisers all (or theirs with `mine`), traders their entrant's. */
  statements: protectedProcedure
    .input(ZStatementListInput)
    .output(ZStatementList)
    .query(({ ctx, input }) => listStatements(ctx.db, ctx.actor, input)),
  /** One statement with its parsed trades, paged (404 for a row the caller may not read). */
  statement: protectedProcedure
    .input(ZStatementRead)
    .output(ZStatementDetail)
    .query(({ ctx, input }) => readStatement(ctx, ctx.actor, input)),
  /** The organiser approves, rejects or disqualifies the entrant's latest statement. */
  reviewStatement: protectedProcedure
    .input(ZReviewStatementInput)
    .output(ZStatementView)
    .mutation(({ ctx, input }) => reviewStatement(ctx.db, ctx.actor, input)),
});
