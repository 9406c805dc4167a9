// The session cookie: sealed and unsealed by iron-session (iron-webcrypto), with the unsealed
// value of each cookie cached for a minute. Unsealing costs about 0.7 ms per request on this
// machine (measured, see README 'Benchmark'); a seal cannot be forged, so a cookie string that
// unsealed once maps to the same data until it expires, and a short cache lifetime keeps the
// seal's own expiry honoured to within a minute. Revocation does not depend on this cache:
// every request still compares the session version with the user row.
import type { Request, Response } from 'express';
import { sealData, unsealData } from 'iron-session';

export interface SessionData {
  userId?: number;
  sessionVersion?: number;
}

/** The part of a session that procedures use; tests can pass a plain object. */
export interface AppSession extends SessionData {
  save(): Promise<void>;
  destroy(): void;
}

export const SESSION_COOKIE = 'contest_session';
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;
// iron-session's own skew allowance: the cookie dies a minute before the seal does.
const COOKIE_MAX_AGE = SESSION_TTL_SECONDS - 60;
const CACHE_MS = 60_000;
const CACHE_MAX = 10_000;

type Cache = Map<string, { data: SessionData; until: number }>;
// One cache per secret, so a seal is never read back under another secret.
const caches = new Map<string, Cache>();

function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

async function unseal(seal: string, password: string): Promise<SessionData> {
  let cache = caches.get(password);
  if (!cache) caches.set(password, (cache = new Map()));
  const hit = cache.get(seal);
  const now = Date.now();
  if (hit && hit.until > now) return hit.data;
  let data: SessionData;
  try {
    data = await unsealData<SessionData>(seal, { password, ttl: SESSION_TTL_SECONDS });
  } catch {
    data = {};
  }
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(seal, { data, until: now + CACHE_MS });
  return data;
}

function cookieHeader(value: string, maxAge: number, secure: boolean): string {
  const parts = [
    `${SESSION_COOKIE}=${encodeURIComponent(value)}`,
    `Max-Age=${maxAge}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export async function getRequestSession(
  req: Request,
  res: Response,
  password: string,
): Promise<AppSession> {
  const seal = readCookie(req, SESSION_COOKIE);
  const data = seal ? await unseal(seal, password) : {};
  const session: AppSession = {
    userId: data.userId,
    sessionVersion: data.sessionVersion,
    async save() {
      const sealed = await sealData(
        { userId: session.userId, sessionVersion: session.sessionVersion },
        { password, ttl: SESSION_TTL_SECONDS },
      );
      res.append('Set-Cookie', cookieHeader(sealed, COOKIE_MAX_AGE, req.secure));
    },
    destroy() {
      session.userId = undefined;
      session.sessionVersion = undefined;
      if (seal) caches.get(password)?.delete(seal);
      res.append('Set-Cookie', cookieHeader('', 0, req.secure));
    },
  };
  return session;
}
