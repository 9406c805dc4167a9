// A contest's prize table (issue 30): `get` for whoever may see the contest (404 otherwise),
// `set` for its organiser (creator, moderators, admins; others 403 not_organiser). The rules and
// their refusals are in domain/prizes.
import { ZContestRef } from '../../../shared/schemas/tournaments';
import { ZPrizes, ZSetPrizesInput } from '../../../shared/schemas/prizes';
import * as prizes from '../../domain/prizes';
import { protectedProcedure, router } from '../trpc';
import { inTransaction } from './resolve';

export const prizesRouter = router({
  get: protectedProcedure
    .input(ZContestRef)
    .output(ZPrizes)
    .query(({ ctx, input }) => prizes.readPrizes(ctx.db, ctx.actor, input)),

  set: protectedProcedure
    .input(ZSetPrizesInput)
    .output(ZPrizes)
    .mutation(inTransaction(prizes.setPrizes)),
});
