import {
  ZLoginRequestSchema,
  ZLogoutResponseSchema,
  ZMeResponseSchema,
  ZRegisterRequestSchema,
  ZSignedInUserSchema,
  ZUserSchema,
} from '../../../shared/schemas/auth';
import {
  ZLoginResponseSchema,
  ZTwoFactorSignInRequestSchema,
} from '../../../shared/schemas/twoFactor';
import type { Context } from '../context';
import * as auth from '../../domain/accounts/auth';
import * as twoFactor from '../../domain/accounts/twoFactor';
import { issueDeviceToken } from '../../domain/accounts/devices';
import { trustDevice, type UnlockOffer } from '../../domain/accounts/deviceUnlock';
import {
  ACCOUNT_LINK_MESSAGES as LINK_MSG,
  ZTrustDeviceRequestSchema,
  ZTrustDeviceResponseSchema,
} from '../../../shared/schemas/accountLinks';
import { deleteSession } from '../../domain/accounts/sessions';
import { signInOrAskCode, startSession } from '../../domain/accounts';
import { getUser, toPublicUser } from '../../domain/accounts/users';
import { AppError } from '../../platform/errors';
import { MSG } from '../../../shared/messages';
import { middleware, publicProcedure, router } from '../trpc';

/** How a sign-in step locked for this browser offers the unlock link (deviceUnlock.ts). */
function unlockOffer(ctx: Context): UnlockOffer {
  return {
    origin: ctx.origin,
    onQueued: () => ctx.mailer?.wake(),
    onError: (error) => ctx.logger.error({ err: error }, 'unlock link not queued'),
  };
}

// Before the input is even parsed: over the limit, every attempt answers 429, whatever it holds.
export const countSignup = middleware(async ({ ctx, next }) => {
  await auth.countSignup({ ip: ctx.ip, limits: ctx.limits });
  return next();
});

const open = publicProcedure.meta({ access: 'anonymous', openInMaintenance: true });

export const authRouter = router({
  me: open.output(ZMeResponseSchema).query(async ({ ctx }) => {
    if (!ctx.user) return null;
    const user = toPublicUser(ctx.user);
    // Said only when true: a member's answer stays as it always was.
    return (await twoFactor.twoFactorSetupRequired({ db: ctx.db, user }))
      ? { ...user, twoFactorSetupRequired: true }
      : user;
  }),

  /**
   * The password step. An account with two-factor sign-in gets no session yet: the answer is
   * `{ twoFactorRequired: true }` and this browser's cookie names a pending sign-in, which
   * `loginTwoFactor` completes with a code within five minutes (REST: POST /api/login/2fa).
   */
  login: open
    .input(ZLoginRequestSchema)
    .output(ZLoginResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await auth.login({
        db: ctx.db,
        input,
        ip: ctx.ip,
        limits: ctx.limits,
        passwords: ctx.passwords,
        device: { secret: ctx.sessionSecret, tokens: ctx.device.tokens },
        unlock: unlockOffer(ctx),
      });
      return signInOrAskCode(ctx, user);
    }),

  /**
   * An unlock link opened in a browser: that browser becomes a known device of the account, let
   * past its lock-out. Nobody is signed in (REST: POST /api/login/trust-device).
   */
  trustDevice: open
    .input(ZTrustDeviceRequestSchema)
    .output(ZTrustDeviceResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { userId, username } = await trustDevice({ db: ctx.db, token: input.token });
      ctx.device.remember(issueDeviceToken(ctx.sessionSecret, userId));
      return { success: true as const, message: LINK_MSG.deviceTrusted, username };
    }),

  /** The code step: a code from the app or a recovery code, on the cookie the password step set. */
  loginTwoFactor: open
    .input(ZTwoFactorSignInRequestSchema)
    .output(ZSignedInUserSchema)
    .mutation(async ({ ctx, input }) => {
      const { userId } = await twoFactor.completePendingSignIn({
        db: ctx.db,
        pendingId: ctx.cookie.id,
        code: input.code,
        username: input.username,
        ip: ctx.ip,
        limits: ctx.limits,
        sessionSecret: ctx.sessionSecret,
        deviceTokens: ctx.device.tokens,
        unlock: unlockOffer(ctx),
      });
      const user = await getUser({ db: ctx.db, id: userId });
      if (!user) throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);
      return startSession(ctx, user);
    }),

  register: publicProcedure
    .use(countSignup)
    .input(ZRegisterRequestSchema)
    .output(ZUserSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await auth.register({
        db: ctx.db,
        input,
        passwords: ctx.passwords,
        origin: ctx.origin,
      });
      // Its verification link is queued: the sender need not wait for its next round.
      ctx.mailer?.wake();
      return startSession(ctx, user);
    }),

  logout: open.output(ZLogoutResponseSchema).mutation(async ({ ctx }) => {
    // The row goes, so this cookie stops working everywhere at once, copies included.
    if (twoFactor.isPendingSignInId(ctx.cookie.id)) {
      await twoFactor.cancelPendingSignIn({ db: ctx.db, id: ctx.cookie.id! });
    } else if (ctx.cookie.id) await deleteSession({ db: ctx.db, sessionId: ctx.cookie.id });
    ctx.cookie.clear();
    return { success: true as const };
  }),
});
