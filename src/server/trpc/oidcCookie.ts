// The OpenID sign-in flow's cookie (domain/accounts/oidc/flow.ts): sealed with the session
// secret, ten minutes long, SameSite=Lax so it comes back with the provider's redirect (a
// top-level GET). It is only unsealed when a request asks for it.
import { sealData, unsealData } from 'iron-session';
import { OIDC_FLOW_TTL_SECONDS, type OidcFlow } from '../domain/accounts/oidc/flow';
import { cookieHeader, readCookie, type CookieRequest } from './session';
import type { ServerResponse } from 'node:http';

export const OIDC_COOKIE = 'contest_oidc';

export interface OidcFlowCookie {
  read(): Promise<OidcFlow | undefined>;
  write(flow: OidcFlow): Promise<void>;
  clear(): void;
}

export function getOidcFlowCookie(
  req: CookieRequest,
  res: Pick<ServerResponse, 'appendHeader'>,
  password: string,
): OidcFlowCookie {
  let current: OidcFlow | undefined | null = null;
  const cookie: OidcFlowCookie = {
    async read() {
      if (current !== null) return current;
      const seal = readCookie(req, OIDC_COOKIE);
      current = undefined;
      if (seal && seal.length <= 4096) {
        try {
          const data = await unsealData<{ flow?: OidcFlow }>(seal, {
            password,
            ttl: OIDC_FLOW_TTL_SECONDS,
          });
          current = data.flow && typeof data.flow.stage === 'string' ? data.flow : undefined;
        } catch {
          current = undefined;
        }
      }
      return current;
    },
    async write(flow) {
      current = flow;
      const sealed = await sealData({ flow }, { password, ttl: OIDC_FLOW_TTL_SECONDS });
      res.appendHeader(
        'Set-Cookie',
        cookieHeader(sealed, OIDC_FLOW_TTL_SECONDS, req.secure, OIDC_COOKIE),
      );
    },
    clear() {
      current = undefined;
      res.appendHeader('Set-Cookie', cookieHeader('', 0, req.secure, OIDC_COOKIE));
    },
  };
  return cookie;
}

/** A flow cookie kept in memory: procedure tests, scripts. */
export function memoryOidcFlowCookie(flow?: OidcFlow): OidcFlowCookie & { flow?: OidcFlow } {
  const cookie = {
    flow,
    read: () => Promise.resolve(cookie.flow),
    write(next: OidcFlow) {
      cookie.flow = next;
      return Promise.resolve();
    },
    clear() {
      cookie.flow = undefined;
    },
  };
  return cookie;
}
