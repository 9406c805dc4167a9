// One backup: a consistent copy of the database, every file of the upload directory and every
// file of the private directory (answer keys, submitted files), in one .tar.gz with its manifest.
// `npm run backup` and the servers' schedule both call createBackup.
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseTarget } from '../../platform/db/inUse';
import { describeLevel } from '../../platform/db/migrationLevel';
import { APP_ROOT } from '../../platform/paths';
import { writeArchive, type MemberSource } from './archive';
import {
  PRIVATE_PREFIX,
  UPLOAD_MEMBER_NAME,
  UPLOADS_PREFIX,
  type Manifest,
  type ManifestMember,
} from './manifest';
import { privateMembers } from './privateFiles';
import { snapshotDatabase } from './snapshot';

export interface BackupProgress {
  /** 'database': the copy is being taken (no figures yet); 'archive': members being written. */
  phase: 'database' | 'archive';
  /** Bytes written to the archive so far, of `total` (before compression). */
  done: number;
  total: number;
}

export interface BackupResult {
  /** The archive's absolute path. */
  file: string;
  size: number;
  manifest: Manifest;
}

let appVersion: string | undefined;
function version(): string {
  appVersion ??= (
    JSON.parse(fs.readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8')) as { version: string }
  ).version;
  return appVersion;
}

/** The upload directory's files a backup takes (plain names; a missing directory has none). */
async function uploadFiles(uploadDir: string): Promise<Array<MemberSource & { size: number }>> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(uploadDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: Array<MemberSource & { size: number }> = [];
  for (const entry of entries) {
    if (!entry.isFile() || !UPLOAD_MEMBER_NAME.test(entry.name)) continue;
    const file = path.join(uploadDir, entry.name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat) files.push({ name: `${UPLOADS_PREFIX}${entry.name}`, file, size: stat.size });
  }
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

function figures(members: ManifestMember[], prefix: string): { count: number; bytes: number } {
  const files = members.filter((m) => m.name.startsWith(prefix));
  return { count: files.length, bytes: files.reduce((sum, m) => sum + m.size, 0) };
}

/**
 * Writes the archive `out` (refusing to overwrite one). The database is copied first and the
 * upload and private directories listed after, so every file the copy refers to is in the archive
 * (files are written before the rows that name them). The archive appears under its name only
 * once whole. A symbolic link inside the private directory fails the backup (privateFiles.ts).
 */
export async function createBackup({
  target,
  uploadDir,
  privateDir,
  out,
  onProgress,
  now = () => new Date(),
}: {
  target: DatabaseTarget;
  uploadDir: string;
  /** PRIVATE_DIR: answer keys and submitted files (issue 31). */
  privateDir: string;
  out: string;
  onProgress?: (progress: BackupProgress) => void;
  now?: () => Date;
}): Promise<BackupResult> {
  const file = path.resolve(out);
  if (fs.existsSync(file)) throw new Error(`${file} already exists: choose another name.`);
  const folder = path.dirname(file);
  await fs.promises.mkdir(folder, { recursive: true });
  // Next to the archive: the database copy may be large, and that disk is meant to hold it.
  const work = await fs.promises.mkdtemp(path.join(folder, '.backup-'));
  const partial = `${file}.partial`;
  try {
    onProgress?.({ phase: 'database', done: 0, total: 0 });
    const startedAt = now();
    const snapshot = await snapshotDatabase(target, work);
    const databaseSize = (await fs.promises.stat(snapshot.file)).size;
    const uploads = await uploadFiles(uploadDir);
    const privates = await privateMembers(privateDir);
    const total = [...uploads, ...privates].reduce((sum, u) => sum + u.size, databaseSize);
    let done = 0;
    onProgress?.({ phase: 'archive', done, total });
    const manifest = await writeArchive({
      out: partial,
      members: [
        { name: path.basename(snapshot.file), file: snapshot.file },
        ...uploads,
        ...privates,
      ],
      onBytes: (bytes) => {
        done += bytes;
        onProgress?.({ phase: 'archive', done, total });
      },
      finish: (members): Manifest => {
        return {
          format: 1,
          app: 'contest-platform',
          appVersion: version(),
          createdAt: startedAt.toISOString(),
          engine: snapshot.engine,
          migration: describeLevel(snapshot.engine, snapshot.level),
          tables: snapshot.tables,
          uploads: figures(members, UPLOADS_PREFIX),
          private: figures(members, PRIVATE_PREFIX),
          members,
        };
      },
    });
    await fs.promises.rename(partial, file);
    const { size } = await fs.promises.stat(file);
    return { file, size, manifest };
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
