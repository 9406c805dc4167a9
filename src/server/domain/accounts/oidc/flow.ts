// Where one browser's OpenID sign-in stands between requests. It travels in a sealed, short-lived
// cookie (trpc/oidcCookie.ts), so any app server can carry on a flow another one started.

/** Sent to the provider and checked on the way back: state, nonce and the PKCE verifier. */
export interface OidcAuthStage {
  stage: 'auth';
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  /** The callback address sent with the request (it must be sent again with the code). */
  redirectUri: string;
  intent: 'signin' | 'link';
  /** For a link: the member who started it (the callback must come back to the same one). */
  userId?: number;
  /** For a sign-in: the page of this site to return to afterwards (shared/returnPath.ts). */
  returnTo?: string;
}

/** A new identity whose username was taken or not valid here: the member chooses one. */
export interface OidcUsernameStage {
  stage: 'username';
  provider: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  suggested: string;
}

/** A verified e-mail of an existing account: its member confirms the link with the password. */
export interface OidcConfirmStage {
  stage: 'confirm';
  provider: string;
  subject: string;
  email: string;
  userId: number;
}

/** A refusal, said on /auth (or in Account Settings for a link). */
export interface OidcErrorStage {
  stage: 'error';
  message: string;
  intent: 'signin' | 'link';
}

export type OidcFlow = OidcAuthStage | OidcUsernameStage | OidcConfirmStage | OidcErrorStage;

/** A flow lives this long: time to sign in at the provider, or to fill in a follow-up form. */
export const OIDC_FLOW_TTL_SECONDS = 10 * 60;
