// `npm run restore -- FILE [--yes]`: puts a backup archive back in place of the database the
// server uses (DATABASE_URL or DATABASE_PATH), adds its files to UPLOAD_DIR and its private files
// (answer keys, submitted files) below PRIVATE_DIR. The archive is
// checked whole first (checksums, the database itself), before anything is asked: a damaged one is
// said to be damaged and nothing else happens. Every server on the database must be stopped; an
// older archive is migrated forward, one from newer code is refused. Without --yes it asks on a
// terminal, and refuses elsewhere. The restore is noted where the admin dashboard reads it.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline/promises';
import { redactUrl } from '../src/server/platform/db/postgres';
import { parseEnv } from '../src/server/platform/env';
import {
  ArchiveError,
  ArchiveNotFoundError,
  checkArchive,
  DatabaseInUseError,
  IncompatibleArchiveError,
  type CheckedArchive,
  type RestoreReport,
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
  private: 'Restoring the private files…',
};

async function confirm(question: string): Promise<boolean> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  // Ctrl+C or the end of input at the question is a no, so the checked copy is removed.
  const asked = new AbortController();
  rl.on('SIGINT', () => asked.abort());
  rl.on('close', () => asked.abort());
  try {
    const answer = await rl.question(`${question} Type yes to go on: `, { signal: asked.signal });
    return answer.trim().toLowerCase() === 'yes';
  } catch (error) {
    if ((error as Error).name !== 'AbortError') throw error;
    process.stdout.write('\n');
    return false;
  } finally {
    rl.close();
  }
}

/** Every refusal of the check comes before the first change. */
function refuseArchive(file: string, error: unknown): never {
  if (error instanceof ArchiveError) {
    console.error(`The archive ${file} is damaged: ${error.reason}.`);
  } else if (error instanceof ArchiveNotFoundError) {
    console.error(`There is no file at ${error.file}.`);
  } else if (error instanceof IncompatibleArchiveError) {
    console.error(`Refused: ${error.message}`);
  } else {
    console.error(`The archive could not be checked: ${(error as Error).message}`);
  }
  console.error('Nothing was changed.');
  process.exit(1);
}

function printReport(report: RestoreReport, uploadDir: string, privateDir: string): void {
  const { manifest } = report;
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}): ` +
      `${rows} rows, ${report.files} uploaded files` +
      (report.privateFiles === null ? '.' : `, ${report.privateFiles} private files.`),
  );
  if (report.privateFiles === null) {
    console.log(
      `The archive does not hold the private folder (it was taken before backups carried ` +
        `PRIVATE_DIR): ${privateDir} was left as it was.`,
    );
  }
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
  if (report.extraPrivateFiles) {
    console.log(
      `${report.extraPrivateFiles} private file(s) already in ${privateDir} are not in the ` +
        'archive; they were left, and the hourly clean-up removes those nothing refers to.',
    );
  }
  if (report.unrecorded) {
    console.error(
      `(The restore is complete; noting it for the dashboard failed: ${report.unrecorded})`,
    );
  }
  console.log('Start the server(s) again.');
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
  const target = { databaseUrl: env.DATABASE_URL, databasePath: env.DATABASE_PATH };
  const uploadDir = path.resolve(env.UPLOAD_DIR);
  const privateDir = path.resolve(env.PRIVATE_DIR);
  const onStep = (step: RestoreStep) => console.log(STEPS[step]);

  let checked: CheckedArchive;
  try {
    checked = await checkArchive({ archive: file, target, uploadDir, privateDir, onStep });
  } catch (error) {
    refuseArchive(file, error);
  }

  const where = env.DATABASE_URL
    ? `the PostgreSQL database ${redactUrl(env.DATABASE_URL)}`
    : `the SQLite database ${path.resolve(env.DATABASE_PATH)}`;
  const question =
    `The archive holds the backup of ${checked.manifest.createdAt} (version ` +
    `${checked.manifest.appVersion}). This replaces ${where} with the archive's, and adds its ` +
    `files to ${uploadDir}` +
    (checked.manifest.private ? ` and its private files to ${privateDir}.` : '.');
  if (!yes) {
    if (!process.stdin.isTTY) {
      await checked.discard();
      usage(`${question} Pass --yes to do it.`);
    }
    if (!(await confirm(question))) {
      await checked.discard();
      console.error('Nothing was changed.');
      process.exit(1);
    }
  }
  try {
    printReport(await checked.apply({ onStep }), uploadDir, privateDir);
  } catch (error) {
    const known = error instanceof DatabaseInUseError;
    console.error(`${known ? 'Refused' : 'Restore failed'}: ${(error as Error).message}`);
    // Refused before the first change.
    if (known) console.error('Nothing was changed.');
    process.exit(1);
  }
}

void main();
