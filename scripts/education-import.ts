// `npm run education:import -- https://blog.example.org [--as USERNAME]`: imports a WordPress
// site's posts into the Education Center from the command line, with a progress bar. The same
// service as the admin screen (src/server/domain/education/wordpressImport.ts), on the database the
// server uses (DATABASE_PATH or DATABASE_URL, UPLOAD_DIR and EDUCATION_IMPORT_ALLOW_PRIVATE from the environment
// or .env). The import is recorded in the audit log as done by the given admin, or by the first.
import fs from 'node:fs';
import path from 'node:path';
import { SingleBar, Presets } from 'cli-progress';
import { and, asc, eq } from 'drizzle-orm';
import { closeDatabase, openConfiguredDatabase, type DB } from '../src/server/platform/db/client';
import { users } from '../src/server/platform/db/schema';
import { parseEnv } from '../src/server/platform/env';
import type { Actor } from '../src/server/platform/actor';
import { ImportFailedError, importWordPress } from '../src/server/domain/education/wordpressImport';
import type { TImportProgress } from '../src/shared/schemas/education';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('Usage: npm run education:import -- <WordPress site URL> [--as <admin username>]');
  process.exit(2);
}

function parseArgs(argv: string[]): { siteUrl: string; as?: string } {
  const rest = [...argv];
  let as: string | undefined;
  const at = rest.indexOf('--as');
  if (at >= 0) {
    as = rest[at + 1];
    if (!as) usage('--as needs an admin username');
    rest.splice(at, 2);
  }
  if (rest.length !== 1 || rest[0]!.startsWith('-')) usage();
  return { siteUrl: rest[0]!, as };
}

async function findActor(db: DB, username?: string): Promise<Actor> {
  const [admin] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.role, 'admin'), username ? eq(users.username, username) : undefined))
    .orderBy(asc(users.id))
    .limit(1);
  if (!admin) {
    throw new Error(
      username ? `No admin named ${username}` : 'No admin exists yet: start the server once first',
    );
  }
  return { ...admin, role: 'admin', ip: 'cli', userAgent: 'education-import' };
}

function summary(p: TImportProgress): string {
  return `${p.added} added, ${p.updated} updated, ${p.unchanged} unchanged, ${p.refused} refused`;
}

async function main() {
  const { siteUrl, as } = parseArgs(process.argv.slice(2));
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const env = parseEnv();
  const db = await openConfiguredDatabase({
    databaseUrl: env.DATABASE_URL,
    databasePath: env.DATABASE_PATH,
    poolSize: 2,
  });
  const bar = new SingleBar(
    { format: 'Importing [{bar}] page {value}/{total} | {counts}', hideCursor: true },
    Presets.shades_classic,
  );
  let started = false;
  try {
    const actor = await findActor(db, as);
    const progress = await importWordPress({
      db,
      actor,
      uploadDir: path.resolve(env.UPLOAD_DIR),
      siteUrl,
      allowPrivate: env.EDUCATION_IMPORT_ALLOW_PRIVATE,
      onProgress: (p) => {
        if (!started) {
          bar.start(Math.max(p.totalPages, 1), 0, { counts: '' });
          started = true;
        }
        bar.update(p.page, { counts: summary(p) });
      },
    });
    bar.stop();
    console.log(`Imported from ${siteUrl}: ${summary(progress)}.`);
    for (const r of progress.refusals) {
      console.log(`  refused post ${r.wpId ?? '?'}${r.title ? ` (${r.title})` : ''}: ${r.reason}`);
    }
  } catch (error) {
    bar.stop();
    if (error instanceof ImportFailedError) {
      console.error(`Import stopped: ${error.message}`);
      console.error(`Kept what was imported before it: ${summary(error.progress)}.`);
    } else {
      console.error(`Import failed: ${(error as Error).message}`);
    }
    process.exitCode = 1;
  } finally {
    await closeDatabase(db);
  }
}

void main();
