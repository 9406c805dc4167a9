// Subscriptions (issue 33): the plans a paid tier is sold in. Bought and renewed through the
// payment proofs (payments.*), each proof naming its plan's period.
import { ZPlansSchema } from '../../../shared/schemas/subscriptions';
import { listPlans } from '../../domain/money';
import { protectedProcedure, router } from '../trpc';

export const subscriptionsRouter = router({
  /** Every plan on offer: `[{ tier, periodDays, priceUsd }]` (GET /api/plans). */
  plans: protectedProcedure.output(ZPlansSchema).query(({ ctx }) => listPlans({ db: ctx.db })),
});
