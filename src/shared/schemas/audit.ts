import { z } from 'zod';
import { pageRequestFields, pageResponseFields } from './paging';

const DATE_MESSAGE = 'Use a date like 2026-01-31';
/**
 * A day ('2026-01-31', a UTC day) or an instant ('2026-01-31T00:00:00.000Z'): the client sends
 * the bounds of the admin's own local days, the REST API takes plain dates.
 */
const ZDateBound = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/, DATE_MESSAGE)
  .refine((v) => !Number.isNaN(Date.parse(v)), DATE_MESSAGE);

/** Whether a bound is a whole day rather than an instant. */
export function isDayBound(value: string): boolean {
  return value.length === 10;
}

export const ZListAuditRequestSchema = z
  .object({
    ...pageRequestFields(200, 50),
    action: z.string().trim().max(64).optional(),
    /** Part of the actor's username, any case. */
    actor: z.string().trim().max(50).optional(),
    /** Inclusive bounds: a day bound covers the whole day. */
    from: ZDateBound.optional(),
    to: ZDateBound.optional(),
  })
  .refine((v) => !v.from || !v.to || Date.parse(v.from) <= Date.parse(v.to), {
    message: 'The start date must not be after the end date',
    path: ['to'],
  })
  .default({ page: 1, pageSize: 50 });
export type TListAuditRequest = z.input<typeof ZListAuditRequestSchema>;

export const ZAuditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The target's current name (a user's username, a contest's title); null if none or gone. */
  targetName: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.date(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;

export const ZListAuditResponseSchema = z.object({
  entries: z.array(ZAuditEntrySchema),
  ...pageResponseFields,
});
