// The built client (dist/client): each file as its precompressed .br or .gz copy (written by
// scripts/build.mjs) when the browser accepts it, brotli first; hashed /assets cached for a year;
// index.html, the shell of every client route, revalidated on each load and carrying the public
// settings, so the first screen needs no request for them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { TPlatformSettings, TPublicSettings } from '../../shared/schemas/settings';
import type { DB } from '../platform/db/client';
import { getPlatformSettings } from '../domain/settings';
import { SESSION_COOKIE } from '../trpc/session';

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

/** Where index.html takes the page's start-up data; a page built without it is served as it is. */
export const BOOT_MARK = '<!--boot-data-->';

/**
 * The public settings as data for the page: a JSON script is never executed, so the CSP's
 * script-src 'self' allows it. '<' (and '>', '&') escaped, so no value can end the element.
 */
export function settingsScript(settings: TPlatformSettings): string {
  // The same fields as settings.public answers (typed, so a new public field is not forgotten).
  const { siteName, contactEmail, enableRegistration, maintenanceMode } = settings;
  const publicSettings: TPublicSettings = {
    siteName,
    contactEmail,
    enableRegistration,
    maintenanceMode,
  };
  const json = JSON.stringify(publicSettings).replace(
    /[<>&]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script id="public-settings" type="application/json">${json}</script>`;
}

/**
 * Said when the request carries no session cookie at all: then no one is signed in, and the
 * client shows /auth at once instead of waiting for auth.me to say so. Only the cookie's
 * presence is read (no unsealing); with a cookie the client asks, as before.
 */
export const NO_SESSION_META = '<meta name="session" content="none" />';

const SESSION_COOKIE_SENT = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);
const hasSessionCookie = (req: Request) => SESSION_COOKIE_SENT.test(req.headers.cookie ?? '');

interface RenderedPage {
  /** What it was rendered from: the template's mtime and the settings object (cached per db). */
  mtimeMs: number;
  settings: TPlatformSettings;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * index.html with the current public settings in it, or undefined when the build has no place
 * for them. Rendered (and compressed) once per settings value, per build of the template and
 * per cookie case: getPlatformSettings answers the same object until the settings change.
 */
function bootPage(indexFile: string, db: DB): RequestHandler | undefined {
  if (!fs.readFileSync(indexFile, 'utf8').includes(BOOT_MARK)) return undefined;
  const pages = new Map<boolean, RenderedPage>();
  const render = async (signedOut: boolean): Promise<RenderedPage> => {
    // A rebuild while the server runs swaps dist/client: the new page names the new chunks.
    const { mtimeMs } = fs.statSync(indexFile);
    const settings = await getPlatformSettings({ db });
    const cached = pages.get(signedOut);
    if (cached && cached.mtimeMs === mtimeMs && cached.settings === settings) return cached;
    const data = settingsScript(settings) + (signedOut ? NO_SESSION_META : '');
    const raw = Buffer.from(fs.readFileSync(indexFile, 'utf8').replace(BOOT_MARK, () => data));
    // As the build does for files: compressed copies only over 1 KB.
    const big = raw.length > 1024;
    const page: RenderedPage = {
      mtimeMs,
      settings,
      raw,
      br: big ? zlib.brotliCompressSync(raw) : undefined,
      gzip: big ? zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION }) : undefined,
    };
    pages.set(signedOut, page);
    return page;
  };
  return async (req, res) => {
    const { raw, br, gzip } = await render(!hasSessionCookie(req));
    const encoding = br || gzip ? req.acceptsEncodings('br', 'gzip') : false;
    const body = encoding === 'br' ? br : encoding === 'gzip' ? gzip : undefined;
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding, Cookie');
    res.type('html');
    if (body) res.setHeader('Content-Encoding', encoding as string);
    res.send(body ?? raw);
  };
}

/**
 * Mounts the client on app; returns false (mounting nothing, so the app serves only the API)
 * when clientDir holds no built index.html.
 */
export function serveClient(app: Express, clientDir: string, db: DB): boolean {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;

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
  const page = bootPage(indexFile, db);
  if (page) app.get('/index.html', page);
  app.use(files);

  // Every other GET is a client route, answered with index.html; the client shows its own
  // 'Page Not Found'.
  app.get(
    '/{*splat}',
    page ??
      ((req: Request, res: Response, next: NextFunction) => {
        req.url = '/index.html';
        files(req, res, next);
      }),
  );
  return true;
}
