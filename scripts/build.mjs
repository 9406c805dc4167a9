// Builds what `npm start` runs: the client with Vite into dist/client (plus .br and .gz copies of
// every compressible file over 1 KB, served by src/server/static.ts) and the server with esbuild
// into dist/server/index.js (one ESM file; node_modules stay external), with each worker thread's
// entry bundled beside it (dist/server/scoringWorker.js: scoring/index.ts finds it there;
// dist/server/statementWorker.js: trading/statements/parsePool.ts).
//
//   node scripts/build.mjs             full build (`npm run build`)
//   node scripts/build.mjs --if-stale  build only when dist/ is missing or older than a source
//                                      (`prestart`), so a start after the first one is instant
//
// Builds run one at a time per checkout (dist/.build-lock, buildLock.mjs).
//
// dist/.build-stamp records the newest source mtime seen when the last build began, so the
// staleness check is one walk of the sources' mtimes, no hashing.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { withBuildLock } from './buildLock.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const CLIENT_DIR = path.join(DIST, 'client');
const CLIENT_INDEX = path.join(CLIENT_DIR, 'index.html');
const SERVER_FILE = path.join(DIST, 'server', 'index.js');
const WORKER_FILE = path.join(DIST, 'server', 'scoringWorker.js');
const STATEMENT_WORKER_FILE = path.join(DIST, 'server', 'statementWorker.js');
const STAMP_FILE = path.join(DIST, '.build-stamp');
const LOCK_FILE = path.join(DIST, '.build-lock');

/** Everything the two builds read; a newer mtime on any of them (or a folder in them) means stale. */
const SOURCES = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build.mjs',
];
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt']);
const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The newest mtime under p (files and folders: a folder's mtime moves when a file is added or removed). */
function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  let newest = stat.mtimeMs;
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(p))
      newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

function newestSourceMtime() {
  return Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(STAMP_FILE, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * What is out of date: 'full' (a rebuild), 'compress' (dist/client was rebuilt by a plain
 * `vite build`, as the browser suites do, so only its .br/.gz copies are missing) or undefined.
 */
function staleness(sourceMtime) {
  const stamp = readStamp();
  if (!stamp) return { kind: 'full', why: 'no previous build' };
  if (!fs.existsSync(SERVER_FILE)) return { kind: 'full', why: 'dist/server/index.js is missing' };
  if (!fs.existsSync(WORKER_FILE))
    return { kind: 'full', why: 'dist/server/scoringWorker.js is missing' };
  if (!fs.existsSync(STATEMENT_WORKER_FILE))
    return { kind: 'full', why: 'dist/server/statementWorker.js is missing' };
  if (!fs.existsSync(CLIENT_INDEX)) return { kind: 'full', why: 'dist/client is missing' };
  if (sourceMtime > stamp.sourceMtimeMs) return { kind: 'full', why: 'sources changed' };
  if (fs.statSync(CLIENT_INDEX).mtimeMs !== stamp.clientIndexMtimeMs)
    return { kind: 'compress', why: 'dist/client was rebuilt without precompressed copies' };
  return undefined;
}

function walk(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Writes file.br and file.gz beside each compressible file over 1 KB, at maximum quality. */
async function precompress(dir) {
  const files = walk(dir).filter(
    (f) => COMPRESSIBLE.has(path.extname(f)) && fs.statSync(f).size > MIN_COMPRESS_BYTES,
  );
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const raw = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      // A copy that is not smaller is useless; the server then sends the file itself.
      if (br.length < raw.length) {
        await fs.promises.writeFile(`${file}.br`, br);
        written++;
      }
      if (gz.length < raw.length) {
        await fs.promises.writeFile(`${file}.gz`, gz);
        written++;
      }
    }),
  );
  return { files: files.length, written };
}

