// createApp(): every middleware, /trpc, /api, uploads and the built client. No listen() here,
// so tests mount the very same app on a port they pick.
import express from 'express';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { createContext, type AppDeps } from '../trpc/context';
import { readiness } from '../platform/readiness';
import { createMetrics } from '../platform/metrics';
import { metricsRoute } from './metrics';
import { requestLogger } from './requestLog';
import { onTrpcError, retryAfterOf } from './trpcHooks';
import { createRestReads, createRestRouter } from './rest';
import { appRouter } from '../trpc/routers/_app';
import {
  csrfGuard,
  errorHandler,
  notFound,
  rejectMalformedRequests,
  requireJsonBody,
  setSecurityHeaders,
} from './security';
import { liveStreams } from './liveStreams';
import { compressAnswers } from './json';
import { serveClient } from './static';
import { createUploadRouter } from './uploads';
import { createScoresImportRouter } from './scoresImport';
import { createBackupRouter } from './backups';
import { createOidcRouter } from './oidc';
import { EXPRESS_PATHS } from './expressPaths';

/** /api and /trpc, and what is under them. */
const API_PATH = /^\/(?:api|trpc)(?:[/?]|$)/;

export interface CreateAppOptions {
  /** The Vite build output; when absent the app serves only the API. */
  clientDir?: string;
  trustProxy?: boolean;
  /** METRICS_TOKEN: serve GET /metrics to a request bearing it (else it is not served here). */
  metricsToken?: string;
  /**
   * false: live streams too through tRPC's adapter, not its one-write-per-event writer
   * (liveStreams.ts). Only the tests that compare the two answers set it.
   */
  liveStreams?: boolean;
}

/**
 * /trpc: the CSRF and JSON body rules, the live streams' writer, and tRPC's own adapter for every
 * query and mutation, single or batched (and what the live streams leave).
 */
function trpcRoutes(deps: AppDeps, options: CreateAppOptions): express.Router {
  const trpc = express.Router();
  trpc.use(compressAnswers);
  trpc.use(csrfGuard(deps));
  trpc.use(requireJsonBody);
  if (options.liveStreams !== false) trpc.use(liveStreams(deps));
  trpc.use(
    createExpressMiddleware({
      router: appRouter,
      // Procedures log through the request's own logger, so their lines carry its id.
      createContext: ({ req, res }) => createContext(deps, req, res),
      maxBodySize: 100 * 1024,
      // The client's batch link sends at most 10 calls at once (src/client/main.tsx).
      maxBatchSize: 10,
      onError: onTrpcError(deps.logger),
      responseMeta: ({ errors }) => {
        const retryAfter = retryAfterOf(errors);
        return retryAfter ? { headers: new Headers({ 'Retry-After': String(retryAfter) }) } : {};
      },
    }),
  );
  return trpc;
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
  // One layer for what every request gets first (each Express layer costs a match): it is
  // counted and timed, refused ones too (by route, never by raw URL); it gets an id and a log
  // line; the security headers; and API answers, per user and per moment, are never stored.
  const log = requestLogger(deps.logger);
  app.use((req, res, next) => {
    metrics.observe(req, res);
    log(req, res, () => undefined);
    setSecurityHeaders(res, req.secure);
    if (API_PATH.test(req.url)) res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(rejectMalformedRequests);
  // Alive: answers without touching anything.
  app.get(EXPRESS_PATHS.health.path, (_req, res) => {
    res.json({ status: 'ok' });
  });
  // tRPC, all of it, straight after the checks every request gets, on a router of its own: each
  // Express layer a request passes costs a match, and a tRPC request has nothing to do with the
  // REST and operations routes below.
  app.use('/trpc', trpcRoutes(deps, options));
  // REST reads straight after the checks every request gets (rest.ts says why). What stands
  // between here and the rest of the table passes reads by (the CSRF guard, the JSON body rule)
  // or answers paths no read row has (/api/ready, /metrics).
  app.use('/api', compressAnswers);
  app.use('/api', createRestReads(deps));

  // Off unless METRICS_TOKEN is set (METRICS_HOST serves it on a listener of its own instead).
  app.get(
    EXPRESS_PATHS.metrics.path,
    options.metricsToken
      ? metricsRoute(metrics, options.metricsToken)
      : (_req, res) => res.status(404).json({ message: 'Not found', code: 'NOT_FOUND' }),
  );
  // Ready to serve: the database answers, its migrations match this code, uploads can be written.
  app.get(EXPRESS_PATHS.ready.path, async (_req, res) => {
    const { ready, checks } = await readiness({ db: deps.db, uploadDir: deps.uploadDir });
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks });
  });

  app.use('/api', csrfGuard(deps));

  // Multipart uploads and the files themselves, before the JSON-only /api rules.
  app.use(createUploadRouter(deps));
  app.use(createScoresImportRouter(deps));
  app.use(createBackupRouter(deps));
  // The trips to an OpenID provider and back (redirects, not JSON).
  app.use(createOidcRouter(deps));

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
