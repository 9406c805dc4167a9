// Password reset and e-mail verification (issue 20): the links mailed to a member, and what
// opening them does.
import { z } from 'zod';
import {
  ACCOUNT_LINK_MESSAGES as M,
  ZForgotPasswordRequestSchema,
  ZMessageResponseSchema,
  ZResetPasswordRequestSchema,
  ZVerifyEmailRequestSchema,
  ZVerifyEmailResponseSchema,
} from '../../../shared/schemas/accountLinks';
import { requestPasswordReset, resetPassword } from '../../domain/accounts/passwordReset';
import { resendVerification, verifyEmail } from '../../domain/accounts/emailVerification';
import { protectedProcedure, publicProcedure, router } from '../trpc';

// Reachable during maintenance: an admin who forgot their password gets back in then too.
const open = publicProcedure.meta({ access: 'anonymous', openInMaintenance: true });

export const passwordRouter = router({
  /** POST /api/password/forgot: the same answer whether or not an account matches. */
  forgot: open
    .input(ZForgotPasswordRequestSchema)
    .output(ZMessageResponseSchema)
    .mutation(async ({ ctx, input }) => {
      // Answers before the account is looked up (known or not: the same path and time).
      await requestPasswordReset({
        db: ctx.db,
        limits: ctx.limits,
        ip: ctx.ip,
        identifier: input.identifier,
        origin: ctx.origin,
        onQueued: () => ctx.mailer?.wake(),
        onError: (error) => ctx.logger.error({ err: error }, 'password reset mail not queued'),
      });
      return { success: true as const, message: M.forgotSent };
    }),

  /** POST /api/password/reset: a new password from a reset link. */
  reset: open
    .input(ZResetPasswordRequestSchema)
    .output(ZMessageResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await resetPassword({
        db: ctx.db,
        limits: ctx.limits,
        passwords: ctx.passwords,
        token: input.token,
        password: input.password,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      });
      return { success: true as const, message: M.passwordReset };
    }),
});

export const emailRouter = router({
  /** POST /api/email/verify: opens a verification link (signed in or not: the link is the proof). */
  verify: publicProcedure
    .input(ZVerifyEmailRequestSchema)
    .output(ZVerifyEmailResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { email } = await verifyEmail({ db: ctx.db, token: input.token });
      return { success: true as const, message: M.emailVerified, email };
    }),

  /** Sends the member's verification link again (Account Settings, a refused join). */
  resend: protectedProcedure
    .input(z.void())
    .output(ZMessageResponseSchema)
    .mutation(async ({ ctx }) => {
      await resendVerification({
        db: ctx.db,
        limits: ctx.limits,
        actor: ctx.actor,
        origin: ctx.origin,
      });
      ctx.mailer?.wake();
      return { success: true as const, message: M.verificationSent };
    }),
});
