// The production server as the benches measure it: built if stale, started as `npm start` runs
// it (dist/server/index.js) in a child process on 127.0.0.1 over a seeded SQLite file, and
// answered /api/health before the bench begins. One function for every bench, so they all
// measure the same server the same way (the request log at BENCH_LOG_LEVEL, 'info' by default).
// BENCH_CPU_PROFILE=DIR (or `cpuProfileDir`) runs it under --cpu-prof: the profile is written
// into DIR when the server stops (scripts/bench-profile.ts reads one). BENCH_SERVER_LOG=FILE (or
// `logFile`) keeps its standard output (the request log) there; `serverTimes` reads a stretch of
// it: each answer's time inside the server, beside the client's (which adds the queue before it).
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitForOk } from '../tests/helpers/serverProcess';

export interface BenchServer {
  base: string;
  port: number;
  child: ChildProcess;
  /** Stops the server and waits for it to exit (a CPU profile is written by then). */
  stop(): Promise<void>;
}

export async function startBenchServer(opts: {
  /** The SQLite file, seeded. */
  file: string;
  /** The bench's own directory (uploads go under it). */
  dir: string;
  /** The port is drawn from [portBase, portBase + 200). */
  portBase: number;
  env?: Record<string, string>;
  cpuProfileDir?: string;
  /** Where the request log goes (else BENCH_SERVER_LOG, else nowhere). */
  logFile?: string;
}): Promise<BenchServer> {
  execFileSync('node', ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
  const port = opts.portBase + Math.floor(Math.random() * 200);
  const profileDir = opts.cpuProfileDir ?? process.env.BENCH_CPU_PROFILE;
  const logFile = opts.logFile ?? process.env.BENCH_SERVER_LOG;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  // BENCH_NODE_FLAGS='--trace-gc …': flags for the server's node alone (NODE_OPTIONS refuses some).
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, ...profile, 'dist/server/index.js'], {
    env: {
      ...process.env,
      DATABASE_PATH: opts.file,
      UPLOAD_DIR: path.join(opts.dir, 'uploads'),
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      ...opts.env,
    },
    stdio: ['ignore', logFile ? fs.openSync(logFile, 'w') : 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited;
  };
  try {
    await waitForOk(`${base}/api/health`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, port, child, stop };
}

/** The request log's size now: where the next stretch `serverTimes` reads begins. */
export function logOffset(logFile: string): number {
  return fs.statSync(logFile).size;
}

/**
 * The time inside the server (pino-http's `ms`: from the request's arrival in Express to its
 * answer's last byte handed to the kernel) of each request logged since `from`, sorted.
 */
export function serverTimes(logFile: string, from: number): number[] {
  const fd = fs.openSync(logFile, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.max(0, size - from));
    fs.readSync(fd, buffer, 0, buffer.length, from);
    const times: number[] = [];
    for (const line of buffer.toString('utf8').split('\n')) {
      if (!line.includes('"request completed"')) continue;
      const ms = (JSON.parse(line) as { ms?: unknown }).ms;
      if (typeof ms === 'number') times.push(ms);
    }
    return times.sort((a, b) => a - b);
  } finally {
    fs.closeSync(fd);
  }
}
