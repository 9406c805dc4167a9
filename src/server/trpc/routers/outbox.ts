// The admins' Outbox: every message the platform queued, and a retry for failed ones.
import {
  ZListOutboxRequestSchema,
  ZListOutboxResponseSchema,
  ZRetryMailRequestSchema,
  ZRetryMailResponseSchema,
} from '../../../shared/schemas/outbox';
import { listOutbox, retryMail } from '../../domain/messages';
import { adminProcedure, router } from '../trpc';

export const outboxRouter = router({
  list: adminProcedure
    .input(ZListOutboxRequestSchema)
    .output(ZListOutboxResponseSchema)
    .query(async ({ ctx, input }) =>
      listOutbox({ db: ctx.db, ...input, smtpConfigured: !!ctx.mailer?.smtpConfigured }),
    ),

  retry: adminProcedure
    .input(ZRetryMailRequestSchema)
    .output(ZRetryMailResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const message = await retryMail({ db: ctx.db, actor: ctx.actor, id: input.id });
      ctx.mailer?.wake();
      return message;
    }),
});
