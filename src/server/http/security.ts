// Request guards and response headers shared by every path (DESIGN.md 'Security decisions'),
// and the error handler of last resort that keeps a malformed request a 4xx, never a 500.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, RequestHandler } from 'express';
import helmet from 'helmet';
import type pino from 'pino';
import type { AppDeps } from '../trpc/context';
import { clientFailure } from '../platform/errorMapping';
import { sendJson } from './json';
import type { AddressedRequest } from './requestAddress';
import { logSecurityEvent } from './requestLog';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request refused by a guard: its status and the `{ message, code }` the client reads. */
export interface Refusal {
  status: number;
  message: string;
  code: string;
}

/** Sends a guard's refusal as every JSON refusal is sent. */
export function refuse(res: ServerResponse, { status, message, code }: Refusal): void {
  sendJson(res, status, { message, code });
}

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** `identity`, however spelt: `Identity`, `identity, identity`. Anything else needs decoding. */
const isIdentity = (encoding: string) =>
  encoding.split(',').every((token) => token.trim().toLowerCase() === 'identity');

/** The path of a request's URL, without its query. */
export function pathnameOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/**
 * What no handler can read, refused before any path sees it: a path with broken
 * percent-encoding (Express would throw a URIError deep in a router or in `send`) and a body
 * in a Content-Encoding we do not decode (body-parser would inflate gzip, tRPC would not: one
 * rule for both, and no decompression work for an attacker to ask for).
 */
export function malformedRequest(req: IncomingMessage, pathname: string): Refusal | undefined {
  try {
    decodeURIComponent(pathname);
  } catch {
    return { status: 400, message: 'Malformed URL', code: 'BAD_REQUEST' };
  }
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && hasBody(req) && !isIdentity(encoding)) {
    return { status: 415, message: 'Unsupported body encoding', code: 'UNSUPPORTED_MEDIA_TYPE' };
  }
  return undefined;
}

/** scheme://host[:port], normalised as browsers send it in `Origin` (default port dropped). */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** A refusal of the cross-site guard: it is logged as a security event where it is made. */
export type CrossSiteGuard = (req: AddressedRequest) => Refusal | undefined;

/**
 * Refuses state-changing requests from other sites: Sec-Fetch-Site 'cross-site', or an Origin
 * that is not the app's own in scheme, host and port, gets 403. The app's own origin is
 * PUBLIC_URL when set (behind a proxy the request itself may say http://internal:5000), else
 * what this request was addressed to. Clients without those headers (curl, scripts) pass.
 */
export function crossSiteGuard(deps: Pick<AppDeps, 'publicOrigin' | 'logger'>): CrossSiteGuard {
  const publicOrigin = deps.publicOrigin ? originOf(deps.publicOrigin) : undefined;
  const refused = (req: AddressedRequest, reason: string, origin?: string): Refusal => {
    // The Origin is the other site's name, not a secret: it says where the attempt came from.
    logSecurityEvent(
      req,
      deps.logger,
      'csrf-refused',
      { reason, origin: origin?.slice(0, 200) },
      'cross-site request refused',
    );
    return { status: 403, message: 'Cross-site request refused', code: 'FORBIDDEN' };
  };
  return (req) => {
    if (SAFE_METHODS.has(req.method ?? 'GET')) return undefined;
    if (req.headers['sec-fetch-site'] === 'cross-site') return refused(req, 'sec-fetch-site');
    const origin = req.headers.origin;
    if (origin === undefined) return undefined;
    const scheme = req.secure ? 'https' : 'http';
    const own = publicOrigin ?? originOf(`${scheme}://${req.headers.host ?? ''}`);
    return !own || originOf(origin) !== own ? refused(req, 'origin', origin) : undefined;
  };
}

/** A body on a JSON path must be JSON: this refuses form posts (the classic CSRF vector). */
export function nonJsonBody(req: IncomingMessage): Refusal | undefined {
  if (SAFE_METHODS.has(req.method ?? 'GET') || !hasBody(req)) return undefined;
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json'
    ? undefined
    : {
        status: 415,
        message: 'Content-Type must be application/json',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      };
}

/** A guard as Express middleware (for /api): its refusal answered, or on to the next layer. */
export function asMiddleware(
  guard: (req: AddressedRequest) => Refusal | undefined,
): RequestHandler {
  return (req, res, next) => {
    const refusal = guard(req);
    if (refusal) refuse(res, refusal);
    else next();
  };
}

