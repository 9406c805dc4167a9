// The few parts of oidc-provider 9 the tests use (the package ships no types, and
// @types/oidc-provider is not installed): a provider object whose callback() serves node:http.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ClaimsAccount {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface ProviderContext {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    Grant: {
      new (fields: { accountId?: string; clientId?: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    proxy: boolean;
  }
}