/** The largest JavaScript file of the client build with its raw, gzip and brotli sizes. */
function largestJs(dir) {
  const js = walk(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ f, size: fs.statSync(f).size }))
    .sort((a, b) => b.size - a.size)[0];
  if (!js) return undefined;
  const size = (f) => (fs.existsSync(f) ? fs.statSync(f).size : js.size);
  return {
    file: path.relative(dir, js.f),
    raw: js.size,
    gz: size(`${js.f}.gz`),
    br: size(`${js.f}.br`),
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const seconds = (from) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

async function buildClient() {
  // Built beside dist/client and swapped in at the end, so a server or a test reading
  // dist/client meanwhile never sees a half-written folder.
  const staging = path.join(DIST, '.client-next');
  // What npm start serves is always the production build, whoever runs this: under vitest
  // (NODE_ENV=test, the browser tests' global setup) Vite would otherwise bundle React's
  // development runtime, twice the size and several times slower.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  await build({
    mode: 'production',
    root: ROOT,
    logLevel: 'warn',
    build: { outDir: staging, emptyOutDir: true },
  });
  const compressed = await precompress(staging);
  const old = path.join(DIST, '.client-old');
  fs.rmSync(old, { recursive: true, force: true });
  if (fs.existsSync(CLIENT_DIR)) fs.renameSync(CLIENT_DIR, old);
  fs.renameSync(staging, CLIENT_DIR);
  fs.rmSync(old, { recursive: true, force: true });
  return compressed;
}

async function buildServer() {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: ROOT,
    // Named outputs in one folder: the server finds a worker's file by its name beside its own
    // (SCORING_WORKER_ENTRY in src/server/domain/submissions/scoring/index.ts).
    entryPoints: [
      { in: 'src/server/index.ts', out: 'index' },
      { in: 'src/server/domain/submissions/scoring/worker.ts', out: 'scoringWorker' },
      // STATEMENT_WORKER_ENTRY in src/server/domain/trading/statements/parsePool.ts.
      { in: 'src/server/domain/trading/statements/worker.ts', out: 'statementWorker' },
    ],
    outdir: path.dirname(SERVER_FILE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

function writeStamp(sourceMtime) {
  const stamp = {
    sourceMtimeMs: sourceMtime,
    clientIndexMtimeMs: fs.statSync(CLIENT_INDEX).mtimeMs,
    builtAt: new Date().toISOString(),
  };
  fs.writeFileSync(STAMP_FILE, `${JSON.stringify(stamp, null, 2)}\n`);
}

async function main() {
  fs.mkdirSync(DIST, { recursive: true });
  // A second `npm start` while the first is building waits, then finds dist/ up to date.
  await withBuildLock(LOCK_FILE, build);
}

async function build() {
  const ifStale = process.argv.includes('--if-stale');
  const started = performance.now();
  // Taken before building: a source saved during the build makes the next check rebuild.
  const sourceMtime = newestSourceMtime();
  const stale = ifStale ? staleness(sourceMtime) : { kind: 'full', why: 'requested' };
  if (!stale) {
    console.log('build: dist/ is up to date (npm run build forces a rebuild)');
    return;
  }
  fs.mkdirSync(DIST, { recursive: true });
  if (stale.kind === 'compress') {
    console.log(`build: ${stale.why}: precompressing dist/client...`);
    const c = await precompress(CLIENT_DIR);
    writeStamp(sourceMtime);
    console.log(`build: ${c.written} compressed copies of ${c.files} files in ${seconds(started)}`);
    return;
  }
  console.log(`build: ${stale.why}: building the client (Vite) and the server (esbuild)...`);
  const tClient = performance.now();
  const c = await buildClient();
  const clientTime = seconds(tClient);
  const tServer = performance.now();
  await buildServer();
  const serverTime = seconds(tServer);
  writeStamp(sourceMtime);
  const js = largestJs(CLIENT_DIR);
  console.log(
    `build: client ${clientTime} (${c.written} .br/.gz copies of ${c.files} files), ` +
      `server ${serverTime} (${kb(fs.statSync(SERVER_FILE).size)}), total ${seconds(started)}`,
  );
  if (js)
    console.log(
      `build: largest script ${js.file}: ${kb(js.raw)} raw, ${kb(js.gz)} gzip, ${kb(js.br)} brotli`,
    );
}

main().catch((error) => {
  console.error('build failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
