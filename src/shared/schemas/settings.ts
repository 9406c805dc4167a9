import { z } from 'zod';
import { TIERS } from '../constants';

export const ZPlatformSettingsSchema = z.object({
  siteName: z
    .string({ error: 'Site name is required' })
    .trim()
    .min(1, 'Site name is required')
    .max(100, 'Site name must be at most 100 characters'),
  contactEmail: z
    .string({ error: 'Must be a valid email' })
    .trim()
    .max(254, 'Must be a valid email')
    .pipe(z.email('Must be a valid email')),
  enableRegistration: z.boolean({ error: 'Must be true or false' }),
  maintenanceMode: z.boolean({ error: 'Must be true or false' }),
  defaultUserTier: z.enum(TIERS, {
    error: 'Default tier must be one of free, standard, pro, elite',
  }),
  contestApprovalRequired: z.boolean({ error: 'Must be true or false' }),
});
export type TPlatformSettings = z.infer<typeof ZPlatformSettingsSchema>;

export const DEFAULT_PLATFORM_SETTINGS: TPlatformSettings = {
  siteName: 'Contest Platform',
  contactEmail: 'admin@example.com',
  enableRegistration: true,
  maintenanceMode: false,
  defaultUserTier: 'free',
  contestApprovalRequired: true,
};

/** What every visitor may know about the platform (the sign-in screen and the maintenance page need it). */
export const ZPublicSettingsSchema = ZPlatformSettingsSchema.pick({
  siteName: true,
  contactEmail: true,
  enableRegistration: true,
  maintenanceMode: true,
});
export type TPublicSettings = z.infer<typeof ZPublicSettingsSchema>;
