// 'Remove demo data' on the admin dashboard (issue 18): the preview and the removal, admins only.
import {
  ZDemoPlanSchema,
  ZRemoveDemoDataRequestSchema,
  ZRemoveDemoDataResponseSchema,
} from '../../../shared/schemas/demoData';
import { previewDemoRemoval, removeDemoData } from '../../domain/admin';
import { adminProcedure, router } from '../trpc';

export const adminDemoRouter = router({
  preview: adminProcedure
    .output(ZDemoPlanSchema)
    .query(async ({ ctx }) => previewDemoRemoval({ db: ctx.db })),

  remove: adminProcedure
    .input(ZRemoveDemoDataRequestSchema)
    .output(ZRemoveDemoDataResponseSchema)
    .mutation(async ({ ctx, input }) =>
      removeDemoData({ db: ctx.db, actor: ctx.actor, token: input.token }),
    ),
});
