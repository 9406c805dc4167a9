// Payments (PRODUCT.md 'Money', SPEC 2.12): the payment page, proofs, and their review by
// moderators and admins ('Subscriptions & Payments').
import {
  ZMyProofsRequestSchema,
  ZMyProofsResponseSchema,
  ZPaymentOptionsRequestSchema,
  ZPaymentOptionsSchema,
  ZPaymentProofSchema,
  ZProofQueueRequestSchema,
  ZProofQueueResponseSchema,
  ZReviewProofRequestSchema,
  ZReviewProofSchema,
  ZSubmitProofRequestSchema,
  ZTierBreakdownSchema,
  ZTierChoiceSchema,
} from '../../shared/schemas/payments';
import * as payments from '../services/payments';
import { tierBreakdown } from '../services/stats';
import { moderatorProcedure, protectedProcedure, router } from '../trpc';

export const paymentsRouter = router({
  options: protectedProcedure
    .input(ZPaymentOptionsRequestSchema)
    .output(ZPaymentOptionsSchema)
    .query(({ ctx, input }) => payments.paymentOptions({ db: ctx.db, actor: ctx.actor, input })),

  /** /payment without a query: the tiers, their prices and what they open. */
  tiers: protectedProcedure
    .output(ZTierChoiceSchema)
    .query(({ ctx }) => payments.tierChoice({ db: ctx.db, actor: ctx.actor })),

  submitProof: protectedProcedure
    .input(ZSubmitProofRequestSchema)
    .output(ZPaymentProofSchema)
    .mutation(({ ctx, input }) => payments.submitProof({ db: ctx.db, actor: ctx.actor, input })),

  myProofs: protectedProcedure
    .input(ZMyProofsRequestSchema)
    .output(ZMyProofsResponseSchema)
    .query(({ ctx, input }) => payments.listMyProofs({ db: ctx.db, actor: ctx.actor, ...input })),

  queue: moderatorProcedure
    .input(ZProofQueueRequestSchema)
    .output(ZProofQueueResponseSchema)
    .query(({ ctx, input }) => payments.listProofQueue({ db: ctx.db, ...input })),

  review: moderatorProcedure
    .input(ZReviewProofRequestSchema)
    .output(ZReviewProofSchema)
    .mutation(({ ctx, input }) => payments.reviewProof({ db: ctx.db, actor: ctx.actor, ...input })),

  tierBreakdown: moderatorProcedure
    .output(ZTierBreakdownSchema)
    .query(({ ctx }) => tierBreakdown({ db: ctx.db })),
});
