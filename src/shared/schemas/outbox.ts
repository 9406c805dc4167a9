// The admins' Outbox: every message the platform queued, newest first.
import { z } from 'zod';
import { ZPlainRowId } from './rowId';
import { MAIL_KINDS, MAIL_STATUSES } from '../mail';
import { pageRequestFields, pageResponseFields } from './paging';

export const ZListOutboxRequestSchema = z
  .object({
    ...pageRequestFields(100, 20),
    status: z
      .enum(MAIL_STATUSES, { error: `Status must be one of ${MAIL_STATUSES.join(', ')}` })
      .optional(),
    /** Part of the recipient's address, any letter case. */
    search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  })
  .default({ page: 1, pageSize: 20 });
export type TListOutboxRequest = z.input<typeof ZListOutboxRequestSchema>;

export const ZOutboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** The plain-text part: what an admin reads (the HTML part says the same). */
  text: z.string(),
  kind: z.enum(MAIL_KINDS),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.date(),
  lastError: z.string().nullable(),
  userId: z.number().int().nullable(),
  createdAt: z.date(),
  sentAt: z.date().nullable(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessageSchema>;

export const ZListOutboxResponseSchema = z.object({
  items: z.array(ZOutboxMessageSchema),
  ...pageResponseFields,
  /** Whether SMTP_URL is set: without it, messages stay here (status 'outbox'). */
  smtpConfigured: z.boolean(),
});
export type TListOutboxResponse = z.infer<typeof ZListOutboxResponseSchema>;

export const ZRetryMailRequestSchema = z.object({
  id: ZPlainRowId('Message id is required', 'No message has that id'),
});
export const ZRetryMailResponseSchema = ZOutboxMessageSchema;

export const OUTBOX_MESSAGES = {
  notFound: 'Message not found',
  notFailed: 'Only a failed message can be sent again',
  retried: 'Message queued again',
} as const;
