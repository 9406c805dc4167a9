// `npm run bench`: seeds a large database, starts the production server, and measures each read
// path (REST and tRPC) against a bare node:http server answering the same SQL with a raw
// prepared statement, and REST also against a plain Express 5 app (no middleware) doing the same.
// One more row is not the product: tRPC's node adapter alone over a constant answer, the floor
// every tRPC path stands on. Prints requests/s, p50/p99 and ratios, plus the client bundle size.
// The server runs as an operator runs it, request logs included (LOG_LEVEL info; BENCH_LOG_LEVEL
// changes it).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import express from 'express';
import { initTRPC } from '@trpc/server';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import superjson from 'superjson';
// autocannon ships no types; the part used here is small.
// @ts-expect-error no declaration file
import autocannon from 'autocannon';
import { USERS, CONTESTS, seed } from './bench-seed';
import { startBenchServer } from './benchServer';
import { measureAuthPaint, printAuthPaint } from './bench-browser';

interface CannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;

function run(url: string, headers: Record<string, string> = {}): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: DURATION, headers },
      (error: Error | null, result: CannonResult) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** The same SQL as the product, through raw prepared statements: the answer for a path. */
function bareAnswers(file: string): (url: string) => unknown {
  const db = new Database(file, { readonly: true });
  const cols =
    'id, username, email, phone, full_name AS fullName, role, subscription_tier AS subscriptionTier, profile_image AS profileImage, created_at AS createdAt';
  const byId = db.prepare(`SELECT ${cols} FROM users WHERE id = ?`);
  const page = db.prepare(`SELECT ${cols} FROM users ORDER BY id LIMIT 25 OFFSET 0`);
  const total = db.prepare('SELECT count(*) AS n FROM users');
  // The members' 'all' tab and the detail page, as src/server/domain/contests/contestReads.ts asks.
  const listCols = `id, slug, title, short_description AS shortDescription, cover_image AS coverImage,
    type, category, mode, format, max_participants AS maxParticipants, participants,
    registration_deadline AS registrationDeadline, start_date AS startDate, end_date AS endDate,
    participation_type AS participationType, entry_fee AS entryFee, prize,
    required_tier AS requiredTier, status, featured, created_by AS createdBy`;
  const isPublic = "(status = 'active' OR status = 'completed') = 1";
  const contestPage = db.prepare(
    `SELECT ${listCols} FROM contests WHERE ${isPublic} ORDER BY start_date DESC, id DESC LIMIT 12 OFFSET 0`,
  );
  const contestTotal = db.prepare(`SELECT count(*) AS n FROM contests WHERE ${isPublic}`);
  const contestById = db.prepare(
    `SELECT c.*, u.username AS creatorName FROM contests c LEFT JOIN users u ON u.id = c.created_by WHERE c.id = ?`,
  );
  const answer = (url: string): unknown => {
    if (url === '/api/health') return { status: 'ok' };
    if (url === '/api/user') return byId.get(1);
    if (url.startsWith('/api/users')) {
      total.get();
      return page.all();
    }
    if (url.startsWith('/api/contests/')) return contestById.get(Number(url.slice(14)));
    if (url.startsWith('/api/contests')) {
      contestTotal.get();
      return contestPage.all();
    }
    return undefined;
  };
  return answer;
}

/**
 * tRPC's own node adapter (what the product serves /trpc with) over a one-procedure router that
 * answers the health body: the adapter's own cost, beside the bare server writing the same body.
 */
const adapterAlone = (() => {
  const t = initTRPC.create({ transformer: superjson });
  const router = t.router({ health: t.procedure.query(() => ({ status: 'ok' })) });
  return (req: http.IncomingMessage, res: http.ServerResponse) =>
    void nodeHTTPRequestHandler({ router, req, res, path: 'health', createContext: () => ({}) });
})();

