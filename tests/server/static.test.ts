// The built client through createApp(): precompressed copies by Accept-Encoding (brotli first),
// a year's immutable cache for hashed /assets, index.html revalidated as every client route.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/http/app';
import { IMMUTABLE } from '../../src/server/http/static';
import { createTestDb, type TestDb } from '../helpers/db';

// Over 1 KB, as the build compresses only those; distinct bytes per encoding to tell them apart.
const script = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
const indexHtml =
  '<!doctype html><html><head><title>Test</title></head><body><div id="root"></div>' +
  `<!-- ${'padding '.repeat(200)} --><script type="module" src="/assets/app-abc123.js"></script>` +
  '</body></html>\n';

function fakeClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const js = path.join(dir, 'assets', 'app-abc123.js');
  fs.writeFileSync(js, script);
  fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${js}.gz`, zlib.gzipSync(script));
  // A small stylesheet with no compressed copies, as the build leaves files under 1 KB.
  fs.writeFileSync(path.join(dir, 'assets', 'app-def456.css'), 'body{margin:0}\n');
  const html = path.join(dir, 'index.html');
  fs.writeFileSync(html, indexHtml);
  fs.writeFileSync(`${html}.br`, zlib.brotliCompressSync(indexHtml));
  fs.writeFileSync(`${html}.gz`, zlib.gzipSync(indexHtml));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that sends exactly the headers given and leaves the body encoded, unlike fetch(). */
function get(base: string, urlPath: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(base + urlPath, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

async function listen(app: ReturnType<typeof createApp>) {
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function close(server: http.Server) {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('serving the built client', () => {
  let t: TestDb;
  let clientDir: string;
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    t = await createTestDb();
    clientDir = fakeClient();
    ({ server, url } = await listen(createApp(t.deps, { clientDir })));
  });
  afterAll(async () => {
    await close(server);
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const asset = '/assets/app-abc123.js';

  it('prefers brotli when the browser accepts it', async () => {
    const res = await get(url, asset, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('falls back to gzip, and honours q=0 for brotli', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await get(url, asset, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(zlib.gunzipSync(res.body).toString()).toBe(script);
    }
  });

  it('sends the file itself without Accept-Encoding, or with identity only', async () => {
    const requests: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }];
    for (const headers of requests) {
      const res = await get(url, asset, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      // The answer still depends on Accept-Encoding, so caches must key on it.
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.body.toString()).toBe(script);
    }
  });

  it('sends a file without compressed copies as it is, immutable under /assets', async () => {
    const res = await get(url, '/assets/app-def456.css', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body.toString()).toBe('body{margin:0}\n');
  });

  it('answers a missing asset with 404, not the HTML shell', async () => {
    const res = await get(url, '/assets/app-old999.js', { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });

  it('answers every client route with index.html, revalidated (no-cache)', async () => {
    for (const page of ['/', '/auth', '/contests/12/leaderboard', '/index.html']) {
      const plain = await get(url, page);
      expect(plain.status, page).toBe(200);
      expect(plain.headers['content-type'], page).toMatch(/^text\/html/);
      expect(plain.headers['cache-control'], page).toBe('no-cache');
      expect(plain.headers['content-encoding'], page).toBeUndefined();
      expect(plain.body.toString(), page).toBe(indexHtml);

      const br = await get(url, page, { 'accept-encoding': 'gzip, br' });
      expect(br.headers['content-encoding'], page).toBe('br');
      expect(br.headers['content-type'], page).toMatch(/^text\/html/);
      expect(br.headers['cache-control'], page).toBe('no-cache');
      expect(br.headers['vary'], page).toMatch(/Accept-Encoding/i);
      expect(zlib.brotliDecompressSync(br.body).toString(), page).toBe(indexHtml);
    }
  });

  it('serves other root files with a short cache and keeps the API in front', async () => {
    const icon = await get(url, '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');

    const health = await get(url, '/api/health');
    expect(health.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
  });
});

describe('without a built client', () => {
  it('serves only the API', async () => {
    const t = await createTestDb();
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-noclient-'));
    const { server, url } = await listen(createApp(t.deps, { clientDir: empty }));
    try {
      expect((await get(url, '/')).status).toBe(404);
      expect((await get(url, '/api/health')).status).toBe(200);
    } finally {
      await close(server);
      await t.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
