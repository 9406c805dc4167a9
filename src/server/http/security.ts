// Request guards and response headers shared by every path (DESIGN.md 'Security decisions'),
// and the error handler of last resort that keeps a malformed request a 4xx, never a 500.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type pino from 'pino';
import type { AppDeps } from '../trpc/context';
import { clientFailure } from '../platform/errorMapping';
import { logSecurityEvent } from './requestLog';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function refuse(res: Response, status: number, message: string, code: string): void {
  res.status(status).json({ message, code });
}

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** `identity`, however spelt: `Identity`, `identity, identity`. Anything else needs decoding. */
const isIdentity = (encoding: string) =>
  encoding.split(',').every((token) => token.trim().toLowerCase() === 'identity');

/**
 * Refuses, before any router sees it, a request no handler can read: a path with broken
 * percent-encoding (Express would throw a URIError deep in a router or in `send`) and a body
 * in a Content-Encoding we do not decode (body-parser would inflate gzip, tRPC would not: one
 * rule for both, and no decompression work for an attacker to ask for).
 */
export function rejectMalformedRequests(req: Request, res: Response, next: NextFunction): void {
  try {
    decodeURIComponent(req.path);
  } catch {
    return refuse(res, 400, 'Malformed URL', 'BAD_REQUEST');
  }
  const encoding = req.get('content-encoding');
  if (encoding !== undefined && hasBody(req) && !isIdentity(encoding)) {
    return refuse(res, 415, 'Unsupported body encoding', 'UNSUPPORTED_MEDIA_TYPE');
  }
  next();
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

/**
 * Refuses state-changing requests from other sites: Sec-Fetch-Site 'cross-site', or an Origin
 * that is not the app's own in scheme, host and port, gets 403. The app's own origin is
 * PUBLIC_URL when set (behind a proxy the request itself may say http://internal:5000), else
 * what this request was addressed to. Clients without those headers (curl, scripts) pass.
 */
export function csrfGuard(deps: Pick<AppDeps, 'publicOrigin' | 'logger'>): RequestHandler {
  const publicOrigin = deps.publicOrigin ? originOf(deps.publicOrigin) : undefined;
  const refuseCrossSite = (req: Request, res: Response, reason: string) => {
    // The Origin is the other site's name, not a secret: it says where the attempt came from.
    logSecurityEvent(
      req,
      deps.logger,
      'csrf-refused',
      { reason, origin: req.get('origin')?.slice(0, 200) },
      'cross-site request refused',
    );
    refuse(res, 403, 'Cross-site request refused', 'FORBIDDEN');
  };
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.get('sec-fetch-site') === 'cross-site') {
      return refuseCrossSite(req, res, 'sec-fetch-site');
    }
    const origin = req.get('origin');
    if (origin !== undefined) {
      const own = publicOrigin ?? originOf(`${req.protocol}://${req.get('host') ?? ''}`);
      if (!own || originOf(origin) !== own) return refuseCrossSite(req, res, 'origin');
    }
    next();
  };
}

/** A body on a JSON path must be JSON: this refuses form posts (the classic CSRF vector). */
export function requireJsonBody(req: Request, res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method)) return next();
  if (hasBody(req) && !req.is('application/json')) {
    res.status(415).json({
      message: 'Content-Type must be application/json',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    return;
  }
  next();
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
export function notFound(_req: Request, res: Response): void {
  refuse(res, 404, 'Not found', 'NOT_FOUND');
}

/** The app's last error handler: a client's mistake is a 4xx { message, code }, the rest 500. */
export function errorHandler(logger: pino.Logger) {
  return (error: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    const clientError = clientErrorOf(error);
    // The mapping every path shares (a database out of reach: 503 with Retry-After).
    const failure = clientError ? undefined : clientFailure(error, 'rest');
    if (failure?.unexpected) logger.error({ err: error }, 'unhandled error');
    if (res.headersSent) return;
    if (clientError) refuse(res, clientError.status, clientError.message, clientError.code);
    else if (failure) {
      if (failure.retryAfter) res.setHeader('Retry-After', String(failure.retryAfter));
      refuse(res, failure.status, failure.body.message, failure.code);
    }
  };
}
