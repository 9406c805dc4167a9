// `npm run restore`: checks an archive whole (checkArchive: the command says what is wrong before
// it asks the operator anything), then puts its database, uploads and private files in place of
// the configured ones, brings the database forward to this code's migration level, and notes the
// restore where the admin dashboard reads the last backup. In order:
//   1. extract and check every member's SHA-256 against the manifest (a damaged archive stops
//      here, before anything changes);
//   2. refuse another engine's archive, an archive from newer code than this, and a PRIVATE_DIR
//      whose way to the archive's private files passes a symbolic link (privateFiles.ts);
//   3. check the database itself: SQLite's `PRAGMA integrity_check` and the manifest's row
//      counts on the extracted copy; `pg_restore --list` on a PostgreSQL dump;
//   4. take the database exclusively (refused while any server runs on it: platform/db/inUse.ts);
//   5. SQLite: migrate the extracted copy forward, then swap it in (the old file is kept beside
//      it as `<file>.before-restore-<time>`). PostgreSQL: drop the app's tables and load the dump
//      in ONE transaction (psql --single-transaction), so a failure leaves the database as it
//      was; then migrate forward;
//   6. copy the archive's uploads into UPLOAD_DIR, and its private files (if it has them: archives
//      from before issue 31 do not, and PRIVATE_DIR is then left as it is) below PRIVATE_DIR
//      (files already there are left: the hourly clean-ups remove those nothing references);
//   7. note the restore in the restored database (schedule.ts: recordRestore). The record of
//      backups lives in the settings table, so the archive's copy has replaced it with its own,
//      which knows nothing of this archive; without the note the dashboard would say no backup
//      was ever taken.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { applyMigrations } from '../../platform/db/migrate';
import { takeExclusively, type DatabaseTarget } from '../../platform/db/inUse';
import {
  codeLevel,
  describeLevel,
  migrationsFolder,
  type MigrationLevel,
} from '../../platform/db/migrationLevel';
import { closeDatabase, openConfiguredDatabase } from '../../platform/db/client';
import { openPostgres } from '../../platform/db/postgres';
import { ArchiveError, ArchiveNotFoundError, extractArchive } from './archive';
import { DATABASE_MEMBER, PRIVATE_PREFIX, UPLOADS_PREFIX, type Manifest } from './manifest';
import { moveInto } from './move';
import { runPgTool } from './pgTools';
import { placePrivateFiles, privateTargetProblem } from './privateFiles';
import { recordRestore } from './schedule';
import { engineOf, postgresFacts, sqliteFacts } from './snapshot';

export { ArchiveError, ArchiveNotFoundError } from './archive';
export { DatabaseInUseError } from '../../platform/db/inUse';

/**
 * The archive cannot go into this install as it is: another engine, newer code than this, or a
 * PRIVATE_DIR the private files cannot safely go below (a symbolic link on the way).
 */
export class IncompatibleArchiveError extends Error {}

export interface RestoreReport {
  manifest: Manifest;
  /** The archive's level, and the level the database is at now. */
  from: MigrationLevel;
  to: MigrationLevel;
  /** The SQLite file that was replaced, kept under this name (none on PostgreSQL or a new place). */
  previous: string | null;
  files: number;
  /** Files of UPLOAD_DIR the archive does not have (left for the clean-up). */
  extraFiles: number;
  /**
   * Private files put back below PRIVATE_DIR; null when the archive predates private files in
   * backups (PRIVATE_DIR was then left as it was).
   */
  privateFiles: number | null;
  /** Files below PRIVATE_DIR the archive does not have (left for the clean-up). */
  extraPrivateFiles: number;
  /**
   * Why the restore could not be noted for the dashboard (the data is restored all the same);
   * null when it was.
   */
  unrecorded: string | null;
}

export type RestoreStep = 'verify' | 'database' | 'migrate' | 'uploads' | 'private';

/** Told of each step of a restore as it begins. */
export type RestoreStepListener = (step: RestoreStep, manifest?: Manifest) => void;

/** Which archive goes where: what a restore is called with. */
export interface RestoreSource {
  archive: string;
  target: DatabaseTarget;
  uploadDir: string;
  /** PRIVATE_DIR: where the archive's private files go (made if missing). */
  privateDir: string;
  onStep?: RestoreStepListener;
}

/** An archive extracted (into `work`, its database at `dumped`), ready to be put in place. */
interface Extracted extends Omit<RestoreSource, 'onStep'> {
  manifest: Manifest;
  work: string;
  dumped: string;
}

function levelName(l: MigrationLevel): string {
  return l.tag ?? `of ${new Date(l.level).toISOString()}`;
}

