// GET /metrics in Prometheus' text format. Off unless the operator turns it on: with
// METRICS_TOKEN the app answers it to a request bearing that token (constant-time compare);
// with METRICS_HOST it is served by a listener of its own (index.ts), open to whoever reaches
// that address (bind it to a private interface).
import crypto from 'node:crypto';
import http from 'node:http';
import type { RequestHandler } from 'express';
import type { Metrics } from '../platform/metrics';
import { AppError } from '../platform/errors';
import { clientFailure } from '../platform/errorMapping';

async function send(metrics: Metrics, res: http.ServerResponse): Promise<void> {
  const body = await metrics.registry.metrics();
  res.writeHead(200, {
    'Content-Type': metrics.registry.contentType,
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

function sameToken(given: string, token: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The app's GET /metrics, for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`. */
export function metricsRoute(metrics: Metrics, token: string): RequestHandler {
  return (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !sameToken(given, token)) {
      const failure = clientFailure(
        new AppError('UNAUTHORIZED', 'A metrics token is required'),
        'rest',
      );
      res.setHeader('WWW-Authenticate', 'Bearer');
      res.status(failure.status).json(failure.body);
      return;
    }
    send(metrics, res).catch(next);
  };
}

/** A listener that serves only /metrics (METRICS_HOST=host:port). */
export function startMetricsListener(
  metrics: Metrics,
  host: string,
  port: number,
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === '/metrics') {
      send(metrics, res).catch(() => {
        res.writeHead(500).end();
      });
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