// Every powerful feature this app never uses, denied to it and to anything it might embed.
// Only names Chromium knows: an unknown one is a console error on every page.
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const HSTS = 'max-age=31536000; includeSubDomains';

/** helmet's answer headers, worked out once: they depend on nothing in the request. */
function helmetHeaders(): [string, string][] {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // Chakra UI (emotion) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // The same as frame-ancestors 'none', for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    // Sent below, and only over https: on plain http it is meaningless at best.
    strictTransportSecurity: false,
  });
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

const SECURITY_HEADERS: readonly [string, string][] = [
  ...helmetHeaders(),
  ['Permissions-Policy', PERMISSIONS_POLICY],
];

/**
 * The security headers of every answer (helmet's, worked out once, and Permissions-Policy);
 * Strict-Transport-Security only over https (`secure`: the TLS socket, or X-Forwarded-Proto
 * when TRUST_PROXY says to believe it).
 */
export function setSecurityHeaders(res: ServerResponse, secure: boolean): void {
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
  if (secure) res.setHeader('Strict-Transport-Security', HSTS);
}

interface HttpErrorLike {
  type?: unknown;
  status?: unknown;
  statusCode?: unknown;
}

const CODE_BY_STATUS: Record<number, [string, string]> = {
  400: ['BAD_REQUEST', 'Bad request'],
  404: ['NOT_FOUND', 'Not found'],
  405: ['METHOD_NOT_SUPPORTED', 'Method not allowed'],
  413: ['PAYLOAD_TOO_LARGE', 'Request body is too large'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type'],
};

/**
 * What a middleware error means for the client, when it is the client's fault: body-parser's
 * typed errors, a URIError from decoding a path or a parameter, and any http-errors 4xx
 * (status set by the library that threw it). Undefined means it is ours: a 500.
 */
export function clientErrorOf(
  error: unknown,
): { status: number; message: string; code: string } | undefined {
  if (error instanceof URIError) {
    return { status: 400, message: 'Malformed URL', code: 'BAD_REQUEST' };
  }
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, status, statusCode } = error as HttpErrorLike;
  switch (type) {
    case 'entity.parse.failed':
      return { status: 400, message: 'Malformed JSON body', code: 'BAD_REQUEST' };
    case 'entity.too.large':
      return { status: 413, message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, message: 'Unsupported body encoding', code: 'UNSUPPORTED_MEDIA_TYPE' };
    case 'request.aborted':
    case 'request.size.invalid':
      return { status: 400, message: 'Incomplete request body', code: 'BAD_REQUEST' };
  }
  const httpStatus = typeof status === 'number' ? status : statusCode;
  if (typeof httpStatus === 'number' && httpStatus >= 400 && httpStatus < 500) {
    // Express's router throws a 400 'Failed to decode param' for a bad %-sequence in a param.
    if (/decode/i.test((error as Error).message ?? '')) {
      return { status: 400, message: 'Malformed URL', code: 'BAD_REQUEST' };
    }
    const [code, message] = CODE_BY_STATUS[httpStatus] ?? ['BAD_REQUEST', 'Bad request'];
    return { status: httpStatus, message, code };
  }
  return undefined;
}

/** Whatever no route answered: JSON like every other refusal, not Express's HTML page. */
export function notFound(_req: IncomingMessage, res: ServerResponse): void {
  refuse(res, { status: 404, message: 'Not found', code: 'NOT_FOUND' });
}

/** The app's last error handler: a client's mistake is a 4xx { message, code }, the rest 500. */
export function errorHandler(logger: pino.Logger) {
  return (
    error: unknown,
    _req: IncomingMessage,
    res: ServerResponse,
    _next?: NextFunction,
  ): void => {
    const clientError = clientErrorOf(error);
    // The mapping every path shares (a database out of reach: 503 with Retry-After).
    const failure = clientError ? undefined : clientFailure(error, 'rest');
    if (failure?.unexpected) logger.error({ err: error }, 'unhandled error');
    if (res.headersSent) return;
    if (clientError) refuse(res, clientError);
    else if (failure) {
      if (failure.retryAfter) res.setHeader('Retry-After', String(failure.retryAfter));
      refuse(res, { status: failure.status, message: failure.body.message, code: failure.code });
    }
  };
}
