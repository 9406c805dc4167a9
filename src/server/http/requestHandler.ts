// The node:http server's request listener: what every request gets, once (counted and timed,
// refused ones too; an id and a log line; the caller's address and scheme; the security headers;
// no-store on API answers; malformed requests refused), then the two paths answered ahead of
// Express, liveness and tRPC (each Express layer a request passes costs a match, and neither has
// anything to do with the REST and operations routes), and Express for everything else.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pino from 'pino';
import type { Metrics } from '../platform/metrics';
import { addressRequest, type AddressedRequest, type TrustFn } from './requestAddress';
import { requestLogger } from './requestLog';
import { errorHandler, malformedRequest, pathnameOf, refuse, setSecurityHeaders } from './security';
import { EXPRESS_PATHS } from './expressPaths';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** /api and /trpc, and what is under them. */
const API_PATH = /^\/(?:api|trpc)(?:[/?]|$)/;

const HEALTH_PATH = EXPRESS_PATHS.health.path;
// Alive: answers without touching anything, the same bytes every time.
const HEALTH_BODY = Buffer.from(JSON.stringify({ status: 'ok' }));
const HEALTH_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': String(HEALTH_BODY.length),
};

export interface RequestHandlerOptions {
  logger: pino.Logger;
  metrics: Metrics;
  /** Express's compiled 'trust proxy' setting (TRUST_PROXY), so both read the address alike. */
  trust: TrustFn;
  /** /trpc and what is under it (trpcDoor.ts). */
  trpc: (req: AddressedRequest, res: ServerResponse, pathname: string) => void;
  /** Everything else: the Express app. */
  rest: RequestListener;
}

/** The paths the listener answers itself, as `method path` (for the access matrix). */
export const FRONT_ROUTES = [`get ${HEALTH_PATH}`];

export function requestHandler(options: RequestHandlerOptions): RequestListener {
  const { logger, metrics, trust, trpc, rest } = options;
  const log = requestLogger(logger);
  const failed = errorHandler(logger);
  const noop = () => undefined;
  return (incoming, res) => {
    try {
      metrics.observe(incoming, res);
      log(incoming, res, noop);
      const req = addressRequest(incoming, trust);
      setSecurityHeaders(res, req.secure);
      const url = req.url ?? '/';
      if (API_PATH.test(url)) res.setHeader('Cache-Control', 'no-store');
      const pathname = pathnameOf(url);
      const malformed = malformedRequest(req, pathname);
      if (malformed) return refuse(res, malformed);
      if (pathname === '/trpc' || pathname.startsWith('/trpc/')) return trpc(req, res, pathname);
      if (pathname === HEALTH_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
        res.writeHead(200, HEALTH_HEADERS);
        return void res.end(HEALTH_BODY);
      }
      rest(req, res);
    } catch (error) {
      failed(error, incoming, res);
    }
  };
}
