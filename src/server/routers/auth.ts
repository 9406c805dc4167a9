import {
  ZLoginRequestSchema,
  ZLogoutResponseSchema,
  ZMeResponseSchema,
  ZRegisterRequestSchema,
  ZUserSchema,
} from '../../shared/schemas/auth';
import * as auth from '../services/auth';
import { toPublicUser } from '../services/users';
import { publicProcedure, router } from '../trpc';
import type { Context } from '../context';
import type { SessionUser } from '../services/users';

async function startSession(ctx: Context, user: SessionUser) {
  ctx.session.userId = user.id;
  ctx.session.sessionVersion = user.sessionVersion;
  await ctx.session.save();
  return toPublicUser(user);
}

export const authRouter = router({
  me: publicProcedure
    .output(ZMeResponseSchema)
    .query(({ ctx }) => (ctx.user ? toPublicUser(ctx.user) : null)),

  login: publicProcedure
    .input(ZLoginRequestSchema)
    .output(ZUserSchema)
    .mutation(async ({ ctx, input }) =>
      startSession(ctx, await auth.login({ db: ctx.db, input, ip: ctx.ip, limiter: ctx.limiter })),
    ),

  register: publicProcedure
    .input(ZRegisterRequestSchema)
    .output(ZUserSchema)
    .mutation(async ({ ctx, input }) =>
      startSession(ctx, await auth.register({ db: ctx.db, input })),
    ),

  logout: publicProcedure.output(ZLogoutResponseSchema).mutation(({ ctx }) => {
    ctx.session.destroy();
    return { success: true as const };
  }),
});
