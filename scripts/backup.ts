// `npm run backup [-- --out FILE]`: an online backup of the server's database (DATABASE_URL or
// DATABASE_PATH), its upload directory (UPLOAD_DIR) and its private files (PRIVATE_DIR: answer
// keys and submitted files) into one .tar.gz, while the servers keep
// serving. Without --out the archive goes into BACKUP_DIR, else the current folder, under a name
// with the time. Prints a progress bar on a terminal (plain lines otherwise), then the archive's
// path and size.
import fs from 'node:fs';
import path from 'node:path';
import { Presets, SingleBar } from 'cli-progress';
import { closeDatabase, openConfiguredDatabase } from '../src/server/platform/db/client';
import { parseEnv } from '../src/server/platform/env';
import { formatBytes } from '../src/shared/format';
import {
  archiveName,
  createBackup,
  recordLastBackup,
  type BackupProgress,
} from '../src/server/domain/operations';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('Usage: npm run backup [-- --out FILE]');
  process.exit(2);
}

function parseArgs(argv: string[]): { out?: string } {
  let out: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--out') {
      out = argv[++i];
      if (!out) usage('--out needs a file name');
    } else usage(`Unknown argument: ${arg}`);
  }
  return { out };
}

/** A bar on a terminal; a line per phase and per quarter otherwise (logs, CI, cron mail). */
function progressReporter(): { update: (p: BackupProgress) => void; stop: () => void } {
  if (process.stdout.isTTY) {
    const bar = new SingleBar(
      { format: 'Archiving [{bar}] {percentage}% | {done} of {all}', hideCursor: true },
      Presets.shades_classic,
    );
    let started = false;
    return {
      update: (p) => {
        if (p.phase === 'database') return void console.log('Copying the database…');
        const values = { done: formatBytes(p.done), all: formatBytes(p.total) };
        if (!started) bar.start(Math.max(p.total, 1), p.done, values);
        started = true;
        bar.update(p.done, values);
      },
      stop: () => {
        if (started) bar.stop();
      },
    };
  }
  let quarter = -1;
  return {
    update: (p) => {
      if (p.phase === 'database') return void console.log('Copying the database…');
      const q = p.total ? Math.floor((p.done / p.total) * 4) : 4;
      if (q === quarter) return;
      quarter = q;
      console.log(`Archiving: ${q * 25}% (${formatBytes(p.done)} of ${formatBytes(p.total)})`);
    },
    stop: () => undefined,
  };
}

async function main() {
  const { out } = parseArgs(process.argv.slice(2));
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    usage((error as Error).message);
  }
  const target = { databaseUrl: env.DATABASE_URL, databasePath: env.DATABASE_PATH };
  const file = path.resolve(out ?? path.join(env.BACKUP_DIR ?? '.', archiveName(new Date())));
  const progress = progressReporter();
  let result;
  try {
    result = await createBackup({
      target,
      uploadDir: path.resolve(env.UPLOAD_DIR),
      privateDir: path.resolve(env.PRIVATE_DIR),
      out: file,
      onProgress: progress.update,
    });
  } catch (error) {
    progress.stop();
    console.error(`Backup failed: ${(error as Error).message}`);
    process.exit(1);
  }
  progress.stop();
  const { manifest } = result;
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `Backed up ${rows} rows in ${Object.keys(manifest.tables).length} tables, ` +
      `${manifest.uploads.count} uploaded files and ${manifest.private?.count ?? 0} private ` +
      `files (${manifest.engine}, migration ` +
      `${manifest.migration.tag ?? manifest.migration.level}).`,
  );
  console.log(`Archive: ${result.file} (${formatBytes(result.size)})`);
  // Noted where the dashboard reads it. The database is opened as it is: never migrated here.
  try {
    const db = await openConfiguredDatabase({ ...target, poolSize: 1 }, { migrate: false });
    try {
      await recordLastBackup(db, result);
    } finally {
      await closeDatabase(db);
    }
  } catch (error) {
    console.error(
      `(The backup is complete; noting it for the dashboard failed: ${(error as Error).message})`,
    );
  }
}

void main();
