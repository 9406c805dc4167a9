// Subscriptions (subscriptions.*, issue 33): a plan's period as clients send it, and the plans on
// offer as GET /api/plans answers them.
import { z } from 'zod';
import { PAID_TIERS } from '../payments';
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
