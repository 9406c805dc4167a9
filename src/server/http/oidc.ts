// GET /api/auth/oidc/:provider/start and /callback: the browser's trip to an OpenID provider
// and back (redirects, so they are Express routes rather than rows of the JSON REST table). What
// a callback cannot finish by itself (a username to choose, a link to confirm) or refuses is
// left in the flow cookie and said on /auth (or in Account Settings for a link).
import express, { type Request, type Response, type Router } from 'express';
import { OIDC_MSG } from '../../shared/schemas/oidc';
import { DEFAULT_RETURN_PATH, RETURN_PARAM, safeReturnPath } from '../../shared/returnPath';
import { AppError } from '../platform/errors';
import { labelRoute } from '../platform/metrics';
import { countSignup } from '../domain/accounts/auth';
import {
  beginAuthorization,
  callbackUrl,
  finishAuthorization,
  providerRef,
} from '../domain/accounts/oidc/authorize';
import { linkToMember, resolveSignIn } from '../domain/accounts/oidc/identities';
import { getUser, assertPasswordChosen } from '../domain/accounts/users';
import { signInOrAskCode } from '../domain/accounts';
import { createContext, type AppDeps, type Context } from '../trpc/context';
import { sendError } from './errorResponse';
import { EXPRESS_PATHS } from './expressPaths';

const START = EXPRESS_PATHS.oidcStart.path;
const CALLBACK = EXPRESS_PATHS.oidcCallback.path;

/** Where each kind of outcome is shown. */
const SIGN_IN_PAGE = '/auth';
const SETTINGS_PAGE = '/settings';

/**
 * /auth with what it should show (`?oidc=...`, `?twoFactor=...`) and the page the sign-in
 * returns to afterwards, which the page reads from `?next=` as after a password sign-in.
 */
function signInPage(params: Record<string, string>, returnTo: string | undefined): string {
  const query = new URLSearchParams(params);
  if (returnTo) query.set(RETURN_PARAM, returnTo);
  return `${SIGN_IN_PAGE}?${query.toString()}`;
}

