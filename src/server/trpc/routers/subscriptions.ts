// Subscriptions (issue 33): the plans a paid tier is sold in, bought and renewed through the
// payment proofs (payments.*), each proof naming its plan's period; the member's own plan,
// billing history and receipts.
import {
  ZMyPlanSchema,
  ZMySubscriptionSchema,
  ZPlansSchema,
  ZReceiptRequestSchema,
  ZReceiptSchema,
} from '../../../shared/schemas/subscriptions';
import { listPlans } from '../../domain/money';
import { myPlan, myReceipt, mySubscription } from '../../domain/subscriptions';
import { protectedProcedure, router } from '../trpc';

export const subscriptionsRouter = router({
  /** Every plan on offer: `[{ tier, periodDays, priceUsd }]` (GET /api/plans). */
  plans: protectedProcedure.output(ZPlansSchema).query(({ ctx }) => listPlans({ db: ctx.db })),
  /** The caller's plan, its end and grace, the next plan (no history: every screen's banner). */
  plan: protectedProcedure
    .output(ZMyPlanSchema)
    .query(({ ctx }) => myPlan({ db: ctx.db, userId: ctx.user.id })),
  /** The caller's plan, its end and grace, the next plan, the billing history. */
  mine: protectedProcedure
    .output(ZMySubscriptionSchema)
    .query(({ ctx }) => mySubscription({ db: ctx.db, userId: ctx.user.id })),
  /** One verified upgrade of the caller's as a printable receipt (not found for anything else). */
  receipt: protectedProcedure
    .input(ZReceiptRequestSchema)
    .output(ZReceiptSchema)
    .query(({ ctx, input }) =>
      myReceipt({ db: ctx.db, userId: ctx.user.id, proofId: input.proofId }),
    ),
});
