// `npm run restore -- FILE [--yes]`: puts a backup archive back in place of the database the
// server uses (DATABASE_URL or DATABASE_PATH) and adds its files to UPLOAD_DIR. The archive is
// checked whole first (checksums, the database itself); every server on the database must be
// stopped; an older archive is migrated forward, one from newer code is refused. Without --yes
// it asks on a terminal, and refuses elsewhere.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline/promises';
import { redactUrl } from '../src/server/platform/db/postgres';
import { parseEnv } from '../src/server/platform/env';
import {
  ArchiveError,
  DatabaseInUseError,
  IncompatibleArchiveError,
  restoreBackup,
  type RestoreStep,
} from '../src/server/domain/operations';

const USAGE = 'Usage: npm run restore -- FILE [--yes]';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(USAGE);
  process.exit(2);
}

function parseArgs(argv: string[]): { file: string; yes: boolean } {
  let file: string | undefined;
  let yes = false;
  for (const arg of argv) {
    if (arg === '--yes' || arg === '-y') yes = true;
    else if (arg.startsWith('-')) usage(`Unknown option: ${arg}`);
    else if (file) usage('Give one archive.');
    else file = arg;
  }
  if (!file) usage();
  return { file, yes };
}

const STEPS: Record<RestoreStep, string> = {
  verify: 'Checking the archive…',
  database: 'Restoring the database…',
  migrate: 'Bringing the database to this version…',
  uploads: 'Restoring the uploaded files…',
};

async function confirm(question: string): Promise<boolean> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(`${question} Type yes to go on: `)).trim().toLowerCase() === 'yes';
  } finally {
    rl.close();
  }
}

async function main() {
  const { file, yes } = parseArgs(process.argv.slice(2));
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    usage((error as Error).message);
  }
  const where = env.DATABASE_URL
    ? `the PostgreSQL database ${redactUrl(env.DATABASE_URL)}`
    : `the SQLite database ${path.resolve(env.DATABASE_PATH)}`;
  const uploadDir = path.resolve(env.UPLOAD_DIR);
  const question = `This replaces ${where} with the archive's, and adds its files to ${uploadDir}.`;
  if (!yes) {
    if (!process.stdin.isTTY) usage(`${question} Pass --yes to do it.`);
    if (!(await confirm(question))) {
      console.error('Nothing was changed.');
      process.exit(1);
    }
  }
  try {
    const report = await restoreBackup({
      archive: file,
      target: { databaseUrl: env.DATABASE_URL, databasePath: env.DATABASE_PATH },
      uploadDir,
      onStep: (step) => console.log(STEPS[step]),
    });
    const { manifest } = report;
    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    console.log(
      `Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}): ` +
        `${rows} rows, ${report.files} uploaded files.`,
    );
    if (report.from.level !== report.to.level) {
      console.log(
        `Migrated the database forward from ${report.from.tag ?? report.from.level} to ` +
          `${report.to.tag ?? report.to.level}.`,
      );
    }
    if (report.previous) console.log(`The database it replaced is kept at ${report.previous}.`);
    if (report.extraFiles) {
      console.log(
        `${report.extraFiles} file(s) already in ${uploadDir} are not in the archive; they were ` +
          'left, and the hourly clean-up removes those nothing refers to.',
      );
    }
    console.log('Start the server(s) again.');
  } catch (error) {
    const known =
      error instanceof ArchiveError ||
      error instanceof IncompatibleArchiveError ||
      error instanceof DatabaseInUseError;
    console.error(`${known ? 'Refused' : 'Restore failed'}: ${(error as Error).message}`);
    // Every refusal comes before the first change.
    if (known) console.error('Nothing was changed.');
    process.exit(1);
  }
}

void main();
