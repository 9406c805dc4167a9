// Request context: the inner part (deps, session cookie, caller) is what tests, REST and scripts
// build; the outer part reads it from an Express request.
import type { ServerResponse } from 'node:http';
import type pino from 'pino';
import type { DB } from '../platform/db/client';
import type { Actor } from '../platform/actor';
import type { Limits } from '../platform/limits';
import type { PasswordHasher } from '../domain/accounts/passwords';
import type { BackupSchedule } from '../domain/operations';
import { getSessionUser } from '../domain/accounts/sessions';
import { isPendingSignInId } from '../domain/accounts/twoFactor';
import type { SessionUser } from '../domain/accounts/users';
import {
  getDeviceCookie,
  getSessionCookie,
  memoryDeviceCookie,
  type CookieRequest,
  type DeviceCookie,
  type SessionCookie,
} from './session';

export type { DeviceCookie, SessionCookie } from './session';

export interface AppDeps {
  db: DB;
  limits: Limits;
  logger: pino.Logger;
  passwords: PasswordHasher;
  sessionSecret: string;
  uploadDir: string;
  /** The app's own origin (scheme://host[:port]) when it sits behind a proxy: PUBLIC_URL. */
  publicOrigin?: string;
  /** EDUCATION_IMPORT_ALLOW_PRIVATE: let WordPress imports reach loopback/private addresses. */
  allowPrivateImports?: boolean;
  /** BACKUP_DIR and the schedule: where the dashboard finds the latest archive. */
  backups?: BackupSchedule;
}

export interface CreateInnerContextOptions {
  deps: AppDeps;
  cookie: SessionCookie;
  /** The browser's device cookie (sign-in lock-out); an empty in-memory one when not given. */
  device?: DeviceCookie;
  ip?: string;
  userAgent?: string;
}

export async function createContextInner({
  deps,
  cookie,
  device = memoryDeviceCookie(),
  ip = 'local',
  userAgent,
}: CreateInnerContextOptions) {
  let user: SessionUser | null = null;
  // A cookie naming a sign-in still waiting for its code (domain/accounts/twoFactor.ts) is no
  // session: nobody is signed in yet.
  if (cookie.id && !isPendingSignInId(cookie.id)) {
    const row = await getSessionUser({ db: deps.db, sessionId: cookie.id });
    // Banned members' sessions are deleted by the ban; this guards any that slipped through.
    if (row && row.role !== 'banned') user = row;
  }
  const actor: Actor | null = user
    ? { id: user.id, username: user.username, role: user.role, ip, userAgent }
    : null;
  return { ...deps, cookie, device, user, actor, ip, userAgent };
}

export type Context = Awaited<ReturnType<typeof createContextInner>>;

/** A request as the context reads it: Express's, or the lean query path's (http/leanPaths.ts). */
export type ContextRequest = CookieRequest & { ip?: string };

export async function createContext(deps: AppDeps, req: ContextRequest, res: ServerResponse) {
  const cookie = await getSessionCookie(req, res, deps.sessionSecret);
  return createContextInner({
    deps,
    cookie,
    device: getDeviceCookie(req, res),
    ip: req.ip ?? 'unknown',
    userAgent: req.headers['user-agent'],
  });
}
