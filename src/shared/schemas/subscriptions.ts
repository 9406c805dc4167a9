// Subscriptions (subscriptions.*, issue 33): a plan's period as clients send it, and the plans on
// offer as GET /api/plans answers them, the member's own plan and billing history, a receipt.
import { z } from 'zod';
import { TIERS } from '../constants';
import { PAID_TIERS } from '../payments';
import { ZPlainRowId } from './rowId';
import { PAYMENT_NETWORKS } from './settings';
import { PLAN_PERIODS, PLAN_MESSAGES } from '../subscriptions';

/** 30 or 365 days, or 'lifetime' (no end date). */
export const ZPlanPeriod = z.union(
  PLAN_PERIODS.map((period) => z.literal(period)) as [
    z.ZodLiteral<30>,
    z.ZodLiteral<365>,
    z.ZodLiteral<'lifetime'>,
  ],
  { error: PLAN_MESSAGES.period },
);

/** Every plan on offer, tier by tier, shortest first; a plan without a price is left out. */
export const ZPlansSchema = z.array(
  z.object({
    tier: z.enum(PAID_TIERS),
    periodDays: ZPlanPeriod,
    priceUsd: z.number(),
  }),
);
export type TPlans = z.infer<typeof ZPlansSchema>;

/** A plan's days as answers show them: 30 or 365 (or the days an admin gave), or 'lifetime'. */
const ZPeriodShown = z.union([z.number().int(), z.literal('lifetime')]);

/** One verified upgrade in the member's billing history (newest first). */
export const ZBillingEntrySchema = z.object({
  proofId: z.number().int(),
  verifiedAt: z.date(),
  tier: z.enum(TIERS),
  periodDays: ZPeriodShown,
  amountUsd: z.string(),
  /** The unused days of a lower plan taken off the price (USD); null: none. */
  creditUsd: z.string().nullable(),
  amountCoin: z.string(),
  network: z.enum(PAYMENT_NETWORKS),
  txHash: z.string(),
  /** The block explorer's page of the transaction; null when the network has no template. */
  txUrl: z.string().nullable(),
});
export type TBillingEntry = z.infer<typeof ZBillingEntrySchema>;

/** The member's own plan, without its history (subscriptions.plan: the grace banner's read). */
export const ZMyPlanSchema = z.object({
  tier: z.enum(TIERS),
  /** When the plan ends; null: no end date. */
  expiresAt: z.date().nullable(),
  /** Until when the tier is kept after the end (the grace); null without an end. */
  graceEndsAt: z.date().nullable(),
  /** The end has passed and the grace has not: the member is asked to renew. */
  inGrace: z.boolean(),
  /** The plan that starts at the end (a lower tier bought meanwhile), and its days. */
  nextTier: z.enum(TIERS).nullable(),
  nextPeriodDays: ZPeriodShown.nullable(),
});
export type TMyPlan = z.infer<typeof ZMyPlanSchema>;

/** The member's own plan and billing history (subscriptions.mine, GET /api/user/subscription). */
export const ZMySubscriptionSchema = ZMyPlanSchema.extend({
  history: z.array(ZBillingEntrySchema),
});
export type TMySubscription = z.infer<typeof ZMySubscriptionSchema>;

export const ZReceiptRequestSchema = z.object({
  proofId: ZPlainRowId('A payment id is required', 'No payment has that id'),
});

/** What a printable receipt of one verified upgrade shows. */
export const ZReceiptSchema = ZBillingEntrySchema.extend({
  platformName: z.string(),
  username: z.string(),
  email: z.string(),
  /** When the member sent the payment (the proof). */
  submittedAt: z.date(),
  /** The platform's address the coin was sent to, and the member's. */
  walletAddress: z.string(),
  senderAddress: z.string(),
});
export type TReceipt = z.infer<typeof ZReceiptSchema>;
