import { z } from 'zod';
import { ZPage, ZPageSize } from './paging';

export const ZListAuditRequestSchema = z
  .object({
    page: ZPage.default(1),
    pageSize: ZPageSize(200).default(50),
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
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.date(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;

export const ZListAuditResponseSchema = z.object({
  entries: z.array(ZAuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
