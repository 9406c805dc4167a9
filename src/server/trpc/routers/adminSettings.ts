// Platform settings (SPEC 2.16) and payment configuration: admins only.
import { z } from 'zod';
import {
  ZPaymentConfigSchema,
  ZPlatformSettingsSchema,
  ZUpdatePlatformSettingsRequestSchema,
} from '../../../shared/schemas/settings';
import { ZListAuditRequestSchema, ZListAuditResponseSchema } from '../../../shared/schemas/audit';
import { listAudit } from '../../domain/audit';
import * as settings from '../../domain/settings';
import { adminProcedure, router } from '../trpc';

export const adminSettingsRouter = router({
  get: adminProcedure
    .input(z.void())
    .output(ZPlatformSettingsSchema)
    .query(async ({ ctx }) => settings.getPlatformSettings({ db: ctx.db })),

  update: adminProcedure
    .input(ZUpdatePlatformSettingsRequestSchema)
    .output(ZPlatformSettingsSchema)
    .mutation(async ({ ctx, input }) =>
      settings.updatePlatformSettings({ db: ctx.db, actor: ctx.actor, input }),
    ),

  getPayments: adminProcedure
    .input(z.void())
    .output(ZPaymentConfigSchema)
    .query(async ({ ctx }) => settings.getPaymentConfig({ db: ctx.db })),

  updatePayments: adminProcedure
    .input(ZPaymentConfigSchema)
    .output(ZPaymentConfigSchema)
    .mutation(async ({ ctx, input }) =>
      settings.updatePaymentConfig({ db: ctx.db, actor: ctx.actor, input }),
    ),
});

export const auditRouter = router({
  list: adminProcedure
    .input(ZListAuditRequestSchema)
    .output(ZListAuditResponseSchema)
    .query(async ({ ctx, input }) => listAudit({ db: ctx.db, ...input })),
});
