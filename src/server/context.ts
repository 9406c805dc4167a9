// Request context: the inner part (db, session, user) is what tests, REST and scripts build;
// the outer part reads it from an Express request.
import type { Request, Response } from 'express';
import type pino from 'pino';
import type { DB } from './db/client';
import type { LoginLimiter } from './services/rateLimiter';
import { getSessionUser, type SessionUser } from './services/users';
import { getRequestSession, type AppSession } from './session';

export type { AppSession } from './session';

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

export async function createContext(deps: AppDeps, req: Request, res: Response) {
  const session = await getRequestSession(req, res, deps.sessionSecret);
  return createContextInner({ deps, session, ip: req.ip ?? 'unknown' });
}
