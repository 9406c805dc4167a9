// The real entry point: starts on a port of its own, answers /api/health, and on SIGTERM
// finishes, ends open event streams, closes the database cleanly and exits 0.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dialect } from '../../src/server/platform/db/dialectChoice';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(check: () => Promise<boolean>, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Not in the PostgreSQL pass: the SQLite default's start and WAL checkpoint (multiServer and durability start real servers on PostgreSQL).
describe.skipIf(dialect === 'pg')('npm start entry point', () => {
  it('starts, serves health, and shuts down cleanly on SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-start-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_PATH: path.join(dir, 'app.db'),
        UPLOAD_DIR: path.join(dir, 'uploads'),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listen line:\n${output}`)), 30_000);
        child.stdout.on('data', () => {
          const m = /"port":(\d+)/.exec(output);
          if (m) {
            clearTimeout(timer);
            resolve(Number(m[1]));
          }
        });
      });
      const base = `http://127.0.0.1:${port}`;
      const res = await fetch(`${base}/api/health`);
      expect(await res.json()).toEqual({ status: 'ok' });
      expect(output).toMatch(/password: \S+/);

      // A live leaderboard is open (an event stream never goes idle by itself): the shutdown
      // ends it instead of waiting for it.
      const [, username, password] = /username: (\S+)\s+password: (\S+)/.exec(output)!;
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
      const contest = (await (
        await fetch(`${base}/api/contests/the-dake-contest`, { headers: { cookie } })
      ).json()) as { id: number };
      const input = encodeURIComponent(JSON.stringify({ json: { contestId: contest.id } }));
      const stream = await fetch(`${base}/trpc/leaderboard.onChange?input=${input}`, {
        headers: { accept: 'text/event-stream', cookie },
      });
      const reader = stream.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('connected');
      const ended = (async () => {
        try {
          while (!(await reader.read()).done);
          return 'ended';
        } catch {
          return 'ended';
        }
      })();

      const code = await new Promise<number | null>((resolve) => {
        child.on('exit', (c) => resolve(c));
        child.kill('SIGTERM');
      });
      expect(code).toBe(0);
      expect(await ended).toBe('ended');
      expect(output).toContain('ending open event streams');
      // A clean close checkpoints the WAL and removes it.
      expect(fs.existsSync(path.join(dir, 'app.db-wal'))).toBe(false);
      expect(fs.existsSync(path.join(dir, '.session-secret'))).toBe(true);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('still shuts down on SIGTERM after whatever read its log output has gone away', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-start-'));
    // A real pipe (a FIFO), as in `npm start | some-log-shipper`: node's own stdio pipes are
    // socket pairs, which fail differently.
    const fifo = path.join(dir, 'stdout.fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const writer = fs.openSync(fifo, 'w');
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_PATH: path.join(dir, 'app.db'),
        UPLOAD_DIR: path.join(dir, 'uploads'),
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', writer, 'ignore'],
    });
    fs.closeSync(writer);
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitFor(async () => (await fetch(`${base}/api/health`)).ok);
      // The reader goes away (a log shipper that died, `| head`): from now on every log line
      // meets a broken pipe, and log lines are being written when the signal comes.
      fs.closeSync(reader);
      await fetch(`${base}/api/health`);
      const busy = Array.from({ length: 20 }, () => fetch(`${base}/api/health`).catch(() => null));
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => resolve(-1), 15_000);
        child.on('exit', (c) => {
          clearTimeout(timer);
          resolve(c);
        });
        child.kill('SIGTERM');
      });
      await Promise.all(busy);
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
