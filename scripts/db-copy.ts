// `npm run db:copy -- --to postgres://user:password@host:5432/db [--from db/app.db]`: copies an
// SQLite install (DATABASE_PATH by default) into an empty PostgreSQL database, which it migrates
// first; then start the servers with DATABASE_URL set to it. Uploads stay where UPLOAD_DIR says.
import fs from 'node:fs';
import path from 'node:path';
import { closeDatabase, openDatabase, sqliteConnection } from '../src/server/platform/db/client';
import { copySqliteToPostgres } from '../src/server/platform/db/copy';
import { openPostgres, redactUrl } from '../src/server/platform/db/postgres';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(
    'Usage: npm run db:copy -- --to postgres://user:password@host:5432/db [--from FILE]',
  );
  process.exit(2);
}

function parseArgs(argv: string[]): { to: string; from: string } {
  let to: string | undefined;
  let from: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--to') to = argv[++i];
    else if (arg === '--from') from = argv[++i];
    else usage(`Unknown argument: ${arg}`);
  }
  if (!to) usage('--to is required');
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  return { to, from: from ?? process.env.DATABASE_PATH ?? 'db/app.db' };
}

async function main() {
  const { to, from } = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(from)) usage(`No SQLite database at ${path.resolve(from)}`);
  // Opening brings the SQLite file to the code's migration level first (with its backup).
  const source = await openDatabase(from, { log: { info: (msg) => console.log(msg) } });
  let target;
  try {
    target = await openPostgres(to, { log: { info: (msg) => console.log(msg) } });
  } catch (error) {
    await closeDatabase(source);
    usage((error as Error).message);
  }
  console.log(`Copying ${path.resolve(from)} to ${redactUrl(to)}`);
  try {
    const started = Date.now();
    const report = await copySqliteToPostgres(sqliteConnection(source), target.pool, (t, n) =>
      console.log(`  ${t.padEnd(22)} ${n} rows`),
    );
    const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(`Copied ${rows} rows in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    console.log('Start the app servers with DATABASE_URL set to this database.');
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  } finally {
    await target.pool.end();
    await closeDatabase(source);
  }
}

void main();
