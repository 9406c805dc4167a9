// Sending a JSON answer, the REST adapter's one way: compressed (brotli or
// gzip, as the client accepts) only from 1 KB on, where it pays; smaller answers go as they are.
// No answer carries a secret next to reflected input (CSRF is refused by origin, not by token),
// so compression leaks nothing (BREACH). The built client is compressed ahead of time instead
// (static.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Negotiator from 'negotiator';

/** JSON answers from this size on are compressed. */
export const COMPRESS_FROM_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);
// Quality 4: most of brotli's gain for a fraction of its default (11) cost, as compression() uses.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** The body, compressed when it is large enough and the client takes an encoding we make. */
export async function encodeBody(
  req: IncomingMessage,
  body: string,
): Promise<{ data: Buffer | string; encoding?: string }> {
  if (!req.headers['accept-encoding'] || Buffer.byteLength(body) < COMPRESS_FROM_BYTES) {
    return { data: body };
  }
  // negotiator 1's preference option (as compression() passes it) is newer than its typings.
  const negotiator = new Negotiator(req) as unknown as {
    encoding(available: string[], options: { preferred: string[] }): string | undefined;
  };
  const method = negotiator.encoding(['br', 'gzip', 'deflate', 'identity'], {
    preferred: ['br', 'gzip'],
  });
  if (method === 'br') return { data: await brotli(body, BROTLI_OPTIONS), encoding: 'br' };
  if (method === 'gzip') return { data: await gzip(body), encoding: 'gzip' };
  if (method === 'deflate') return { data: await deflate(body), encoding: 'deflate' };
  return { data: body };
}

/**
 * Writes `body` (JSON text) with `headers`, a flat [name, value, ...] list that writeHead sends
 * without building a header object (headers set on `res` before, such as a cookie or the security
 * headers, are merged in by Node), its length and encoding.
 */
export async function sendJsonText(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
  headers: string[],
): Promise<void> {
  const { data, encoding } = await encodeBody(req, body);
  headers.push('Content-Length', String(Buffer.byteLength(data)));
  if (encoding) headers.push('Content-Encoding', encoding);
  res.writeHead(status, headers);
  res.end(data);
}

/** A REST answer: `value` as JSON (as Express's res.json writes it), compressed from 1 KB. */
export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  value: unknown,
): Promise<void> {
  return sendJsonText(req, res, status, JSON.stringify(value) ?? '', [
    'Content-Type',
    'application/json; charset=utf-8',
    'Vary',
    'Accept-Encoding',
  ]);
}
