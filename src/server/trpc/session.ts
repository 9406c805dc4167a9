// The session cookie: an iron-session seal that carries only the id of a server-side session row
// (domain/accounts/sessions.ts). Unsealing costs about 0.7 ms per request on this machine, so the id a
// seal unsealed to is kept in a small least-recently-used cache. That cannot keep a revoked
// session alive: the cache maps a seal to an id, and every request still looks the id up in the
// sessions table. Seals that fail to unseal are never cached, so garbage cookies cannot push real
// sessions out.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { sealData, unsealData } from 'iron-session';
import { LRUCache } from 'lru-cache';
import { MAX_DEVICE_TOKENS, tokenUserId } from '../domain/accounts/devices';
import { SESSION_TTL_MS } from '../domain/accounts/sessions';

/** What the cookies need of a request (Express's, or a test's stand-in). */
export interface CookieRequest {
  headers: IncomingHttpHeaders;
  /** Over https (the TLS socket, or X-Forwarded-Proto when TRUST_PROXY says to believe it). */
  secure: boolean;
}
type CookieResponse = Pick<ServerResponse, 'appendHeader'>;

interface SealedData {
  sid?: string;
}

/** The request's side of a session: the id it carries, and how to set or clear the cookie. */
export interface SessionCookie {
  id?: string;
  set(id: string): Promise<void>;
  clear(): void;
}

export const SESSION_COOKIE = 'contest_session';
const TTL_SECONDS = SESSION_TTL_MS / 1000;
// iron-session's own skew allowance: the cookie dies a minute before the seal does.
const COOKIE_MAX_AGE = TTL_SECONDS - 60;

// One cache per secret, so a seal is never read back under another secret.
const caches = new Map<string, LRUCache<string, string>>();
function cacheFor(password: string): LRUCache<string, string> {
  let cache = caches.get(password);
  if (!cache) caches.set(password, (cache = new LRUCache({ max: 10_000, ttl: 60_000 })));
  return cache;
}

/** The value of the cookie `name` a request carries (decoded), if any. */
export function readCookie(req: CookieRequest, name: string): string | undefined {
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

async function unseal(seal: string, password: string): Promise<string | undefined> {
  const cache = cacheFor(password);
  const hit = cache.get(seal);
  if (hit) return hit;
  if (seal.length > 4096) return undefined;
  try {
    const data = await unsealData<SealedData>(seal, { password, ttl: TTL_SECONDS });
    if (typeof data.sid !== 'string' || !data.sid) return undefined;
    cache.set(seal, data.sid);
    return data.sid;
  } catch {
    return undefined;
  }
}

/** A Set-Cookie value for an HttpOnly, SameSite=Lax cookie of the whole site; maxAge 0 ends it. */
export function cookieHeader(
  value: string,
  maxAge: number,
  secure: boolean,
  name: string = SESSION_COOKIE,
): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${maxAge}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export async function getSessionCookie(
  req: CookieRequest,
  res: CookieResponse,
  password: string,
): Promise<SessionCookie> {
  const seal = readCookie(req, SESSION_COOKIE);
  const cookie: SessionCookie = {
    id: seal ? await unseal(seal, password) : undefined,
    async set(id) {
      const sealed = await sealData({ sid: id } satisfies SealedData, {
        password,
        ttl: TTL_SECONDS,
      });
      cookie.id = id;
      res.appendHeader('Set-Cookie', cookieHeader(sealed, COOKIE_MAX_AGE, req.secure));
    },
    clear() {
      cookie.id = undefined;
      if (seal) cacheFor(password).delete(seal);
      res.appendHeader('Set-Cookie', cookieHeader('', 0, req.secure));
    },
  };
  return cookie;
}

/** How many seals are cached for a secret (tests: garbage must never take a place). */
export function cachedSealCount(password: string): number {
  return caches.get(password)?.size ?? 0;
}

/**
 * The browser's device cookie (domain/accounts/devices.ts): the signed tokens of the accounts that
 * signed in on it, most recent first. It outlives sessions (a logout keeps it) for a year.
 */
export interface DeviceCookie {
  /** The tokens as the browser sent them: not verified here. */
  tokens: readonly string[];
  /** Keeps `token` for its account on this browser, replacing that account's older one. */
  remember(token: string): void;
}

export const DEVICE_COOKIE = 'contest_device';
const DEVICE_MAX_AGE = 365 * 24 * 3600;

function parseDeviceTokens(value: string | undefined): string[] {
  if (!value || value.length > 1024) return [];
  return value.split('~').filter(Boolean).slice(0, MAX_DEVICE_TOKENS);
}

/** The list with `token` first and no other token of its account, at most the maximum long. */
export function withDeviceToken(tokens: readonly string[], token: string): string[] {
  const userId = tokenUserId(token);
  return [token, ...tokens.filter((t) => tokenUserId(t) !== userId)].slice(0, MAX_DEVICE_TOKENS);
}

/** A device cookie kept in memory: procedure tests, scripts, and contexts without a browser. */
export function memoryDeviceCookie(tokens: readonly string[] = []): DeviceCookie {
  const cookie: DeviceCookie = {
    tokens,
    remember(token) {
      cookie.tokens = withDeviceToken(cookie.tokens, token);
    },
  };
  return cookie;
}

export function getDeviceCookie(req: CookieRequest, res: CookieResponse): DeviceCookie {
  const cookie: DeviceCookie = {
    tokens: parseDeviceTokens(readCookie(req, DEVICE_COOKIE)),
    remember(token) {
      cookie.tokens = withDeviceToken(cookie.tokens, token);
      const parts = [
        `${DEVICE_COOKIE}=${cookie.tokens.join('~')}`,
        `Max-Age=${DEVICE_MAX_AGE}`,
        'Path=/',
        'HttpOnly',
        'SameSite=Lax',
      ];
      if (req.secure) parts.push('Secure');
      res.appendHeader('Set-Cookie', parts.join('; '));
    },
  };
  return cookie;
}
