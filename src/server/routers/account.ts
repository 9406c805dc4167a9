// A member's own account (SPEC 2.11).
import { ZUserSchema } from '../../shared/schemas/auth';
import {
  ZChangePasswordRequestSchema,
  ZChangePasswordResponseSchema,
  ZGetPaymentRequestSchema,
  ZPaymentSettingsResponseSchema,
  ZUpdatePaymentRequestSchema,
  ZUpdateProfileRequestSchema,
} from '../../shared/schemas/account';
import * as account from '../services/account';
import { AppError } from '../services/errors';
import { bumpSessionVersion } from '../services/users';
import { protectedProcedure, router } from '../trpc';

export const accountRouter = router({
  updateProfile: protectedProcedure
    .input(ZUpdateProfileRequestSchema)
    .output(ZUserSchema)
    .mutation(({ ctx, input }) =>
      account.updateProfile({ db: ctx.db, userId: ctx.user.id, input }),
    ),

  changePassword: protectedProcedure
    .input(ZChangePasswordRequestSchema)
    .output(ZChangePasswordResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const version = await account.changePassword({ db: ctx.db, userId: ctx.user.id, input });
      // Other sessions end; this one carries on with the new version.
      ctx.session.sessionVersion = version;
      await ctx.session.save();
      return { success: true as const };
    }),

  /** 'Log out everywhere else': every other session of this member ends; this one stays. */
  endOtherSessions: protectedProcedure
    .output(ZChangePasswordResponseSchema)
    .mutation(async ({ ctx }) => {
      ctx.session.sessionVersion = bumpSessionVersion({ db: ctx.db, id: ctx.user.id });
      await ctx.session.save();
      return { success: true as const };
    }),

  getPayment: protectedProcedure
    .input(ZGetPaymentRequestSchema)
    .output(ZPaymentSettingsResponseSchema)
    .query(({ ctx, input }) => {
      const userId = input?.userId ?? ctx.user.id;
      // Admins see payout methods when paying out winnings; members only their own.
      if (userId !== ctx.user.id && ctx.user.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'You can only view your own payment settings');
      }
      return account.getPaymentSettings({ db: ctx.db, userId });
    }),

  updatePayment: protectedProcedure
    .input(ZUpdatePaymentRequestSchema)
    .output(ZPaymentSettingsResponseSchema.unwrap())
    .mutation(({ ctx, input }) => {
      const { userId, ...settings } = input;
      if (userId !== ctx.user.id) {
        throw new AppError('FORBIDDEN', 'You can only change your own payment settings');
      }
      return account.savePaymentSettings({ db: ctx.db, userId, input: settings });
    }),
});
