// The signed-in member's own figures: the dashboard cards and activity, and /analytics.
import { ZAnalyticsSchema, ZDashboardSchema } from '../../../shared/schemas/stats';
import { memberAnalytics, memberDashboard } from '../../domain/admin';
import { protectedProcedure, router } from '../trpc';

export const meRouter = router({
  dashboard: protectedProcedure
    .output(ZDashboardSchema)
    .query(async ({ ctx }) => await memberDashboard({ db: ctx.db, userId: ctx.actor.id })),

  analytics: protectedProcedure
    .output(ZAnalyticsSchema)
    .query(async ({ ctx }) => await memberAnalytics({ db: ctx.db, userId: ctx.actor.id })),
});
