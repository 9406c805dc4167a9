// The OpenID Connect providers of OIDC_PROVIDERS and what openid-client discovered about each.
// Discovery happens in the background: a provider that cannot be reached at start does not stop
// the app; its button stays hidden, a line is logged, and discovery is tried again later (on a
// timer with backoff, and when someone asks for that provider).
import * as client from 'openid-client';
import type pino from 'pino';
import type { OidcProviderConfig } from '../../../platform/env';

export type { OidcProviderConfig } from '../../../platform/env';

/** The scopes asked of every provider: who the person is, their e-mail and preferred name. */
export const OIDC_SCOPES = 'openid email profile';

export interface RetrySettings {
  /** After a failed discovery, the first wait; each later one doubles, up to `maxMs`. */
  firstMs: number;
  maxMs: number;
  /** A request for a provider that is down tries discovery again at most this often. */
  onDemandMs: number;
}

export const DEFAULT_RETRY: RetrySettings = {
  firstMs: 15_000,
  maxMs: 15 * 60_000,
  onDemandMs: 10_000,
};

export interface OidcProvider {
  config: OidcProviderConfig;
  /** Set once discovery has succeeded. */
  client?: client.Configuration;
  /** Why the last discovery failed, while it has not succeeded. */
  lastError?: string;
}

export interface OidcRegistry {
  /** Every configured provider, in the order OIDC_PROVIDERS lists them. */
  list(): readonly OidcProvider[];
  get(id: string): OidcProvider | undefined;
  /**
   * The provider's discovered configuration, discovering it now when it is not there yet (and
   * the last attempt was not a moment ago); undefined while it cannot be reached.
   */
  ready(id: string): Promise<client.Configuration | undefined>;
  /** Resolves when every provider has been tried once (tests; the app does not wait). */
  settled(): Promise<void>;
  /** Stops the retry timers. */
  close(): void;
}

function isLocal(issuer: string): boolean {
  return new URL(issuer).protocol === 'http:';
}

/** Discovery, and the client authentication the provider supports (Basic when it says nothing). */
async function discover(config: OidcProviderConfig): Promise<client.Configuration> {
  // Plain http is allowed only for localhost issuers (env.ts): a provider under development.
  const execute = isLocal(config.issuer) ? [client.allowInsecureRequests] : [];
  const found = await client.discovery(
    new URL(config.issuer),
    config.clientId,
    config.clientSecret,
    client.ClientSecretBasic(config.clientSecret),
    { execute, timeout: 10 },
  );
  const methods = found.serverMetadata().token_endpoint_auth_methods_supported;
  if (
    methods &&
    !methods.includes('client_secret_basic') &&
    methods.includes('client_secret_post')
  ) {
    const post = new client.Configuration(
      found.serverMetadata(),
      config.clientId,
      config.clientSecret,
      client.ClientSecretPost(config.clientSecret),
    );
    for (const extension of execute) extension(post);
    return post;
  }
  return found;
}

export function createOidcRegistry(
  configs: readonly OidcProviderConfig[],
  { logger, retry = DEFAULT_RETRY }: { logger: pino.Logger; retry?: RetrySettings },
): OidcRegistry {
  const providers = configs.map((config): OidcProvider => ({ config }));
  const byId = new Map(providers.map((p) => [p.config.id, p]));
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Map<string, Promise<void>>();
  const lastTry = new Map<string, number>();
  const delays = new Map<string, number>();
  let closed = false;

  function attempt(provider: OidcProvider): Promise<void> {
    const id = provider.config.id;
    const running = inFlight.get(id);
    if (running) return running;
    lastTry.set(id, Date.now());
    const run = discover(provider.config)
      .then((found) => {
        const wasDown = provider.lastError !== undefined;
        provider.client = found;
        provider.lastError = undefined;
        delays.delete(id);
        logger.info(
          { provider: id, issuer: provider.config.issuer },
          wasDown
            ? `OpenID provider ${id}: discovered after earlier failures; its button is shown`
            : `OpenID provider ${id}: discovered`,
        );
      })
      .catch((error: unknown) => {
        provider.lastError = error instanceof Error ? error.message : String(error);
        const delay = Math.min(delays.get(id) ?? retry.firstMs, retry.maxMs);
        delays.set(id, delay * 2);
        logger.warn(
          { provider: id, issuer: provider.config.issuer, err: provider.lastError },
          `OpenID provider ${id}: discovery at ${provider.config.issuer} failed; its button is hidden until it succeeds (next try in ${Math.round(delay / 1000)} s)`,
        );
        if (!closed) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (!provider.client) void attempt(provider);
          }, delay);
          timer.unref();
          timers.add(timer);
        }
      })
      .finally(() => inFlight.delete(id));
    inFlight.set(id, run);
    return run;
  }

  const first = Promise.all(providers.map((p) => attempt(p))).then(() => undefined);

  return {
    list: () => providers,
    get: (id) => byId.get(id),
    async ready(id) {
      const provider = byId.get(id);
      if (!provider) return undefined;
      if (provider.client) return provider.client;
      const running = inFlight.get(id);
      if (running) await running;
      else if (Date.now() - (lastTry.get(id) ?? 0) >= retry.onDemandMs) await attempt(provider);
      return provider.client;
    },
    settled: () => first,
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
