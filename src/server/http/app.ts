// createApp(): the request listener of the node:http server (requestHandler.ts: what every
// request gets, liveness and /trpc ahead of Express) and the Express app behind it (/api, uploads,
// the OpenID trips, the built client). No listen() of its own making here beyond `listen`, so
// tests mount the very same app on a port they pick.
import http, { type Server } from 'node:http';
import express from 'express';
import type { AppDeps } from '../trpc/context';
import { readiness } from '../platform/readiness';
import { createMetrics, type Metrics } from '../platform/metrics';
import { metricsRoute } from './metrics';
import { createRestReads, createRestRouter } from './rest';
import { appRouter } from '../trpc/routers/_app';
import { asMiddleware, crossSiteGuard, errorHandler, nonJsonBody, notFound } from './security';
import { compressAnswers } from './json';
import { serveClient } from './static';
import { createUploadRouter } from './uploads';
import { createScoresImportRouter } from './scoresImport';
import { createSubmissionFilesRouter } from './submissionFiles';
import { createStatementFilesRouter } from './tradingStatementFiles';
import { createBackupRouter } from './backups';
import { createOidcRouter } from './oidc';
import { EXPRESS_PATHS } from './expressPaths';
import { trpcDoor, type TrpcDoorOptions } from './trpcDoor';
import { FRONT_ROUTES, requestHandler, type RequestListener } from './requestHandler';
import type { TrustFn } from './requestAddress';

export interface CreateAppOptions extends TrpcDoorOptions {
  /** The Vite build output; when absent the app serves only the API. */
  clientDir?: string;
  trustProxy?: boolean;
  /** METRICS_TOKEN: serve GET /metrics to a request bearing it (else it is not served here). */
  metricsToken?: string;
}

export interface App {
  /** The node:http server's request listener. */
  handle: RequestListener;
  metrics: Metrics;
  /** The Express app behind the listener, and the routes the listener answers itself. */
  express: express.Express;
  frontRoutes: readonly string[];
  /** A node:http server on `port` (0: any free one); `callback` hears a failure to listen too. */
  listen(port: number, host: string, callback?: (error?: Error) => void): Server;
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}): App {
  // Every request is counted and timed, refused ones too (by route, never by raw URL).
  const metrics = createMetrics({
    db: deps.db,
    procedures: new Set(Object.keys(appRouter._def.procedures)),
  });
  const app = createExpressApp(deps, options, metrics);
  const handle = requestHandler({
    logger: deps.logger,
    metrics,
    trust: app.get('trust proxy fn') as TrustFn,
    trpc: trpcDoor(deps, options),
    rest: app,
  });
  return {
    handle,
    metrics,
    express: app,
    frontRoutes: FRONT_ROUTES,
    listen(port, host, callback) {
      const server = http.createServer(handle);
      // As Express's own listen: the callback hears an error to listen as well (once).
      if (callback) {
        let called = false;
        const once = (error?: Error) => {
          if (called) return;
          called = true;
          callback(error);
        };
        server.once('error', once);
        return server.listen(port, host, () => once());
      }
      return server.listen(port, host);
    },
  };
}

/** /api (the REST table, readiness, metrics), uploads, the OpenID trips and the built client. */
function createExpressApp(deps: AppDeps, options: CreateAppOptions, metrics: Metrics) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  app.set('etag', false);
  // REST reads first (rest.ts says why). What stands between here and the rest of the table
  // passes reads by (the CSRF guard, the JSON body rule) or answers paths no read row has
  // (/api/ready, /metrics).
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

  app.use('/api', asMiddleware(crossSiteGuard(deps)));

  // Multipart uploads and the files themselves, before the JSON-only /api rules.
  app.use(createUploadRouter(deps));
  app.use(createScoresImportRouter(deps));
  app.use(createSubmissionFilesRouter(deps));
  app.use(createStatementFilesRouter(deps));
  app.use(createBackupRouter(deps));
  // The trips to an OpenID provider and back (redirects, not JSON).
  app.use(createOidcRouter(deps));

  app.use('/api', asMiddleware(nonJsonBody), createRestRouter(deps));

  // The built client, precompressed; every other GET answers index.html (src/server/static.ts).
  if (options.clientDir) serveClient(app, options.clientDir, deps.db);

  app.use(notFound);
  app.use(errorHandler(deps.logger));

  return app;
}
