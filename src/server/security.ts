// Request guards shared by /api and /trpc (DESIGN.md 'Security decisions').
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests from other sites: a foreign Origin or Sec-Fetch-Site
 * 'cross-site' gets 403. Clients without those headers (curl, scripts) are allowed.
 */
export function csrfGuard(req: Request, res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method)) return next();
  if (req.get('sec-fetch-site') === 'cross-site') {
    res.status(403).json({ message: 'Cross-site request refused', code: 'FORBIDDEN' });
    return;
  }
  const origin = req.get('origin');
  if (origin) {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (!host || host !== req.get('host')) {
      res.status(403).json({ message: 'Cross-site request refused', code: 'FORBIDDEN' });
      return;
    }
  }
  next();
}

/** A body on a JSON path must be JSON: this refuses form posts (the classic CSRF vector). */
export function requireJsonBody(req: Request, res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method)) return next();
  const hasBody =
    req.headers['transfer-encoding'] !== undefined ||
    Number(req.headers['content-length'] ?? 0) > 0;
  if (hasBody && !req.is('application/json')) {
    res.status(415).json({
      message: 'Content-Type must be application/json',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    return;
  }
  next();
}

export function securityHeaders() {
  return helmet({
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
    // HSTS only makes sense behind https; helmet sends it, browsers ignore it over http.
  });
}