/** The same SQL answered by node:http alone: the floor of any Node server. */
function startBareServer(file: string): Promise<http.Server> {
  const answer = bareAnswers(file);
  const server = http.createServer((req, res) => {
    if (req.url === '/trpc/health') return adapterAlone(req, res);
    const body = answer((req.url ?? '').split('?')[0]!);
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { message: 'Not found' }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * The same SQL answered by a plain Express 5 app with the product's routes and no middleware:
 * the floor the design chose for REST (issue 17 asks REST reads for 0.70 of it).
 */
function startExpressBaseline(file: string): Promise<http.Server> {
  const answer = bareAnswers(file);
  const app = express();
  for (const route of [
    '/api/health',
    '/api/user',
    '/api/users',
    '/api/contests',
    '/api/contests/:id',
  ]) {
    app.get(route, (req, res) => {
      res.json(answer(req.path));
    });
  }
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function bundleSize(): { files: number; gzipKB: number } {
  const html = fs.readFileSync('dist/client/index.html', 'utf8');
  // The entry script and every module it preloads: what the first page downloads.
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const gz = scripts.reduce(
    (n, s) => n + zlib.gzipSync(fs.readFileSync(path.join('dist/client', s))).length,
    0,
  );
  return { files: scripts.length, gzipKB: Math.round(gz / 1024) };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-bench-'));
  const file = path.join(dir, 'app.db');
  console.log(`Seeding ${USERS} members and ${CONTESTS} contests...`);
  await seed(file);
  // The production server, as npm start runs it (scripts/benchServer.ts).
  const server = await startBenchServer({ file, dir, portBase: 5600 });
  const { base } = server;
  const bare = await startBareServer(file);
  const bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const plainExpress = await startExpressBaseline(file);
  const expressBase = `http://127.0.0.1:${(plainExpress.address() as AddressInfo).port}`;
  try {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchadmin', password: 'benchpass123' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const headers = { cookie };
    const trpcInput = encodeURIComponent(JSON.stringify({ json: { page: 1, pageSize: 25 } }));
    const listInput = encodeURIComponent(
      JSON.stringify({ json: { tab: 'all', page: 1, pageSize: 12 } }),
    );
    const getInput = encodeURIComponent(JSON.stringify({ json: { idOrSlug: 1 } }));
    const paths: [string, string, string][] = [
      ['health (no session)', `${base}/api/health`, `${bareBase}/api/health`],
      // Not the product: the floor any path through tRPC's adapter stands on (no SQL, no session).
      ['tRPC adapter alone (bench)', `${bareBase}/trpc/health`, `${bareBase}/api/health`],
      ['REST GET /api/user', `${base}/api/user`, `${bareBase}/api/user`],
      ['tRPC auth.me', `${base}/trpc/auth.me`, `${bareBase}/api/user`],
      [
        'REST GET /api/users?page=1',
        `${base}/api/users?page=1&pageSize=25`,
        `${bareBase}/api/users`,
      ],
      [
        'tRPC adminUsers.list',
        `${base}/trpc/adminUsers.list?input=${trpcInput}`,
        `${bareBase}/api/users`,
      ],
      [
        'REST GET /api/contests?page=1',
        `${base}/api/contests?tab=all&page=1&pageSize=12`,
        `${bareBase}/api/contests`,
      ],
      [
        'tRPC contests.list',
        `${base}/trpc/contests.list?input=${listInput}`,
        `${bareBase}/api/contests`,
      ],
      ['REST GET /api/contests/1', `${base}/api/contests/1`, `${bareBase}/api/contests/1`],
      [
        'tRPC contests.get',
        `${base}/trpc/contests.get?input=${getInput}`,
        `${bareBase}/api/contests/1`,
      ],
    ];
    // BENCH_PATHS=tRPC,users measures only the paths whose name holds one of these words.
    const only = (process.env.BENCH_PATHS ?? '').split(',').filter(Boolean);
    const chosen = only.length ? paths.filter(([n]) => only.some((w) => n.includes(w))) : paths;
    const rows: string[][] = [];
    for (const [name, url, bareUrl] of chosen) {
      const product = await run(url, headers);
      const baseline = await run(bareUrl);
      // REST and health beside the plain Express app too (tRPC is not served by Express).
      const viaExpress = name.startsWith('tRPC')
        ? undefined
        : await run(bareUrl.replace(bareBase, expressBase));
      rows.push([
        name,
        product.requests.average.toFixed(0),
        `${product.latency.p50} / ${product.latency.p99}`,
        baseline.requests.average.toFixed(0),
        (product.requests.average / baseline.requests.average).toFixed(2),
        viaExpress ? viaExpress.requests.average.toFixed(0) : '',
        viaExpress ? (product.requests.average / viaExpress.requests.average).toFixed(2) : '',
        String(product.non2xx + product.errors),
      ]);
    }
    const header = [
      'path',
      'req/s',
      'p50/p99 ms',
      'bare req/s',
      'ratio',
      'express req/s',
      'vs express',
      'non-2xx',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(
      `\n${USERS} members, ${CONTESTS} contests, ${CONNECTIONS} connections, ${DURATION} s per path\n`,
    );
    console.log(line(header));
    for (const r of rows) console.log(line(r));
    const bundle = bundleSize();
    console.log(`\nFirst-page JS: ${bundle.files} file(s), ${bundle.gzipKB} KB gzipped`);
    // Cold /auth in Chromium, localhost and Fast 3G (BENCH_PAINT_RUNS=0 skips it).
    const paintRuns = Number(process.env.BENCH_PAINT_RUNS ?? 5);
    if (paintRuns > 0) printAuthPaint(await measureAuthPaint(base, paintRuns));
  } finally {
    await server.stop();
    bare.close();
    plainExpress.close();
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
