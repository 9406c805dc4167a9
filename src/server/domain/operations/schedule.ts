// Scheduled backups (BACKUP_DIR, BACKUP_INTERVAL_HOURS, BACKUP_KEEP): one run per interval across
// however many servers share the database, the newest BACKUP_KEEP archives kept, and the last
// backup recorded in the settings table where every server (and the dashboard) reads it. A
// restore writes the same record (the archive's backup, and when it was restored), since the
// settings it brings back are the archive's own, older ones.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import type { DatabaseTarget } from '../../platform/db/inUse';
import { runOnce, type Job } from '../../platform/jobs';
import { settings } from '../../platform/db/schema';
import { createBackup, type BackupResult } from './backup';
import { ARCHIVE_NAME, archiveName, type Manifest } from './manifest';

export interface BackupSchedule {
  /** BACKUP_DIR, absolute. */
  dir: string;
  /** BACKUP_INTERVAL_HOURS; 0: no scheduled runs (the folder still serves the download). */
  intervalHours: number;
  /** BACKUP_KEEP. */
  keep: number;
}

const LAST_KEY = 'backup.last';

export interface LastBackup {
  /** When the backup was taken (its manifest's time). */
  at: Date;
  size: number;
  fileName: string;
  /** When that backup was restored, if the last event was its restore; else null. */
  restoredAt: Date | null;
}

interface StoredRecord {
  at: string;
  size: number;
  fileName: string;
  restoredAt?: string;
}

async function writeRecord(db: DB, record: StoredRecord): Promise<void> {
  const value = JSON.stringify(record);
  await db
    .insert(settings)
    .values({ key: LAST_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** Notes a finished backup (any: scheduled or from the command line). */
export async function recordLastBackup(db: DB, result: BackupResult): Promise<void> {
  await writeRecord(db, {
    at: result.manifest.createdAt,
    size: result.size,
    fileName: path.basename(result.file),
  });
}

/**
 * Notes a finished restore in the database it restored: the archive's backup (its time, size and
 * file name) and when it went back in. Until the next backup, that is the last one of this data.
 */
export async function recordRestore(
  db: DB,
  { archive, size, manifest, at }: { archive: string; size: number; manifest: Manifest; at: Date },
): Promise<void> {
  await writeRecord(db, {
    at: manifest.createdAt,
    size,
    fileName: path.basename(archive),
    restoredAt: at.toISOString(),
  });
}

export async function readLastBackup(db: DB): Promise<LastBackup | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, LAST_KEY));
  if (!row) return null;
  try {
    const parsed = JSON.parse(row.value) as StoredRecord;
    return {
      at: new Date(parsed.at),
      size: Number(parsed.size),
      fileName: String(parsed.fileName),
      restoredAt: parsed.restoredAt ? new Date(parsed.restoredAt) : null,
    };
  } catch {
    return null;
  }
}

interface ArchiveFile {
  name: string;
  path: string;
  size: number;
}

/** This platform's archives in `dir`, newest first (their names sort by time). */
export async function listArchives(dir: string): Promise<ArchiveFile[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const archives: ArchiveFile[] = [];
  for (const name of names
    .filter((n) => ARCHIVE_NAME.test(n))
    .sort()
    .reverse()) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat?.isFile()) archives.push({ name, path: file, size: stat.size });
  }
  return archives;
}

/** The newest archive in the folder, or null. */
export async function latestArchive(dir: string): Promise<ArchiveFile | null> {
  return (await listArchives(dir))[0] ?? null;
}

/** Deletes all but the newest `keep` archives of the folder; answers the names deleted. */
export async function pruneArchives(dir: string, keep: number): Promise<string[]> {
  const old = (await listArchives(dir)).slice(Math.max(1, keep));
  for (const archive of old) await fs.promises.rm(archive.path, { force: true });
  return old.map((a) => a.name);
}

/** What a scheduled run did: the backup and the archives pruned after it. */
export interface ScheduledBackup {
  backup: BackupResult;
  pruned: string[];
}

/**
 * Scheduled backups as a background job: a run at start when one is due, then every interval,
 * by one server of however many share the database (its lease). `onDone` hears each run.
 */
export function scheduledBackupJob({
  db,
  target,
  uploadDir,
  privateDir,
  schedule,
  onDone,
}: {
  db: DB;
  target: DatabaseTarget;
  uploadDir: string;
  /** PRIVATE_DIR (answer keys and submitted files, issue 31). */
  privateDir: string;
  schedule: BackupSchedule;
  onDone?: (done: ScheduledBackup) => void;
}): Job<ScheduledBackup> {
  return {
    name: 'backup',
    everyMs: schedule.intervalHours * 60 * 60 * 1000,
    lease: 'backup',
    run: async () => {
      const backup = await createBackup({
        target,
        uploadDir,
        privateDir,
        out: path.join(schedule.dir, archiveName(new Date())),
      });
      await recordLastBackup(db, backup);
      return { backup, pruned: await pruneArchives(schedule.dir, schedule.keep) };
    },
    onDone,
  };
}

/**
 * One scheduled run now, as the runner runs it, if it is due and no other server is running one:
 * the backup, its record, and the pruning. Answers what it did, or undefined when it was not this
 * server's turn.
 */
export function runScheduledBackup(options: {
  db: DB;
  target: DatabaseTarget;
  uploadDir: string;
  privateDir: string;
  schedule: BackupSchedule;
}): Promise<ScheduledBackup | undefined> {
  return runOnce(options.db, scheduledBackupJob(options));
}
