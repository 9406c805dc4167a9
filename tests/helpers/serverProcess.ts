// The real entry point (`src/server/index.ts`, as `npm start` runs it) in a child process on
// 127.0.0.1 and a port picked here, for tests about processes: several app servers on one
// database, a kill -9, a clean shutdown. The database is SQLite unless DATABASE_URL is given.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** Every port freePort has answered in this process. */
const handedOut = new Set<number>();

export async function freePort(): Promise<number> {
  // A port just closed can be the system's next answer too: a test that asks twice before either
  // is bound (the metrics listener's port, then the app's) got the same port for both once, and
  // the server refused to start. A port handed out once is never handed out again here.
  for (let attempt = 0; attempt < 100; attempt++) {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('No free port that was not handed out already');
}

/** Resolves once `url` answers 2xx; rejects after `ms`. */
export async function waitForOk(url: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url} within ${ms} ms`);
}

export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output: () => string;
  /** SIGTERM, and the exit code once it has exited. */
  stop: () => Promise<number | null>;
  /** SIGKILL: no shutdown code runs at all. */
  kill9: () => Promise<void>;
}

/** Starts a server and resolves once /api/health answers (or rejects with its output). */
export async function startServerProcess(
  env: Record<string, string>,
  { timeoutMs = 60_000 }: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      ...process.env,
      // Whatever the test run's own database is, this process has its own unless told.
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited at start:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`The server did not start within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    port,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill9: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