function ownOrigin(deps: AppDeps, req: Request): string {
  return deps.publicOrigin ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/** A refusal said on the page the flow came from. */
async function refuse(
  ctx: Context,
  res: Response,
  error: unknown,
  intent: 'signin' | 'link',
  label: string | undefined,
  returnTo?: string,
) {
  let message: string;
  if (error instanceof AppError) message = error.message;
  else {
    ctx.logger.error({ err: error }, 'OpenID sign-in failed');
    message = label ? OIDC_MSG.failed(label) : OIDC_MSG.noFlow;
  }
  await ctx.oidcFlow.write({ stage: 'error', message, intent });
  res.redirect(
    303,
    intent === 'link' ? `${SETTINGS_PAGE}?oidc=error` : signInPage({ oidc: 'error' }, returnTo),
  );
}

export function createOidcRouter(deps: AppDeps): Router {
  const router = express.Router();

  router.get(START, async (req: Request, res: Response) => {
    labelRoute(res, `GET ${START}`);
    const provider = String(req.params.provider);
    const intent = req.query.link === '1' ? 'link' : 'signin';
    // The page to come back to after a sign-in: kept in the sealed flow across the provider.
    const returnTo =
      intent === 'signin' ? (safeReturnPath(req.query[RETURN_PARAM]) ?? undefined) : undefined;
    let ctx: Context | undefined;
    try {
      ctx = await createContext(deps, req, res);
      // An unknown provider is a 404, as any path that names nothing.
      const ref = providerRef(deps.oidc, provider);
      try {
        if (intent === 'link') {
          if (!ctx.user) throw new AppError('UNAUTHORIZED', OIDC_MSG.linkSignedOut(ref.label));
          assertPasswordChosen(ctx.user);
        }
        const { url, flow } = await beginAuthorization({
          registry: deps.oidc,
          provider,
          redirectUri: callbackUrl(ownOrigin(deps, req), provider),
          intent,
          userId: ctx.user?.id,
          returnTo,
        });
        await ctx.oidcFlow.write(flow);
        res.redirect(303, url);
      } catch (error) {
        const shownOn = intent === 'link' && ctx.user ? 'link' : 'signin';
        await refuse(ctx, res, error, shownOn, ref.label, returnTo);
      }
    } catch (error) {
      sendError(res, error, deps);
    }
  });

  router.get(CALLBACK, async (req: Request, res: Response) => {
    labelRoute(res, `GET ${CALLBACK}`);
    let ctx: Context | undefined;
    try {
      ctx = await createContext(deps, req, res);
    } catch (error) {
      return sendError(res, error, deps);
    }
    const flow = await ctx.oidcFlow.read();
    const auth = flow?.stage === 'auth' ? flow : undefined;
    const intent = auth?.intent ?? 'signin';
    // Checked again: the flow is sealed, but the rule is one function on every path.
    const returnTo = safeReturnPath(auth?.returnTo) ?? undefined;
    const label = deps.oidc?.get(String(req.params.provider))?.config.label;
    try {
      // A callback with no flow of this browser behind it (expired, another browser's, a
      // second use) is refused before the provider's answer is looked at.
      if (!auth || auth.provider !== req.params.provider) {
        throw new AppError('no_flow', OIDC_MSG.noFlow);
      }
      const query = req.originalUrl.includes('?') ? req.originalUrl.split('?')[1]! : '';
      const claims = await finishAuthorization({
        registry: deps.oidc,
        flow: auth,
        query,
        logger: ctx.logger,
      });
      const provider = providerRef(deps.oidc, auth.provider);
      if (auth.intent === 'link') {
        if (!ctx.user || !ctx.actor || ctx.user.id !== auth.userId) {
          throw new AppError('UNAUTHORIZED', OIDC_MSG.linkSignedOut(provider.label));
        }
        await linkToMember({ db: ctx.db, actor: ctx.actor, provider, claims });
        ctx.oidcFlow.clear();
        return res.redirect(303, `${SETTINGS_PAGE}?linked=${encodeURIComponent(provider.id)}`);
      }
      const signIn = await resolveSignIn({
        db: ctx.db,
        provider,
        claims,
        origin: { ip: ctx.ip, userAgent: ctx.userAgent },
        beforeCreate: () => countSignup({ ip: ctx.ip, limits: ctx.limits }),
      });
      if (signIn.kind === 'user') {
        const user = await getUser({ db: ctx.db, id: signIn.userId });
        if (!user) throw new AppError('BAD_REQUEST', OIDC_MSG.failed(provider.label));
        ctx.oidcFlow.clear();
        // An ordinary session, as a password sign-in makes (the sessions table, device cookie);
        // an account with two-factor sign-in gives its code first, on the sign-in page.
        const signedIn = await signInOrAskCode(ctx, user);
        return res.redirect(
          303,
          'twoFactorRequired' in signedIn
            ? signInPage({ twoFactor: user.username }, returnTo)
            : (returnTo ?? DEFAULT_RETURN_PATH),
        );
      }
      if (signIn.kind === 'username') {
        await ctx.oidcFlow.write({
          stage: 'username',
          provider: provider.id,
          subject: claims.subject,
          email: claims.email!,
          emailVerified: claims.emailVerified,
          suggested: signIn.suggested,
        });
      } else {
        await ctx.oidcFlow.write({
          stage: 'confirm',
          provider: provider.id,
          subject: claims.subject,
          email: claims.email!,
          userId: signIn.userId,
        });
      }
      return res.redirect(303, signInPage({ oidc: signIn.kind }, returnTo));
    } catch (error) {
      if (error instanceof AppError && error.reason) {
        ctx.logger.info(
          { event: 'oidc-refused', reason: error.reason, provider: req.params.provider },
          'OpenID sign-in refused',
        );
      }
      try {
        await refuse(ctx, res, error, intent, label, returnTo);
      } catch (inner) {
        sendError(res, inner, deps);
      }
    }
  });

  return router;
}
