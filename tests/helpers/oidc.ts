// A real OpenID Connect provider for the tests (oidc-provider 9) on 127.0.0.1 and a free port:
// one confidential client whose redirect URIs point at the app under test, an account store the
// test fills (sub, e-mail, e-mail verified, preferred username), and oidc-provider's own
// development login page (any account id of the store, any password) with consent granted
// automatically. Plus a small cookie-keeping browser over fetch that walks the redirects between
// the app and the provider, for procedure and REST tests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ProviderContext } from 'oidc-provider';
import type { OidcProviderConfig } from '../../src/server/platform/env';
import {
  createOidcRegistry,
  type OidcRegistry,
} from '../../src/server/domain/accounts/oidc/providers';
import pino from 'pino';
import { sealData } from 'iron-session';
import { OIDC_FLOW_TTL_SECONDS, type OidcFlow } from '../../src/server/domain/accounts/oidc/flow';
import { OIDC_COOKIE } from '../../src/server/trpc/oidcCookie';

export interface TestOidcUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by id (the login page's 'login' field): add or change them at any time. */
  users: Map<string, TestOidcUser>;
  addUser(user: TestOidcUser): TestOidcUser;
  /** This provider as one entry of OIDC_PROVIDERS. */
  config(id?: string, label?: string): OidcProviderConfig;
  stop(): Promise<void>;
}

/** The callback address the app sends for a provider id (http/oidc.ts). */
export function callbackFor(appUrl: string, providerId = 'local'): string {
  return `${appUrl}/api/auth/oidc/${providerId}/callback`;
}

// oidc-provider prints notices about its development defaults (keys, in-memory store, dev
// login page): all intended here.
let quieted = false;
function quietProviderNotices() {
  if (quieted) return;
  quieted = true;
  for (const method of ['info', 'warn'] as const) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider ')) return;
      original(...args);
    };
  }
}

