// Two-factor sign-in in Account Settings (set up, confirm, recovery codes, turn off), and the
// admins' reset. The sign-in step itself is auth.loginTwoFactor.
import {
  ZBeginSetupResponseSchema,
  ZDisableTwoFactorRequestSchema,
  ZEnableTwoFactorRequestSchema,
  ZRecoveryCodesResponseSchema,
  ZRegenerateRecoveryCodesRequestSchema,
  ZResetTwoFactorRequestSchema,
  ZTwoFactorOkSchema,
  ZTwoFactorStatusSchema,
} from '../../../shared/schemas/twoFactor';
import * as twoFactor from '../../domain/accounts/twoFactor';
import { adminProcedure, protectedProcedure, router } from '../trpc';
import type { Context } from '../context';
import { okAfter, type SignedInContext } from './resolve';

type SessionContext = SignedInContext &
  Pick<Context, 'sessionSecret' | 'limits'> & { user: { sessionId: string } };

// What a moderator or admin the platform requires to have it may do before they have it.
const setup = protectedProcedure.meta({ access: 'member', duringTwoFactorSetup: true });

/**
 * What the caller's own two-factor changes take of the request: who they are, the session they
 * keep, the secret their codes are sealed with and the request's limits.
 */
function ownSession(ctx: SessionContext) {
  return {
    db: ctx.db,
    actor: ctx.actor,
    sessionId: ctx.user.sessionId,
    sessionSecret: ctx.sessionSecret,
    limits: ctx.limits,
  };
}

export const twoFactorRouter = router({
  status: setup
    .output(ZTwoFactorStatusSchema)
    .query(async ({ ctx }) => twoFactor.getTwoFactorStatus({ db: ctx.db, user: ctx.user })),

  beginSetup: setup
    .output(ZBeginSetupResponseSchema)
    .mutation(async ({ ctx }) =>
      twoFactor.beginSetup({ db: ctx.db, actor: ctx.actor, sessionSecret: ctx.sessionSecret }),
    ),

  enable: setup
    .input(ZEnableTwoFactorRequestSchema)
    .output(ZRecoveryCodesResponseSchema)
    .mutation(async ({ ctx, input }) => ({
      recoveryCodes: await twoFactor.enableTwoFactor({ ...ownSession(ctx), code: input.code }),
    })),

  regenerateRecoveryCodes: protectedProcedure
    .input(ZRegenerateRecoveryCodesRequestSchema)
    .output(ZRecoveryCodesResponseSchema)
    .mutation(async ({ ctx, input }) => ({
      recoveryCodes: await twoFactor.regenerateRecoveryCodes({
        ...ownSession(ctx),
        code: input.code,
      }),
    })),

  disable: protectedProcedure
    .input(ZDisableTwoFactorRequestSchema)
    .output(ZTwoFactorOkSchema)
    .mutation(({ ctx, input }) =>
      okAfter(
        twoFactor.disableTwoFactor({
          ...ownSession(ctx),
          passwords: ctx.passwords,
          password: input.password,
          code: input.code,
        }),
      ),
    ),

  /** An admin clears a member's two-factor sign-in (lost phone and codes); audited. */
  reset: adminProcedure
    .input(ZResetTwoFactorRequestSchema)
    .output(ZTwoFactorOkSchema)
    .mutation(({ ctx, input }) =>
      okAfter(twoFactor.resetTwoFactor({ db: ctx.db, actor: ctx.actor, userId: input.id })),
    ),
});
