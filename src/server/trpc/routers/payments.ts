// Payments (PRODUCT.md 'Money', SPEC 2.12): the payment page, proofs, and their review by
// moderators and admins ('Subscriptions & Payments').
import {
  ZMyProofsRequestSchema,
  ZMyProofsResponseSchema,
  ZPaymentOptionsRequestSchema,
  ZPaymentOptionsSchema,
  ZSentProofSchema,
  ZPaymentsChangeRequestSchema,
  ZProofQueueRequestSchema,
  ZProofQueueResponseSchema,
  ZReviewProofRequestSchema,
  ZReviewProofSchema,
  ZSubmitProofRequestSchema,
  ZTierBreakdownSchema,
  ZTierChoiceSchema,
} from '../../../shared/schemas/payments';
import { paymentChanges } from '../../platform/events';
import * as payments from '../../domain/money';
import { tierBreakdown } from '../../domain/admin';
import { moderatorProcedure, protectedProcedure, router } from '../trpc';
import { ownChanges } from './resolve';

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
    .output(ZSentProofSchema)
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

  /**
   * Emits `{ version }` (a tracked event) whenever one of the caller's own payment proofs is
   * sent, verified or rejected: the client reads the join panel's and the payment page's state
   * again. Only ever the caller's own channel.
   */
  onChange: protectedProcedure
    .input(ZPaymentsChangeRequestSchema)
    .subscription(ownChanges(paymentChanges)),

  tierBreakdown: moderatorProcedure
    .output(ZTierBreakdownSchema)
    .query(({ ctx }) => tierBreakdown({ db: ctx.db })),
});