export async function startOidcProvider({
  redirectUris,
  users = [],
  clientId = 'contest-test-client',
  clientSecret = 'contest-test-client-secret-0123456789',
  port = 0,
}: {
  /** The app's callback address(es): callbackFor(appUrl, providerId). */
  redirectUris: string[];
  users?: TestOidcUser[];
  clientId?: string;
  clientSecret?: string;
  /** A port of the test's choosing (0: any free one). */
  port?: number;
}): Promise<TestOidcProvider> {
  quietProviderNotices();
  const accounts = new Map<string, TestOidcUser>(users.map((u) => [u.sub, u]));
  // The port first: the issuer names it.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'name'],
    },
    scopes: ['openid', 'email', 'profile'],
    cookies: { keys: ['contest-test-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ ...account }) };
    },
    // A first-party client: consent is taken as given, so the only page is the login page.
    async loadExistingGrant(ctx: ProviderContext) {
      const { oidc } = ctx;
      const clientId = oidc.client!.clientId;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
      if (grantId) {
        const found = await oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      const grant = new oidc.provider.Grant({ clientId, accountId: oidc.session?.accountId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'preferred_username', 'name']);
      await grant.save();
      return grant;
    },
    renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Error</title><h1>oidc-provider error</h1><pre>${Object.entries(
        out,
      )
        .map(([k, v]) => `${k}: ${String(v).replace(/[<>&]/g, '')}`)
        .join('\n')}</pre>`;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    users: accounts,
    addUser(user) {
      accounts.set(user.sub, user);
      return user;
    },
    config: (id = 'local', label = 'Local ID') => ({
      id,
      label,
      issuer,
      clientId,
      clientSecret,
    }),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A registry of the given providers, discovered before it is handed back (tests). */
export async function readyRegistry(configs: OidcProviderConfig[]): Promise<OidcRegistry> {
  const registry = createOidcRegistry(configs, { logger: pino({ level: 'silent' }) });
  await registry.settled();
  return registry;
}

/**
 * The flow cookie a browser holds at some stage of a sign-in (sealed as the server seals it), for
 * tests that open a follow-up screen without walking to the provider first.
 */
export async function flowCookie(
  secret: string,
  flow: OidcFlow,
): Promise<{ name: string; value: string }> {
  const sealed = await sealData({ flow }, { password: secret, ttl: OIDC_FLOW_TTL_SECONDS });
  return { name: OIDC_COOKIE, value: encodeURIComponent(sealed) };
}

interface Answer {
  status: number;
  location?: string;
  text: string;
  url: string;
}

/**
 * A browser reduced to what the flow needs: cookies per host (names only; paths ignored, which
 * neither the app nor the provider minds) and redirects followed by hand, so a test can stop at
 * any hop (the callback address, to replay or alter it).
 */
export class FlowBrowser {
  private jars = new Map<string, Map<string, string>>();

  cookieHeader(url: string): string {
    const jar = this.jars.get(new URL(url).host);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }

  /** One cookie of a host, `name=value`, or '' (for REST calls made beside the browser). */
  cookie(url: string, name: string): string {
    const value = this.jars.get(new URL(url).host)?.get(name);
    return value === undefined ? '' : `${name}=${value}`;
  }

  setCookie(url: string, name: string, value: string | undefined): void {
    const host = new URL(url).host;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    if (value === undefined) jar.delete(name);
    else jar.set(name, value);
  }

  async request(
    url: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      body: init.body,
      headers,
      redirect: 'manual',
    });
    const host = new URL(url).host;
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const gone = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
      this.setCookie(`http://${host}`, name, gone ? undefined : pair.slice(eq + 1));
    }
    const location = res.headers.get('location') ?? undefined;
    return {
      status: res.status,
      location: location ? new URL(location, url).href : undefined,
      text: await res.text(),
      url,
    };
  }

  get(url: string) {
    return this.request(url);
  }

  /** A JSON call to the app with this browser's cookies (REST rows beside the redirects). */
  async json(method: string, url: string, body?: unknown) {
    const answer = await this.request(url, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
    return {
      status: answer.status,
      body: (answer.text ? JSON.parse(answer.text) : undefined) as Record<string, unknown>,
    };
  }

  /**
   * From the app's start address through the provider's login page to the app's callback
   * address, which is returned without being opened. `login` is the account id typed on the
   * provider's page (not asked when the provider remembers this browser).
   */
  async authorize(appUrl: string, startPath: string, login: string): Promise<string> {
    const appHost = new URL(appUrl).host;
    let answer = await this.get(appUrl + startPath);
    if (!answer.location) {
      throw new Error(`start answered ${answer.status} without a redirect: ${answer.text}`);
    }
    let next = answer.location;
    let loggedIn = false;
    for (let hop = 0; hop < 12; hop += 1) {
      if (new URL(next).host === appHost) return next;
      answer = await this.get(next);
      if (answer.location) {
        next = answer.location;
        continue;
      }
      if (answer.status === 200 && /name="prompt" value="login"/.test(answer.text) && !loggedIn) {
        loggedIn = true;
        answer = await this.request(next, {
          method: 'POST',
          body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        if (!answer.location) throw new Error(`login answered ${answer.status}: ${answer.text}`);
        next = answer.location;
        continue;
      }
      throw new Error(`the provider answered ${answer.status} at ${next}: ${answer.text}`);
    }
    throw new Error('too many redirects between the app and the provider');
  }

  /** Opens the callback address; returns where the app sends the browser next (a path). */
  async complete(callbackUrl: string): Promise<string> {
    const answer = await this.get(callbackUrl);
    if (answer.status !== 303 || !answer.location) {
      throw new Error(`callback answered ${answer.status}: ${answer.text}`);
    }
    const to = new URL(answer.location);
    return to.pathname + to.search;
  }

  /** authorize + complete: the whole trip, as a person makes it. */
  async signIn(appUrl: string, login: string, startPath = '/api/auth/oidc/local/start') {
    return this.complete(await this.authorize(appUrl, startPath, login));
  }
}
