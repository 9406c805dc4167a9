// createApp(): every middleware, /trpc, /api, uploads and the built client. No listen() here,
// so tests mount the very same app on a port they pick.
import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { createContext, type AppDeps } from './context';
import { createRestRouter } from './rest';
import { appRouter } from './routers/_app';
import { csrfGuard, requireJsonBody, securityHeaders } from './security';
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

  app.get('/api/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  app.use(['/api', '/trpc'], csrfGuard);
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

  if (options.clientDir && fs.existsSync(path.join(options.clientDir, 'index.html'))) {
    const clientDir = options.clientDir;
    app.use(
      '/assets',
      express.static(path.join(clientDir, 'assets'), {
        immutable: true,
        maxAge: '1y',
        index: false,
      }),
    );
    app.use(express.static(clientDir, { index: false, maxAge: '1h' }));
    const indexHtml = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    // Every other GET is a client route; the client shows its own 'Page Not Found'.
    app.get('/{*splat}', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(indexHtml);
    });
  }

  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    deps.logger.error({ err: error }, 'unhandled error');
    if (!res.headersSent)
      res.status(500).json({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
  });
  return app;
}
