// The authorization-code flow with a provider (openid-client 6): the request that leaves for the
// provider (PKCE S256, state and nonce, all kept in the flow), and the checks and token exchange
// when the provider sends the browser back.
import * as client from 'openid-client';
import type pino from 'pino';
import { AppError } from '../../../platform/errors';
import { OIDC_MSG } from '../../../../shared/schemas/oidc';
import type { OidcAuthStage } from './flow';
import type { OidcClaims, ProviderRef } from './identities';
import { OIDC_SCOPES, type OidcRegistry } from './providers';

/** The provider by its id, with the label its messages use; an unknown id is a 404. */
export function providerRef(registry: OidcRegistry | undefined, id: string): ProviderRef {
  const provider = registry?.get(id);
  if (!provider) throw new AppError('NOT_FOUND', OIDC_MSG.unknownProvider);
  return { id: provider.config.id, label: provider.config.label };
}

/** The address the provider sends the browser back to: PUBLIC_URL's origin, or this request's. */
export function callbackUrl(origin: string, provider: string): string {
  return `${origin}/api/auth/oidc/${encodeURIComponent(provider)}/callback`;
}

export async function beginAuthorization({
  registry,
  provider,
  redirectUri,
  intent,
  userId,
  returnTo,
}: {
  registry: OidcRegistry | undefined;
  provider: string;
  redirectUri: string;
  intent: 'signin' | 'link';
  userId?: number;
  /** Already checked by safeReturnPath. */
  returnTo?: string;
}): Promise<{ url: string; flow: OidcAuthStage }> {
  const ref = providerRef(registry, provider);
  const config = await registry!.ready(provider);
  if (!config) throw new AppError('SERVICE_UNAVAILABLE', OIDC_MSG.unavailable(ref.label));
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: OIDC_SCOPES,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return {
    url: url.href,
    flow: {
      stage: 'auth',
      provider,
      state,
      nonce,
      verifier,
      redirectUri,
      intent,
      userId,
      ...(returnTo ? { returnTo } : {}),
    },
  };
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * Checks the provider's answer against the flow this browser started (state first, before
 * anything the answer says is believed), exchanges the code with the PKCE verifier, checks the
 * ID token (issuer, audience, nonce) and reads who it is, with UserInfo for what the ID token
 * left out.
 */
export async function finishAuthorization({
  registry,
  flow,
  query,
  logger,
}: {
  registry: OidcRegistry | undefined;
  flow: OidcAuthStage;
  /** The callback's query string, as the provider sent it (without the '?'). */
  query: string;
  logger: pino.Logger;
}): Promise<OidcClaims> {
  const ref = providerRef(registry, flow.provider);
  const params = new URLSearchParams(query);
  if (params.get('state') !== flow.state) {
    throw new AppError('state_mismatch', OIDC_MSG.stateMismatch);
  }
  const error = params.get('error');
  if (error) {
    throw new AppError(
      'provider_error',
      error === 'access_denied' ? OIDC_MSG.cancelled(ref.label) : OIDC_MSG.failed(ref.label),
    );
  }
  const config = await registry!.ready(flow.provider);
  if (!config) throw new AppError('SERVICE_UNAVAILABLE', OIDC_MSG.unavailable(ref.label));
  const current = new URL(flow.redirectUri);
  current.search = params.toString();
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (cause) {
    // A code the provider refused (a PKCE verifier that does not match its challenge, a code
    // used twice or expired), an ID token that failed its checks, or a provider that is down.
    logger.warn(
      {
        event: 'oidc-refused',
        provider: flow.provider,
        err: cause instanceof Error ? cause.message : String(cause),
        code: (cause as { code?: string; error?: string }).error,
      },
      'OpenID sign-in refused at the token exchange',
    );
    throw new AppError('token_refused', OIDC_MSG.failed(ref.label));
  }
  const idToken = tokens.claims();
  if (!idToken) throw new AppError('BAD_REQUEST', OIDC_MSG.failed(ref.label));
  const claims: Record<string, unknown> = { ...idToken };
  // Providers may keep the e-mail and name out of the ID token and give them from UserInfo.
  if (
    (!str(claims.email) || !str(claims.preferred_username)) &&
    config.serverMetadata().userinfo_endpoint
  ) {
    try {
      Object.assign(
        claims,
        await client.fetchUserInfo(config, tokens.access_token, idToken.sub),
        // The ID token's own word wins over UserInfo's where both speak.
        Object.fromEntries(Object.entries(idToken).filter(([, v]) => v !== undefined)),
      );
    } catch (cause) {
      logger.warn(
        { provider: flow.provider, err: cause instanceof Error ? cause.message : String(cause) },
        'OpenID UserInfo could not be read; going on with the ID token',
      );
    }
  }
  const email = str(claims.email)?.toLowerCase();
  return {
    subject: idToken.sub,
    email: email && email.length <= 254 && email.includes('@') ? email : undefined,
    emailVerified: claims.email_verified === true,
    preferredUsername: str(claims.preferred_username),
  };
}
