// Sign in with OpenID Connect: the buttons' providers, the follow-up of a first sign-in (choose
// a username; confirm a link with the password), and the member's sign-in methods. The
// redirects to and from the provider are Express routes (http/oidc.ts).
import { ZUserSchema } from '../../../shared/schemas/auth';
import { ZLoginResponseSchema } from '../../../shared/schemas/twoFactor';
import {
  OIDC_MSG,
  ZChooseUsernameRequestSchema,
  ZConfirmLinkRequestSchema,
  ZOidcFlowResponseSchema,
  ZOidcOkResponseSchema,
  ZOidcProvidersResponseSchema,
  ZSetPasswordRequestSchema,
  ZSignInMethodsResponseSchema,
  ZUnlinkProviderRequestSchema,
  type TOidcFlow,
} from '../../../shared/schemas/oidc';
import { AppError } from '../../platform/errors';
import { providerRef } from '../../domain/accounts/oidc/authorize';
import * as identities from '../../domain/accounts/oidc/identities';
import type { Context } from '../context';
import { protectedProcedure, publicProcedure, router } from '../trpc';
import { countSignup } from './auth';
import { signInOrAskCode, startSession } from '../../domain/accounts';
import { ok, okAfter } from './resolve';

const open = publicProcedure.meta({ access: 'anonymous', openInMaintenance: true });

type Flow = NonNullable<Awaited<ReturnType<Context['oidcFlow']['read']>>>;

/**
 * Completes the flow's pending `stage` (or refuses with 'start again'): `complete` gives the
 * account it leads to, and the flow ends.
 */
async function completeStage<S extends 'username' | 'confirm', U>(
  ctx: Context,
  stage: S,
  complete: (flow: Extract<Flow, { stage: S }>) => Promise<U>,
): Promise<U> {
  const flow = await ctx.oidcFlow.read();
  if (!flow || flow.stage !== stage) throw new AppError('BAD_REQUEST', OIDC_MSG.noFlow);
  const user = await complete(flow as Extract<Flow, { stage: S }>);
  ctx.oidcFlow.clear();
  return user;
}

export const oidcRouter = router({
  /** The providers whose buttons /auth shows: configured, and discovered. */
  providers: open
    .output(ZOidcProvidersResponseSchema)
    .query(({ ctx }) =>
      (ctx.oidc?.list() ?? [])
        .filter((p) => p.client !== undefined)
        .map((p) => ({ id: p.config.id, label: p.config.label })),
    ),

  /** Where this browser's sign-in through a provider stands (what /auth shows after it). */
  flow: open.output(ZOidcFlowResponseSchema).query(async ({ ctx }): Promise<TOidcFlow> => {
    const flow = await ctx.oidcFlow.read();
    if (!flow || flow.stage === 'auth') return null;
    if (flow.stage === 'error')
      return { kind: 'error', message: flow.message, intent: flow.intent };
    const label = ctx.oidc?.get(flow.provider)?.config.label ?? flow.provider;
    if (flow.stage === 'username') {
      return {
        kind: 'username',
        provider: label,
        email: flow.email,
        suggestedUsername: flow.suggested,
      };
    }
    const username = await identities.usernameOf(ctx.db, flow.userId);
    return username ? { kind: 'confirm', provider: label, email: flow.email, username } : null;
  }),

  /** A first sign-in whose username was taken or not valid: the member chooses one. */
  chooseUsername: publicProcedure
    .use(countSignup)
    .input(ZChooseUsernameRequestSchema)
    .output(ZUserSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await completeStage(ctx, 'username', (flow) =>
        identities.createMemberFromIdentity({
          db: ctx.db,
          provider: providerRef(ctx.oidc, flow.provider),
          subject: flow.subject,
          email: flow.email,
          emailVerified: flow.emailVerified,
          username: input.username,
          origin: { ip: ctx.ip, userAgent: ctx.userAgent },
        }),
      );
      return startSession(ctx, user);
    }),

  /** The member whose verified e-mail the provider vouched for links it with their password. */
  confirmLink: open
    .input(ZConfirmLinkRequestSchema)
    .output(ZLoginResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await completeStage(ctx, 'confirm', (flow) =>
        identities.confirmLinkWithPassword({
          db: ctx.db,
          limits: ctx.limits,
          passwords: ctx.passwords,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          device: { secret: ctx.sessionSecret, tokens: ctx.device.tokens },
          provider: providerRef(ctx.oidc, flow.provider),
          pending: flow,
          password: input.password,
        }),
      );
      // The password proved the account; one with two-factor sign-in still gives its code.
      return signInOrAskCode(ctx, user);
    }),

  /** Leaves a sign-in through a provider where it stands (the 'Cancel' of the follow-up). */
  cancel: open.output(ZOidcOkResponseSchema).mutation(({ ctx }) => {
    ctx.oidcFlow.clear();
    return ok;
  }),

  /** Account Settings' 'Sign-in methods'. */
  methods: protectedProcedure
    .output(ZSignInMethodsResponseSchema)
    .query(({ ctx }) =>
      identities.listSignInMethods({ db: ctx.db, registry: ctx.oidc, userId: ctx.user.id }),
    ),

  unlink: protectedProcedure
    .input(ZUnlinkProviderRequestSchema)
    .output(ZOidcOkResponseSchema)
    .mutation(({ ctx, input }) =>
      okAfter(
        identities.unlinkIdentity({ db: ctx.db, actor: ctx.actor, provider: input.provider }),
      ),
    ),

  /** A first password for an account made through a provider (no current one to give). */
  setPassword: protectedProcedure
    .input(ZSetPasswordRequestSchema)
    .output(ZOidcOkResponseSchema)
    .mutation(({ ctx, input }) =>
      okAfter(
        identities.setFirstPassword({
          db: ctx.db,
          actor: ctx.actor,
          sessionId: ctx.user.sessionId,
          passwords: ctx.passwords,
          input,
        }),
      ),
    ),
});
