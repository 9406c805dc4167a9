// JSON answers, the one compression path of the API: compression() (brotli or gzip, as the client
// accepts) on /trpc and /api, only from 1 KB on, where it pays; smaller answers go as they are.
// No answer carries a secret next to reflected input (CSRF is refused by origin, not by token),
// so compression leaks nothing (BREACH). The built client is compressed ahead of time instead
// (static.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import type { Request, Response } from 'express';

/** JSON answers from this size on are compressed. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * What compression may touch: never a server-sent event stream (leaderboard.onChange), which
 * gzip would hold back in its buffer instead of sending each event as it happens. (tRPC also
 * marks its streams Cache-Control: no-transform, which compression honours; this does not rely
 * on that.)
 */
function compressible(req: Request, res: Response): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  return !type.startsWith('text/event-stream') && compression.filter(req, res);
}

/**
 * The API's answers compressed from 1 KB (brotli at quality 4, compression()'s default: most of
 * brotli's gain for a fraction of its cost). An answer with a length below the threshold goes as
 * it is; tRPC's adapter streams its answers without a length, so a small one may be compressed
 * too (harmless, a few bytes either way).
 */
const compressor = compression({
  threshold: COMPRESS_FROM_BYTES,
  filter: compressible,
});

/** The answer that `next` writes, compressed from 1 KB as the client accepts. */
export function compressAnswers(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  // compression() is connect middleware: its types name Express's request and answer, but it
  // reads and wraps only what node's own have.
  (compressor as unknown as typeof compressAnswers)(req, res, next);
}

/** A REST answer: `value` as JSON (as Express's res.json writes it), with its length. */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value) ?? '';
  res.writeHead(status, [
    'Content-Type',
    'application/json; charset=utf-8',
    'Content-Length',
    String(Buffer.byteLength(body)),
  ]);
  res.end(body);
}
