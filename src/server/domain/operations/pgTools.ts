// PostgreSQL's client programs (pg_dump, pg_restore, psql), found on PATH or where Debian installs
// them, and run with the password out of the command line (other users can read a process's
// arguments, not its environment).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export type PgTool = 'pg_dump' | 'pg_restore' | 'psql';

function executable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The program's path: on PATH first, else under the newest /usr/lib/postgresql/<version>/bin.
 * Missing, an Error that says what to install.
 */
export function findPgTool(
  name: PgTool,
  {
    searchPath = process.env.PATH ?? '',
    roots = ['/usr/lib/postgresql'],
  }: { searchPath?: string; roots?: string[] } = {},
): string {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    if (executable(file)) return file;
  }
  for (const root of roots) {
    let versions: string[];
    try {
      versions = fs.readdirSync(root);
    } catch {
      continue;
    }
    for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
      const file = path.join(root, version, 'bin', name);
      if (executable(file)) return file;
    }
  }
  throw new Error(
    `${name} was not found on PATH or under /usr/lib/postgresql/*/bin. Install PostgreSQL's ` +
      'client programs, of the same major version as the server or newer (Debian and Ubuntu: ' +
      'apt-get install postgresql-client; Alpine: apk add postgresql-client; macOS: brew install libpq).',
  );
}

/** The connection for libpq's programs: the URL without its password, which goes in PGPASSWORD. */
export function libpqConnection(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL program to its end; a failure is an Error carrying what it wrote. */
export async function runPgTool(
  name: PgTool,
  args: string[],
  { url, stdout }: { url?: string; stdout?: (chunk: Buffer) => void } = {},
): Promise<void> {
  const program = findPgTool(name);
  const connection = url ? libpqConnection(url) : null;
  const child = spawn(program, connection ? [...args, `--dbname=${connection.dbname}`] : args, {
    env: { ...process.env, ...connection?.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (d: Buffer) => {
    // Enough to say what went wrong, not a whole restore's worth of notices.
    if (errors.length < 8000) errors += d.toString();
  });
  child.stdout.on('data', (d: Buffer) => stdout?.(d));
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (exit ${code}): ${errors.trim() || 'no message'}`));
    });
  });
}