function checkCompatible(manifest: Manifest, target: DatabaseTarget): void {
  const engine = engineOf(target);
  if (manifest.engine !== engine) {
    throw new IncompatibleArchiveError(
      manifest.engine === 'sqlite'
        ? 'This is a backup of an SQLite install, and DATABASE_URL points at PostgreSQL. Restore ' +
            'it with DATABASE_URL unset (into DATABASE_PATH), then move it with npm run db:copy.'
        : 'This is a backup of a PostgreSQL install: set DATABASE_URL to the database to restore into.',
    );
  }
  const code = codeLevel(engine);
  if (manifest.migration.level > code.level) {
    throw new IncompatibleArchiveError(
      `This backup was taken by a newer version of the platform (${manifest.appVersion}, ` +
        `database migration ${levelName(manifest.migration)}) than this code, whose newest ` +
        `migration is ${levelName(code)}. Install that version (or newer) and restore with it.`,
    );
  }
}

async function verifySqlite(file: string, manifest: Manifest): Promise<void> {
  let lines: string[];
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      lines = (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map(
        (r) => r.integrity_check,
      );
    } finally {
      db.close();
    }
  } catch (error) {
    throw new ArchiveError(`its database is not readable: ${(error as Error).message}`);
  }
  if (lines.length !== 1 || lines[0] !== 'ok') {
    throw new ArchiveError(
      `its database fails SQLite's integrity check: ${lines.slice(0, 3).join('; ')}`,
    );
  }
  const { tables, level } = sqliteFacts(file);
  if (level !== manifest.migration.level || !sameCounts(tables, manifest.tables)) {
    throw new ArchiveError('its database does not hold what its manifest says');
  }
}

function sameCounts(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
}

/** Everything of the app in PostgreSQL's public and drizzle schemas (extensions stay). */
const DROP_APP_OBJECTS = `
DROP SCHEMA IF EXISTS drizzle CASCADE;
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('DROP TABLE IF EXISTS public.%I CASCADE', r.tablename);
  END LOOP;
  FOR r IN SELECT viewname FROM pg_views WHERE schemaname = 'public' LOOP
    EXECUTE format('DROP VIEW IF EXISTS public.%I CASCADE', r.viewname);
  END LOOP;
  FOR r IN SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' LOOP
    EXECUTE format('DROP SEQUENCE IF EXISTS public.%I CASCADE', r.sequencename);
  END LOOP;
END $$;
`;

async function restorePostgres(url: string, dump: string, work: string): Promise<void> {
  const script = path.join(work, 'restore.sql');
  const drop = path.join(work, 'drop.sql');
  await fs.promises.writeFile(drop, DROP_APP_OBJECTS);
  // The dump as SQL, without owners, grants or comments (they name roles this server may lack).
  await runPgTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--no-comments',
    `--file=${script}`,
    dump,
  ]);
  await runPgTool(
    'psql',
    [
      '--no-psqlrc',
      '--quiet',
      '--single-transaction',
      '-v',
      'ON_ERROR_STOP=1',
      '-f',
      drop,
      '-f',
      script,
    ],
    { url },
  );
}

/** Swaps the checked, migrated copy in for the SQLite database; answers where the old one went. */
async function swapSqlite(
  restored: string,
  databasePath: string,
  stamp: string,
): Promise<string | null> {
  const file = path.resolve(databasePath);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  let previous: string | null = null;
  if (fs.existsSync(file)) {
    // Leaving WAL mode folds the write-ahead log into the file and deletes it, so the file kept
    // aside is whole, and no old log can be replayed into the restored one.
    const old = new Database(file);
    try {
      old.pragma('journal_mode = DELETE');
    } finally {
      old.close();
    }
    previous = `${file}.before-restore-${stamp}`;
    await fs.promises.rename(file, previous);
  }
  for (const suffix of ['-wal', '-shm', '-journal']) {
    await fs.promises.rm(`${file}${suffix}`, { force: true });
  }
  await moveInto(restored, file);
  return previous;
}

/** An archive checked whole and extracted beside its target, ready to go in or be discarded. */
export interface CheckedArchive {
  manifest: Manifest;
  /**
   * Puts the archive in place of the target's database and uploads (refused while a server uses
   * the database) and removes the extracted copy. Once only.
   */
  apply: (options?: { onStep?: RestoreStepListener; now?: () => Date }) => Promise<RestoreReport>;
  /** Removes the extracted copy without changing anything (the operator said no). */
  discard: () => Promise<void>;
}

/**
 * Every check a restore makes before it changes anything: the archive is there, whole (each
 * member against its checksum), of this engine and of this code or older, and its database is
 * sound. Throws ArchiveNotFoundError, ArchiveError (damaged) or IncompatibleArchiveError; the
 * extracted copy is then already removed.
 */
