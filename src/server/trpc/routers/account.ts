// A member's own account (SPEC 2.11): profile, password, sessions, payout method.
import { ZUserSchema } from '../../../shared/schemas/auth';
import {
  ZChangePasswordRequestSchema,
  ZChangePasswordResponseSchema,
  ZGetPaymentRequestSchema,
  ZListSessionsResponseSchema,
  ZPaymentSettingsResponseSchema,
  ZRevokeSessionRequestSchema,
  ZUpdatePaymentRequestSchema,
  ZUpdateProfileRequestSchema,
} from '../../../shared/schemas/account';
import * as account from '../../domain/accounts/account';
import * as sessions from '../../domain/accounts/sessions';
import { protectedProcedure, router } from '../trpc';
import { okAfter } from './resolve';

export const accountRouter = router({
  updateProfile: protectedProcedure
    .input(ZUpdateProfileRequestSchema)
    .output(ZUserSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await account.updateProfile({
        db: ctx.db,
        actor: ctx.actor,
        input,
        origin: ctx.origin,
      });
      // A new address gets its verification link now, not at the sender's next round.
      if (!user.emailVerifiedAt) ctx.mailer?.wake();
      return user;
    }),

  // The one thing a member with a temporary password may do (besides me and logout).
  changePassword: protectedProcedure
    .meta({ access: 'member', duringPasswordChange: true, duringTwoFactorSetup: true })
    .input(ZChangePasswordRequestSchema)
    .output(ZChangePasswordResponseSchema)
    // Other sessions end; this one carries on.
    .mutation(({ ctx, input }) =>
      okAfter(
        account.changePassword({
          db: ctx.db,
          actor: ctx.actor,
          sessionId: ctx.user.sessionId,
          limits: ctx.limits,
          passwords: ctx.passwords,
          input,
        }),
      ),
    ),

  listSessions: protectedProcedure
    .output(ZListSessionsResponseSchema)
    .query(async ({ ctx }) =>
      sessions.listUserSessions({ db: ctx.db, userId: ctx.user.id, currentId: ctx.user.sessionId }),
    ),

  revokeSession: protectedProcedure
    .input(ZRevokeSessionRequestSchema)
    .output(ZChangePasswordResponseSchema)
    .mutation(({ ctx, input }) =>
      okAfter(sessions.revokeOwnSession({ db: ctx.db, userId: ctx.user.id, publicId: input.id })),
    ),

  /** 'Log out other sessions': every other session of this member ends; this one stays. */
  endOtherSessions: protectedProcedure.output(ZChangePasswordResponseSchema).mutation(({ ctx }) =>
    okAfter(
      sessions.deleteUserSessions({
        db: ctx.db,
        userId: ctx.user.id,
        exceptId: ctx.user.sessionId,
      }),
    ),
  ),

  getPayment: protectedProcedure
    .input(ZGetPaymentRequestSchema)
    .output(ZPaymentSettingsResponseSchema)
    .query(async ({ ctx, input }) =>
      account.getPaymentSettings({ db: ctx.db, actor: ctx.actor, userId: input?.userId }),
    ),

  updatePayment: protectedProcedure
    .input(ZUpdatePaymentRequestSchema)
    .output(ZPaymentSettingsResponseSchema.unwrap())
    .mutation(async ({ ctx, input }) => {
      const { userId, ...settings } = input;
      return account.savePaymentSettings({ db: ctx.db, actor: ctx.actor, userId, input: settings });
    }),
});
