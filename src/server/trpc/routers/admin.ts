// The admin dashboard's figures (SPEC 2.14, 3 'Admin stats').
import { ZAdminStatsSchema } from '../../../shared/schemas/stats';
import { adminStats } from '../../domain/admin';
import { adminProcedure, router } from '../trpc';

export const adminRouter = router({
  stats: adminProcedure
    .output(ZAdminStatsSchema)
    .query(async ({ ctx }) => adminStats({ db: ctx.db })),
});