export async function checkArchive({
  archive,
  target,
  uploadDir,
  privateDir,
  onStep,
}: RestoreSource): Promise<CheckedArchive> {
  if (!fs.existsSync(archive)) throw new ArchiveNotFoundError(path.resolve(archive));
  const engine = engineOf(target);
  // Beside the SQLite file (the restored copy is renamed into place), else beside the uploads.
  const near = target.databaseUrl ? path.resolve(uploadDir) : path.resolve(target.databasePath);
  await fs.promises.mkdir(path.dirname(near), { recursive: true });
  const work = await fs.promises.mkdtemp(path.join(path.dirname(near), '.restore-'));
  const discard = () => fs.promises.rm(work, { recursive: true, force: true });
  let manifest: Manifest;
  const dumped = path.join(work, DATABASE_MEMBER[engine]);
  try {
    onStep?.('verify');
    ({ manifest } = await extractArchive(archive, work));
    checkCompatible(manifest, target);
    const problem = await privateTargetProblem(privateDir, privateNames(manifest));
    if (problem) throw new IncompatibleArchiveError(problem);
    if (engine === 'sqlite') await verifySqlite(dumped, manifest);
    else {
      await runPgTool('pg_restore', ['--list', dumped]).catch((error: Error) => {
        throw new ArchiveError(`its database dump is not readable: ${error.message}`);
      });
    }
  } catch (error) {
    await discard();
    throw error;
  }
  let applied = false;
  return {
    manifest,
    discard,
    apply: async ({ onStep: onApplyStep = onStep, now = () => new Date() } = {}) => {
      if (applied) throw new Error('This archive has been applied already.');
      applied = true;
      try {
        const extracted = { archive, manifest, work, dumped, target, uploadDir, privateDir };
        return await putInPlace(extracted, { onStep: onApplyStep, now });
      } finally {
        await discard();
      }
    },
  };
}

/** The archive's private files, as paths below PRIVATE_DIR. */
function privateNames(manifest: Manifest): string[] {
  return manifest.members
    .filter((m) => m.name.startsWith(PRIVATE_PREFIX))
    .map((m) => m.name.slice(PRIVATE_PREFIX.length));
}

async function putInPlace(
  { archive, manifest, work, dumped, target, uploadDir, privateDir }: Extracted,
  { onStep, now }: { onStep?: RestoreStepListener; now: () => Date },
): Promise<RestoreReport> {
  const engine = engineOf(target);
  const hold = await takeExclusively(target);
  try {
    const stamp = now().toISOString().replace(/[:.]/g, '-');
    let previous: string | null = null;
    let level: number;
    onStep?.('database', manifest);
    if (engine === 'sqlite') {
      // Forward on the copy first: a failing migration leaves the current database untouched.
      onStep?.('migrate', manifest);
      const conn = new Database(dumped);
      try {
        await applyMigrations(conn, {
          file: dumped,
          migrationsFolder: migrationsFolder('sqlite'),
        });
      } finally {
        conn.close();
      }
      level = sqliteFacts(dumped).level;
      previous = await swapSqlite(dumped, target.databasePath, stamp);
    } else {
      const url = target.databaseUrl!;
      await restorePostgres(url, dumped, work);
      onStep?.('migrate', manifest);
      const { pool } = await openPostgres(url, { poolSize: 1 });
      try {
        const client = await pool.connect();
        try {
          level = (await postgresFacts(client)).level;
        } finally {
          client.release();
        }
      } finally {
        await pool.end();
      }
    }

    onStep?.('uploads', manifest);
    await fs.promises.mkdir(uploadDir, { recursive: true });
    const names = new Set<string>();
    for (const member of manifest.members) {
      if (!member.name.startsWith(UPLOADS_PREFIX)) continue;
      const name = member.name.slice(UPLOADS_PREFIX.length);
      names.add(name);
      await moveInto(path.join(work, member.name), path.join(uploadDir, name));
    }
    const present = await fs.promises.readdir(uploadDir, { withFileTypes: true });
    const extraFiles = present.filter((e) => e.isFile() && !names.has(e.name)).length;

    let privateFiles: number | null = null;
    let extraPrivateFiles = 0;
    if (manifest.private) {
      onStep?.('private', manifest);
      const relatives = privateNames(manifest);
      ({ extraFiles: extraPrivateFiles } = await placePrivateFiles(work, privateDir, relatives));
      privateFiles = relatives.length;
    }

    // Last, once everything is in place: the note says a whole restore happened. A failure here
    // is reported, not thrown, since the data is restored and a retry would restore it again.
    let unrecorded: string | null = null;
    try {
      const db = await openConfiguredDatabase({ ...target, poolSize: 1 }, { migrate: false });
      try {
        await recordRestore(db, {
          archive,
          size: (await fs.promises.stat(archive)).size,
          manifest,
          at: now(),
        });
      } finally {
        await closeDatabase(db);
      }
    } catch (error) {
      unrecorded = (error as Error).message;
    }
    return {
      manifest,
      from: manifest.migration,
      to: describeLevel(engine, level),
      previous,
      files: names.size,
      extraFiles,
      privateFiles,
      extraPrivateFiles,
      unrecorded,
    };
  } finally {
    await hold.release();
  }
}

/** checkArchive, then apply: a restore without a question between them (tests, scripts). */
export async function restoreBackup(
  options: RestoreSource & { now?: () => Date },
): Promise<RestoreReport> {
  const checked = await checkArchive(options);
  return checked.apply(options);
}
