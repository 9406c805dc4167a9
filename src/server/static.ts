// The built client (dist/client): each file as its precompressed .br or .gz copy (written by
// scripts/build.mjs) when the browser accepts it, brotli first; hashed /assets cached for a year;
// index.html, the shell of every client route, revalidated on each load.
import fs from 'node:fs';
import path from 'node:path';
import type { Express, NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const ONE_HOUR = 'public, max-age=3600';

function staticFiles(root: string, cacheControl: (file: string) => string) {
  return expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      // file is the one sent: index.html.br for index.html, so name the original.
      setHeaders: (res, file) =>
        res.setHeader('Cache-Control', cacheControl(file.replace(/\.(br|gz)$/, ''))),
    },
  });
}

/**
 * Mounts the client on app; returns false (mounting nothing, so the app serves only the API)
 * when clientDir holds no built index.html.
 */
export function serveClient(app: Express, clientDir: string): boolean {
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) return false;

  // Vite names these by content hash: a changed file is a new URL.
  app.use(
    '/assets',
    staticFiles(path.join(clientDir, 'assets'), () => IMMUTABLE),
  );
  // A chunk that is not there (a page open across a deploy asking for an old one) fails fast
  // as a 404 instead of being answered with the HTML shell.
  app.use('/assets', (_req: Request, res: Response) => {
    res.status(404).type('text').send('Not found');
  });

  // favicon, theme-init.js, images: stable names, so a short cache; HTML is always revalidated.
  const files = staticFiles(clientDir, (file) => (file.endsWith('.html') ? 'no-cache' : ONE_HOUR));
  app.use(files);

  // Every other GET is a client route, answered with index.html; the client shows its own
  // 'Page Not Found'.
  app.get('/{*splat}', (req: Request, res: Response, next: NextFunction) => {
    req.url = '/index.html';
    files(req, res, next);
  });
  return true;
}
