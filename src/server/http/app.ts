// createApp(): every middleware, /trpc, /api, uploads and the built client. No listen() here,
// so tests mount the very same app on a port they pick.
import compression from 'compression';
import express from 'express';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { createContext, type AppDeps } from '../trpc/context';
import { readiness } from '../platform/readiness';
import { createMetrics } from '../platform/metrics';
import { metricsRoute } from './metrics';
import { logRefusal, loggerFor, requestLogger } from './requestLog';
import { createRestRouter } from './rest';
import { appRouter } from '../trpc/routers/_app';
import {
  csrfGuard,
  errorHandler,
  noStore,
  notFound,
  rejectMalformedRequests,
  requireJsonBody,
  securityHeaders,
} from './security';
import { serveClient } from './static';
import { createUploadRouter } from './uploads';
import { createBackupRouter } from './backups';

/**
 * What compression may touch: never a server-sent event stream (leaderboard.onChange), which
 * gzip would hold back in its buffer instead of sending each event as it happens. (tRPC also
 * marks its streams Cache-Control: no-transform, which compression honours; this does not rely
 * on that.)
 */
function compressible(req: express.Request, res: express.Response): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  return !type.startsWith('text/event-stream') && compression.filter(req, res);
}

export interface CreateAppOptions {
  /** The Vite build output; when absent the app serves only the API. */
  clientDir?: string;
  trustProxy?: boolean;
  /** METRICS_TOKEN: serve GET /metrics to a request bearing it (else it is not served here). */
  metricsToken?: string;
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  app.set('etag', false);
  // Every request is counted and timed, refused ones too (by route, never by raw URL).
  const metrics = createMetrics({
    db: deps.db,
    procedures: new Set(Object.keys(appRouter._def.procedures)),
  });
  app.locals.metrics = metrics;
  app.use((req, res, next) => {
    metrics.observe(req, res);
    next();
  });
  // First, so every request, refused ones too, has an id and a log line.
  app.use(requestLogger(deps.logger));
  app.use(securityHeaders());
  app.use(['/api', '/trpc'], noStore);
  // JSON answers over 1 KB, gzip or brotli as the client accepts. Only here: the built client is
  // compressed ahead of time (static.ts). No answer carries a secret next to reflected input
  // (CSRF is refused by origin, not by token), so compression leaks nothing (BREACH).
  app.use(['/api', '/trpc'], compression({ threshold: 1024, filter: compressible }));
  app.use(rejectMalformedRequests);

  // Alive: answers without touching anything.
  app.get('/api/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Off unless METRICS_TOKEN is set (METRICS_HOST serves it on a listener of its own instead).
  app.get(
    '/metrics',
    options.metricsToken
      ? metricsRoute(metrics, options.metricsToken)
      : (_req, res) => res.status(404).json({ message: 'Not found', code: 'NOT_FOUND' }),
  );
  // Ready to serve: the database answers, its migrations match this code, uploads can be written.
  app.get('/api/ready', async (_req, res) => {
    const { ready, checks } = await readiness({ db: deps.db, uploadDir: deps.uploadDir });
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks });
  });

  app.use(['/api', '/trpc'], csrfGuard(deps));
  app.use('/trpc', requireJsonBody);
  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      // Procedures log through the request's own logger, so their lines carry its id.
      createContext: ({ req, res }) =>
        createContext({ ...deps, logger: loggerFor(req, deps.logger) }, req, res),
      maxBodySize: 100 * 1024,
      // The client's batch link sends at most 10 calls at once (src/client/main.tsx).
      maxBatchSize: 10,
      onError: ({ error, path: procedure, req }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          loggerFor(req, deps.logger).error(
            { err: error.cause ?? error, procedure },
            'procedure failed',
          );
        }
        const retryAfter = (error.cause as { retryAfter?: number } | undefined)?.retryAfter;
        logRefusal(req, deps.logger, getHTTPStatusCodeFromError(error), {
          code: error.code,
          procedure,
          retryAfter,
        });
      },
      responseMeta: ({ errors }) => {
        const retryAfter = errors
          .map((e) => (e.cause as { retryAfter?: number } | undefined)?.retryAfter)
          .find((v) => typeof v === 'number');
        return retryAfter ? { headers: new Headers({ 'Retry-After': String(retryAfter) }) } : {};
      },
    }),
  );

  // Multipart uploads and the files themselves, before the JSON-only /api rules.
  app.use(createUploadRouter(deps));
  app.use(createBackupRouter(deps));

  const api = express.Router();
  api.use(requireJsonBody);
  api.use(createRestRouter(deps));
  app.use('/api', api);

  // The built client, precompressed; every other GET answers index.html (src/server/static.ts).
  if (options.clientDir) serveClient(app, options.clientDir, deps.db);

  app.use(notFound);
  app.use(errorHandler(deps.logger));
  return app;
}
