import { z } from 'zod';

export const ZListAuditRequestSchema = z
  .object({
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(200).default(50),
    action: z.string().trim().max(64).optional(),
  })
  .default({ page: 1, pageSize: 50 });

export const ZAuditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.date(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;

export const ZListAuditResponseSchema = z.object({
  entries: z.array(ZAuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
