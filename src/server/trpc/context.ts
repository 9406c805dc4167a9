// Request context: the inner part (deps, session cookie, caller) is what tests, REST and scripts
// build; the outer part reads it from an Express request.
import type { ServerResponse } from 'node:http';
import type pino from 'pino';
import type { DB } from '../platform/db/client';
import type { Actor } from '../platform/actor';
import type { Limits } from '../platform/limits';
import type { PasswordHasher } from '../domain/accounts/passwords';
import type { BackupSchedule } from '../domain/operations';
import type { OidcRegistry } from '../domain/accounts/oidc/providers';
import { getSessionUser } from '../domain/accounts/sessions';
import { asClientError } from '../platform/errorMapping';
import { isPendingSignInId } from '../domain/accounts/twoFactor';
import { knownLinkOrigin, recordLinkOrigin } from '../domain/accounts/linkOrigin';
import type { SessionUser } from '../domain/accounts/users';
import { requestLoggerOf } from '../platform/logger';
import {
  getDeviceCookie,
  getSessionCookie,
  memoryDeviceCookie,
  type CookieRequest,
  type DeviceCookie,
  type SessionCookie,
} from './session';
import { getOidcFlowCookie, memoryOidcFlowCookie, type OidcFlowCookie } from './oidcCookie';

export type { DeviceCookie, SessionCookie } from './session';

export interface AppDeps {
  db: DB;
  limits: Limits;
  logger: pino.Logger;
  passwords: PasswordHasher;
  sessionSecret: string;
  uploadDir: string;
  /** PRIVATE_DIR: files never served as they are (answer keys, submissions; issue 31). */
  privateDir: string;
  /** The app's own origin (scheme://host[:port]) when it sits behind a proxy: PUBLIC_URL. */
  publicOrigin?: string;
  /** EDUCATION_IMPORT_ALLOW_PRIVATE: let WordPress imports reach loopback/private addresses. */
  allowPrivateImports?: boolean;
  /** BACKUP_DIR and the schedule: where the dashboard finds the latest archive. */
  backups?: BackupSchedule;
  /** OIDC_PROVIDERS and what discovery found about each (none configured: undefined). */
  oidc?: OidcRegistry;
  /** The background mail sender (domain/messages/sender.ts); absent: queued mail waits. */
  mailer?: { smtpConfigured: boolean; wake(): void };
}

export interface CreateInnerContextOptions {
  deps: AppDeps;
  cookie: SessionCookie;
  /** The browser's device cookie (sign-in lock-out); an empty in-memory one when not given. */
  device?: DeviceCookie;
  ip?: string;
  userAgent?: string;
  /** This browser's OpenID sign-in in progress; an empty in-memory one when not given. */
  oidcFlow?: OidcFlowCookie;
  /**
   * The address the request came to (scheme://host[:port]): recorded for links in mail only when
   * no address is recorded yet (domain/accounts/linkOrigin.ts), never used for them otherwise.
   */
  requestOrigin?: string;
}

export async function createContextInner({
  deps,
  cookie,
  device = memoryDeviceCookie(),
  ip = 'local',
  userAgent,
  oidcFlow = memoryOidcFlowCookie(),
  requestOrigin,
}: CreateInnerContextOptions) {
  let user: SessionUser | null = null;
  // A cookie naming a sign-in still waiting for its code (domain/accounts/twoFactor.ts) is no
  // session: nobody is signed in yet.
  if (cookie.id && !isPendingSignInId(cookie.id)) {
    // The first read of most requests: a database out of reach is a 503 here already.
    const row = await getSessionUser({ db: deps.db, sessionId: cookie.id }).catch(
      (error: unknown) => {
        throw asClientError(error) ?? error;
      },
    );
    // Banned members' sessions are deleted by the ban; this guards any that slipped through.
    if (row && row.role !== 'banned') user = row;
  }
  // Links in mail point at PUBLIC_URL when set, else at the address first served, recorded once:
  // a later request's Host header is whatever its sender wrote, and a reset link following it
  // would carry the token to a stranger's site (issue 27). Known after one read per server.
  const origin =
    deps.publicOrigin ??
    knownLinkOrigin(deps.db) ??
    (await recordLinkOrigin({
      db: deps.db,
      requestOrigin,
      onRecorded: (first) =>
        deps.logger.info(
          { origin: first },
          `Links in mail point at ${first}, the first address served (set PUBLIC_URL to choose another)`,
        ),
    }).catch((error: unknown) => {
      throw asClientError(error) ?? error;
    })) ??
    'http://localhost';
  // The actor carries the origin too: what they do may mail someone else (a notification).
  const actor: Actor | null = user
    ? { id: user.id, username: user.username, role: user.role, ip, userAgent, origin }
    : null;
  // The request's own keys first, then the dependencies (none share a name): Node 20's V8 adds a
  // key to an object made by a spread at about half a microsecond each (measured), which here
  // was a third of a cheap request's context.
  return { cookie, device, user, actor, ip, userAgent, oidcFlow, origin, ...deps };
}

export type Context = Awaited<ReturnType<typeof createContextInner>>;

/** A request as the context reads it (Express's, or a test's stand-in). */
export type ContextRequest = CookieRequest & { ip?: string };

/** scheme://host[:port] of a request, from its Host header; undefined when it has none usable. */
function requestOriginOf(req: ContextRequest): string | undefined {
  const host = req.headers.host;
  if (!host || !/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) {
    return undefined;
  }
  return `${req.secure ? 'https' : 'http'}://${host}`;
}

/**
 * The context of a request. The request's own logger (carrying its id: http/requestLog.ts)
 * becomes `ctx.logger` when something logs, so a request that logs nothing never makes one.
 */
export async function createContext(deps: AppDeps, req: ContextRequest, res: ServerResponse) {
  const cookie = await getSessionCookie(req, res, deps.sessionSecret);
  const ctx = await createContextInner({
    deps,
    cookie,
    device: getDeviceCookie(req, res),
    ip: req.ip ?? 'unknown',
    userAgent: req.headers['user-agent'],
    oidcFlow: getOidcFlowCookie(req, res, deps.sessionSecret),
    requestOrigin: requestOriginOf(req),
  });
  Object.defineProperty(ctx, 'logger', {
    enumerable: true,
    configurable: true,
    get: () => requestLoggerOf(req) ?? deps.logger,
  });
  return ctx;
}
