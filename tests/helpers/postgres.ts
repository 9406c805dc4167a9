// A throw-away PostgreSQL cluster for tests, from Debian's `postgresql` binaries
// (/usr/lib/postgresql/<version>/bin): a temp data directory, 127.0.0.1 on a free port, a unix
// socket inside the temp directory, trust auth, and durability off (fsync, synchronous commit,
// full-page writes) for speed: nothing in it outlives the test run. initdb refuses to run as
// root, so as root the cluster runs as the `postgres` OS user that Debian's package creates.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const DEBIAN_ROOT = '/usr/lib/postgresql';
const OS_USER = 'postgres';

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** The folder of its Unix socket (a URL's `?host=`: the bench's same-machine connection). */
  socketDir: string;
  /** A new empty database in this cluster, and its URL (one per suite keeps suites apart). */
  createDatabase: (name: string) => Promise<string>;
  /** Stops the server at once and deletes its files. */
  stop: () => Promise<void>;
  /** Stops the server at once (as a crash would), keeping its files for `resume`. */
  halt: () => Promise<void>;
  /** Starts a halted server again on the same port, and resolves once it takes connections. */
  resume: () => Promise<void>;
}

/** The bin folder of the newest PostgreSQL installed the Debian way, or null. */
export function binDir(): string | null {
  let versions: string[];
  try {
    versions = fs.readdirSync(DEBIAN_ROOT);
  } catch {
    return null;
  }
  const found = versions
    .filter((v) => fs.existsSync(path.join(DEBIAN_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return found.length ? path.join(DEBIAN_ROOT, found[0]!, 'bin') : null;
}

/** Whether a cluster can be started here (Debian's binaries are installed). */
export function available(): boolean {
  return binDir() !== null;
}

/** Says loudly that PostgreSQL tests were skipped, and why. */
export function warnSkipped(what: string): void {
  console.warn(
    `PostgreSQL binaries not found: skipping ${what} (install Debian's postgresql to run them).`,
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** A binary of the cluster's bin folder, as the postgres OS user when we are root. */
function command(bin: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', OS_USER, '--', bin, ...args]] : [bin, args];
}

/**
 * `durable`: keep PostgreSQL's fsync and synchronous commit (the benchmark compares durable
 * writes with SQLite's synchronous=FULL); tests run without them.
 */
export async function startPostgres({
  durable = false,
  settings = [],
}: {
  durable?: boolean;
  /** More server settings, as `name=value` (the bench's statement statistics). */
  settings?: string[];
} = {}): Promise<PostgresCluster> {
  const bin = binDir();
  if (!bin) throw new Error(`PostgreSQL binaries not found under ${DEBIAN_ROOT}/*/bin`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-pg-'));
  const data = path.join(dir, 'data');
  const socketDir = path.join(dir, 'socket');
  fs.mkdirSync(socketDir);
  if (asRoot) execFileSync('chown', ['-R', `${OS_USER}:`, dir]);
  // The user's own folder may be closed to the postgres user: run from the cluster's.
  const exec = (name: string, args: string[]) =>
    run(...command(path.join(bin, name), args), { cwd: dir });

  const port = await freePort();
  let startAgain: () => Promise<unknown> = () => Promise.reject(new Error('never started'));
  try {
    await exec('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
      '--no-instructions',
    ]);
    const options = [
      `-p ${port}`,
      "-c listen_addresses='127.0.0.1'",
      `-c unix_socket_directories='${socketDir}'`,
      ...(durable
        ? ['-c max_connections=200']
        : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
      ...settings.map((setting) => `-c ${setting}`),
    ].join(' ');
    await exec('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']);
    startAgain = () =>
      exec('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']);
  } catch (error) {
    const log = path.join(dir, 'log');
    const detail = fs.existsSync(log) ? `\n${fs.readFileSync(log, 'utf8')}` : '';
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`Could not start a throw-away PostgreSQL: ${String(error)}${detail}`, {
      cause: error,
    });
  }

  // A test run that dies without stop() must not leave a server behind.
  const stopNow = () => {
    try {
      execFileSync(...command(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']), {
        cwd: dir,
        stdio: 'ignore',
      });
    } catch {
      // Already stopped.
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopNow);

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    socketDir,
    createDatabase: async (name) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      await exec('psql', [
        '-h',
        socketDir,
        '-p',
        String(port),
        '-U',
        'postgres',
        '-qAt',
        '-c',
        `CREATE DATABASE ${name}`,
      ]);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    halt: async () => {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    },
    resume: async () => {
      await startAgain();
    },
    stop: async () => {
      process.removeListener('exit', stopNow);
      try {
        await exec('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
