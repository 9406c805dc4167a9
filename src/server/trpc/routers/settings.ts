import { ZPublicSettingsSchema } from '../../../shared/schemas/settings';
import { getPlatformSettings } from '../../domain/settings';
import { publicProcedure, router } from '../trpc';

export const settingsRouter = router({
  public: publicProcedure
    .meta({ access: 'anonymous', openInMaintenance: true })
    .output(ZPublicSettingsSchema)
    .query(async ({ ctx }) => {
      const { siteName, contactEmail, enableRegistration, maintenanceMode } =
        await getPlatformSettings({
          db: ctx.db,
        });
      return { siteName, contactEmail, enableRegistration, maintenanceMode };
    }),
});
