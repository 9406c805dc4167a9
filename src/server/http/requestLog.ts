// Request logs and security events. One line per request (id, method, url, status, duration;
// never headers, cookies or bodies), and warn lines for what an operator should notice: refused
// cross-site requests, rate-limit hits, refused access and admin changes, each with its request id.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import type pino from 'pino';
import { requestLoggerOf, setRequestLogger } from '../platform/logger';

/** An incoming X-Request-Id (a proxy's) is kept only when it is a short, plain token. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

// Query keys whose values must not reach a log (a reset token in a link, a key in a script's URL).
const SECRET_QUERY_KEY = /pass|secret|token|key|auth|session|cookie|code|sig/i;
const MAX_URL_LENGTH = 2048;

/** The URL as logged: secret-looking query values replaced, and no longer than 2 KB. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  let safe = url;
  if (q >= 0) {
    const query = url
      .slice(q + 1)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        const rawKey = eq < 0 ? pair : pair.slice(0, eq);
        let key = rawKey;
        try {
          key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
        } catch {
          /* keep the raw key: it is matched all the same */
        }
        return eq >= 0 && SECRET_QUERY_KEY.test(key) ? `${rawKey}=[redacted]` : pair;
      })
      .join('&');
    safe = `${url.slice(0, q)}?${query}`;
  }
  return safe.length > MAX_URL_LENGTH ? `${safe.slice(0, MAX_URL_LENGTH)}...` : safe;
}

/** The request's id: an incoming X-Request-Id (a proxy's) when it is a short, plain token. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

const urlOf = (req: IncomingMessage) =>
  loggableUrl((req as Partial<Request>).originalUrl ?? req.url ?? '');

/**
 * Gives the request its own logger, the app's logger with the request's id (made only when
 * something logs through it: loggerFor), and writes one line when the answer is done (the caller
 * sends the id back as X-Request-Id).
 * Nothing of the request itself (headers, cookies, body) is ever logged, so no line needs
 * redacting; the lines go out in batches (platform/logDestination.ts).
 */
export function startRequestLog(
  logger: pino.Logger,
  req: IncomingMessage,
  res: ServerResponse,
  reqId: string,
): void {
  const started = Date.now();
  let child: pino.Logger | undefined;
  setRequestLogger(req, () => (child ??= logger.child({ reqId })));
  const done = () => {
    res.off('close', done);
    res.off('finish', done);
    const status = res.statusCode;
    const url = req.url ?? '';
    const level =
      status >= 500
        ? 'error'
        : // Health checks come every few seconds from a supervisor: visible only when debugging.
          url === '/api/health' || url.startsWith('/api/health?')
          ? 'debug'
          : 'info';
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      { reqId, method: req.method, url: urlOf(req), status, ms: Date.now() - started },
      res.writableEnded ? 'request completed' : 'request aborted',
    );
  };
  res.on('finish', done);
  res.on('close', done);
}

/** The request logger, first of all middleware (startRequestLog for Express). */
export function requestLogger(logger: pino.Logger) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const reqId = requestIdFor(req);
    res.setHeader('X-Request-Id', reqId);
    startRequestLog(logger, req, res, reqId);
    next();
  };
}

export type SecurityEvent =
  'csrf-refused' | 'rate-limited' | 'unauthenticated' | 'forbidden' | 'admin-action';

const EVENT_BY_STATUS: Record<number, SecurityEvent> = {
  401: 'unauthenticated',
  403: 'forbidden',
  429: 'rate-limited',
};

/** The logger for a request: its own (with the request id) when the request logger ran. */
export function loggerFor(req: IncomingMessage | undefined, fallback: pino.Logger): pino.Logger {
  return requestLoggerOf(req) ?? fallback;
}

/** A security event at warn, with the request's id and address. */
export function logSecurityEvent(
  req: (IncomingMessage & { ip?: string }) | undefined,
  fallback: pino.Logger,
  event: SecurityEvent,
  fields: Record<string, unknown>,
  message: string,
): void {
  loggerFor(req, fallback).warn(
    { event, ip: req?.ip, method: req?.method, url: req ? urlOf(req) : undefined, ...fields },
    message,
  );
}

/** A refusal the client caused (401, 403, 429) is a security event; other statuses are not. */
export function logRefusal(
  req: (IncomingMessage & { ip?: string }) | undefined,
  fallback: pino.Logger,
  status: number,
  fields: { code: string; procedure?: string; retryAfter?: number },
): void {
  const event = EVENT_BY_STATUS[status];
  if (!event) return;
  const message =
    event === 'rate-limited'
      ? 'rate limit reached'
      : event === 'unauthenticated'
        ? 'refused: not signed in or wrong credentials'
        : 'refused: not allowed';
  logSecurityEvent(req, fallback, event, { status, ...fields }, message);
}
