// createApp(): every middleware, /trpc, /api, uploads and the built client. No listen() here,
// so tests mount the very same app on a port they pick.
import express from 'express';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { createContext, type AppDeps } from './context';
import { createRestRouter } from './rest';
import { appRouter } from './routers/_app';
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

export interface CreateAppOptions {
  /** The Vite build output; when absent the app serves only the API. */
  clientDir?: string;
  trustProxy?: boolean;
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  app.set('etag', false);
  app.use(securityHeaders());
  app.use(['/api', '/trpc'], noStore);
  app.use(rejectMalformedRequests);

  app.get('/api/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  app.use(['/api', '/trpc'], csrfGuard(deps));
  app.use('/trpc', requireJsonBody);
  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req, res }) => createContext(deps, req, res),
      maxBodySize: 100 * 1024,
      // The client's batch link sends at most 10 calls at once (src/client/main.tsx).
      maxBatchSize: 10,
      onError: ({ error, path: procedure }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          deps.logger.error({ err: error.cause ?? error, procedure }, 'procedure failed');
        }
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

  const api = express.Router();
  api.use(requireJsonBody);
  api.use(createRestRouter(deps));
  app.use('/api', api);

  // The built client, precompressed; every other GET answers index.html (src/server/static.ts).
  if (options.clientDir) serveClient(app, options.clientDir);

  app.use(notFound);
  app.use(errorHandler(deps.logger));
  return app;
}
