// `npm start`'s build and process: scripts/build.mjs compiles the client and the server once, a
// second `--if-stale` run does nothing, and the server runs as plain `node dist/server/index.js`
// (no wrapper process), serving the precompressed client and exiting 0 on SIGTERM.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { dialect } from '../../src/server/platform/db/dialectChoice';

const run = promisify(execFile);
const dist = path.resolve('dist');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, timeoutMs: number, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return (await res.json()) as unknown;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`no healthy server after ${timeoutMs} ms:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function serverEnv(dir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_PATH: path.join(dir, 'app.db'),
    UPLOAD_DIR: path.join(dir, 'uploads'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
  };
}

// Not in the PostgreSQL pass: the compiled bundle on the SQLite default.
describe.skipIf(dialect === 'pg')('the compiled server', () => {
  let buildOutput = '';

  beforeAll(async () => {
    const { stdout, stderr } = await run(process.execPath, ['scripts/build.mjs'], {
      timeout: 240_000,
    });
    buildOutput = stdout + stderr;
  }, 300_000);

  it('builds the client, its precompressed copies and one server file', () => {
    expect(buildOutput).toMatch(/build: client .* server .* total/);
    expect(fs.existsSync(path.join(dist, 'server/index.js'))).toBe(true);
    expect(fs.existsSync(path.join(dist, 'server/index.js.map'))).toBe(true);
    expect(fs.existsSync(path.join(dist, 'client/index.html'))).toBe(true);
    const assets = fs.readdirSync(path.join(dist, 'client/assets'));
    const scripts = assets.filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // Every script over 1 KB has a brotli and a gzip copy, both smaller than it.
    for (const f of scripts) {
      const size = fs.statSync(path.join(dist, 'client/assets', f)).size;
      if (size <= 1024) continue;
      for (const ext of ['.br', '.gz']) {
        expect(assets, f + ext).toContain(f + ext);
        expect(fs.statSync(path.join(dist, 'client/assets', f + ext)).size).toBeLessThan(size);
      }
    }
    // The production build of React, even when built under vitest (NODE_ENV=test): only
    // react-dom's development build asks to download the React DevTools.
    const client = scripts
      .map((f) => fs.readFileSync(path.join(dist, 'client/assets', f), 'utf8'))
      .join('\n');
    expect(client).not.toMatch(/Download the React DevTools/);
    // node_modules stay outside the bundle.
    const server = fs.readFileSync(path.join(dist, 'server/index.js'), 'utf8');
    expect(server).toMatch(/from "express"/);
    expect(server).not.toMatch(/function createApplication\(/);
    const stamp = JSON.parse(fs.readFileSync(path.join(dist, '.build-stamp'), 'utf8'));
    expect(stamp.sourceMtimeMs).toBeGreaterThan(0);
  });

  it('does not rebuild with --if-stale right after a build', async () => {
    // A source saved meanwhile (others editing the tree) rightly makes one run rebuild; the
    // run after it must then find dist/ up to date.
    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      const { stdout } = await run(process.execPath, ['scripts/build.mjs', '--if-stale']);
      if (/up to date/.test(stdout)) {
        expect(Date.now() - started).toBeLessThan(5_000);
        break;
      }
      expect(stdout).toMatch(/sources changed/);
      expect(attempt, 'rebuilt on every --if-stale run').toBeLessThan(3);
    }
  }, 300_000);

  it('is what npm start runs: the build when stale, then node on the bundle', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
    expect(pkg.scripts.prestart).toBe('node scripts/build.mjs --if-stale');
    // exec: npm's shell (dash on Debian) would otherwise die on SIGTERM and orphan node.
    expect(pkg.scripts.start).toBe('exec node dist/server/index.js');
  });

  it('runs as plain node, serves health and the client, and exits 0 on SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-compiled-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['dist/server/index.js'], {
      env: serverEnv(dir, port),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    try {
      const url = `http://127.0.0.1:${port}`;
      expect(await waitForHealth(url, 30_000, () => output)).toEqual({ status: 'ok' });

      // The process that answers is the one spawned: node itself on the bundle, no wrapper.
      if (process.platform === 'linux') {
        const argv = fs.readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
        expect(argv.slice(0, 2)).toEqual([process.execPath, 'dist/server/index.js']);
        expect(fs.realpathSync(`/proc/${child.pid}/exe`)).toBe(fs.realpathSync(process.execPath));
      }

      const page = await fetch(`${url}/some/client/route`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const html = await page.text();
      const entry = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(entry, html).toBeDefined();
      const js = await fetch(url + entry!, { headers: { 'accept-encoding': 'br' } });
      expect(js.status).toBe(200);
      expect(js.headers.get('content-encoding')).toBe('br');
      expect(js.headers.get('cache-control')).toMatch(/immutable/);
      await js.arrayBuffer();

      const stoppedAt = Date.now();
      child.kill('SIGTERM');
      const code = await Promise.race([
        exited,
        new Promise<string>((r) => setTimeout(() => r('still running after 10 s'), 10_000)),
      ]);
      expect(code, output).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      expect(output).toMatch(/"msg":"closed"/);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('passes a SIGTERM sent to `npm start` on to node, which shuts down cleanly', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-npmstart-'));
    const port = await freePort();
    // The build above is fresh, so prestart only checks it (unless a source changed since).
    const npm = spawn('npm', ['start', '--silent'], {
      env: serverEnv(dir, port),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (d: Buffer) => (output += d.toString()));
    npm.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    let serverPid: number | undefined;
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, 120_000, () => output);
      // npm -> sh, which exec'd node: the server is npm's child, whose command line is node's.
      if (process.platform === 'linux') {
        const children = fs
          .readFileSync(`/proc/${npm.pid}/task/${npm.pid}/children`, 'utf8')
          .trim()
          .split(/\s+/)
          .map(Number);
        serverPid = children.find((pid) =>
          fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dist/server/index.js'),
        );
        expect(serverPid, `npm's children: ${children.join(', ')}`).toBeDefined();
        const argv = fs.readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0');
        expect(argv.slice(0, 2)).toEqual(['node', 'dist/server/index.js']);
      }
      npm.kill('SIGTERM');
      const code = await Promise.race([
        exited,
        new Promise<string>((r) => setTimeout(() => r('still running after 10 s'), 10_000)),
      ]);
      expect(code, output).toBe(0);
      expect(output).toMatch(/"signal":"SIGTERM"/);
      expect(output).toMatch(/"msg":"closed"/);
      if (serverPid) expect(fs.existsSync(`/proc/${serverPid}`)).toBe(false);
    } finally {
      if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
      if (serverPid && fs.existsSync(`/proc/${serverPid}`)) process.kill(serverPid, 'SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
