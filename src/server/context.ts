// Request context: the inner part (db, session, user) is what tests, REST and scripts build;
// the outer part reads it from an Express request.
import type { Request, Response } from 'express';
import { getIronSession } from 'iron-session';
import type pino from 'pino';
import type { DB } from './db/client';
import type { LoginLimiter } from './services/rateLimiter';
import { getSessionUser, type SessionUser } from './services/users';

export interface SessionData {
  userId?: number;
  sessionVersion?: number;
}

/** The part of an iron-session that procedures use; tests can pass a plain object. */
export interface AppSession extends SessionData {
  save(): Promise<void>;
  destroy(): void;
}

export interface AppDeps {
  db: DB;
  limiter: LoginLimiter;
  logger: pino.Logger;
  sessionSecret: string;
  uploadDir: string;
}

export interface CreateInnerContextOptions {
  deps: AppDeps;
  session: AppSession;
  ip?: string;
}

export function createContextInner({ deps, session, ip = 'local' }: CreateInnerContextOptions) {
  let user: SessionUser | null = null;
  if (typeof session.userId === 'number') {
    const row = getSessionUser({ db: deps.db, id: session.userId });
    // A session older than the user's sessionVersion was revoked (ban, role or password change).
    if (row && row.sessionVersion === session.sessionVersion && row.role !== 'banned') user = row;
  }
  return { ...deps, session, user, ip };
}

export type Context = ReturnType<typeof createContextInner>;

export const SESSION_COOKIE = 'contest_session';
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;

export async function getRequestSession(
  req: Request,
  res: Response,
  secret: string,
): Promise<AppSession> {
  return getIronSession<SessionData>(req, res, {
    password: secret,
    cookieName: SESSION_COOKIE,
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' },
  });
}

export async function createContext(deps: AppDeps, req: Request, res: Response) {
  const session = await getRequestSession(req, res, deps.sessionSecret);
  return createContextInner({ deps, session, ip: req.ip ?? 'unknown' });
}
