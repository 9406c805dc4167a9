// A contest's final results (issue 30): `get` for whoever may see the contest (404 otherwise);
// `freeze`, `confirm` and `reopen` for its organiser (creator, moderators, admins; others 403
// not_organiser; 409 with the blockers while something keeps the standings open). The rules are in
// domain/results.
import { ZContestRef } from '../../../shared/schemas/tournaments';
import { ZReopenResultsInput, ZResults } from '../../../shared/schemas/results';
import * as results from '../../domain/results';
import { protectedProcedure, router } from '../trpc';
import { inTransaction } from './resolve';

export const resultsRouter = router({
  get: protectedProcedure
    .input(ZContestRef)
    .output(ZResults)
    .query(({ ctx, input }) => results.readResults(ctx.db, ctx.actor, input)),

  freeze: protectedProcedure
    .input(ZContestRef)
    .output(ZResults)
    .mutation(inTransaction(results.freezeResults)),

  confirm: protectedProcedure
    .input(ZContestRef)
    .output(ZResults)
    .mutation(inTransaction(results.confirmResults)),

  reopen: protectedProcedure
    .input(ZReopenResultsInput)
    .output(ZResults)
    .mutation(inTransaction(results.reopenResults)),
});
