import {
  ZLoginRequestSchema,
  ZLogoutResponseSchema,
  ZMeResponseSchema,
  ZRegisterRequestSchema,
  ZUserSchema,
} from '../../../shared/schemas/auth';
import type { TUser } from '../../../shared/schemas/auth';
import type { Context } from '../context';
import * as auth from '../../domain/accounts/auth';
import { issueDeviceToken } from '../../domain/accounts/devices';
import { createSession, deleteSession } from '../../domain/accounts/sessions';
import { toPublicUser } from '../../domain/accounts/users';
import { middleware, publicProcedure, router } from '../trpc';

/**
 * Signs the user in on this request: a new session row, the cookie that names it, and a device
 * cookie that lets this browser past the account's sign-in lock-out from now on.
 */
export async function startSession(ctx: Context, user: TUser): Promise<TUser> {
  const id = await createSession({
    db: ctx.db,
    userId: user.id,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    replaces: ctx.cookie.id,
  });
  await ctx.cookie.set(id);
  ctx.device.remember(issueDeviceToken(ctx.sessionSecret, user.id));
  return user;
}

// Before the input is even parsed: over the limit, every attempt answers 429, whatever it holds.
export const countSignup = middleware(async ({ ctx, next }) => {
  await auth.countSignup({ ip: ctx.ip, limits: ctx.limits });
  return next();
});

const open = publicProcedure.meta({ access: 'anonymous', openInMaintenance: true });

export const authRouter = router({
  me: open.output(ZMeResponseSchema).query(({ ctx }) => (ctx.user ? toPublicUser(ctx.user) : null)),

  login: open
    .input(ZLoginRequestSchema)
    .output(ZUserSchema)
    .mutation(async ({ ctx, input }) =>
      startSession(
        ctx,
        await auth.login({
          db: ctx.db,
          input,
          ip: ctx.ip,
          limits: ctx.limits,
          passwords: ctx.passwords,
          device: { secret: ctx.sessionSecret, tokens: ctx.device.tokens },
        }),
      ),
    ),

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
    if (ctx.cookie.id) await deleteSession({ db: ctx.db, sessionId: ctx.cookie.id });
    ctx.cookie.clear();
    return { success: true as const };
  }),
});
