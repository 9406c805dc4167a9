// The periodic clean-up of uploads: files nothing references a day after they were sent (an
// avatar picked and then replaced, a form abandoned) and files a crash left without a row.
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { DB } from '../db/client';
import { contests, educationContent, paymentProofs, uploads, users } from '../db/schema';
import type { Job } from '../jobs';
import { STORED_FILE_NAME, UPLOAD_URL_PREFIX } from './uploads';

/**
 * Every column that stores an upload's URL ('/uploads/<name>', the original's or its card
 * variant's). An upload named in none of them is an orphan. A new kind of reference (contest
 * covers, guides, payment proofs) is one more line here; forgetting it would delete live files.
 */
export const UPLOAD_REFERENCES: readonly SQLiteColumn[] = [
  users.profileImage,
  contests.coverImage,
  contests.pdfGuide,
  educationContent.featuredImage,
  paymentProofs.proofFile,
];

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface CleanupResult {
  /** Upload rows removed (each with its file and variant). */
  rows: number;
  /** Files removed from disk: those of the rows, and strays that had no row. */
  files: number;
}

/**
 * What a sweep of files no row names is called with: a file goes once it is `olderThanMs` old at
 * `now` (tests set both), so one being written right now stays.
 */
export interface OrphanSweep {
  db: DB;
  olderThanMs?: number;
  now?: number;
}

async function removeFile(dir: string, name: string): Promise<boolean> {
  try {
    await fs.unlink(path.join(dir, name));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

export async function removeOrphanUploads({
  db,
  uploadDir,
  olderThanMs = DAY_MS,
  now = Date.now(),
}: OrphanSweep & { uploadDir: string }): Promise<CleanupResult> {
  const cutoff = now - olderThanMs;
  // Every referenced URL, as one subquery SQLite materialises once for NOT IN.
  const referenced = sql.join(
    UPLOAD_REFERENCES.map(
      (column) => sql`SELECT ${column} FROM ${column.table} WHERE ${column} IS NOT NULL`,
    ),
    sql` UNION ALL `,
  );
  const url = (name: typeof uploads.fileName | typeof uploads.variantFileName) =>
    sql`(${UPLOAD_URL_PREFIX} || ${name})`;

  // Choosing and deleting in one transaction: nothing can start referencing a row in between.
  const removed = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: uploads.id, fileName: uploads.fileName, variant: uploads.variantFileName })
      .from(uploads)
      .where(
        and(
          lt(uploads.createdAt, new Date(cutoff)),
          sql`${url(uploads.fileName)} NOT IN (${referenced})`,
          or(
            isNull(uploads.variantFileName),
            sql`${url(uploads.variantFileName)} NOT IN (${referenced})`,
          ),
        ),
      );
    for (let i = 0; i < rows.length; i += 500) {
      const ids = rows.slice(i, i + 500).map((r) => r.id);
      await tx.delete(uploads).where(inArray(uploads.id, ids));
    }
    return rows;
  });

  let files = 0;
  for (const row of removed) {
    for (const name of [row.fileName, row.variant]) {
      if (name && (await removeFile(uploadDir, name))) files += 1;
    }
  }

  // Files with no row (a crash between writing and recording): only names this service writes,
  // never anything else that may share the directory, and only once they are as old.
  let entries: Dirent[] = [];
  try {
    entries = await fs.readdir(uploadDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const ours = entries.filter((e) => e.isFile() && STORED_FILE_NAME.test(e.name));
  if (ours.length > 0) {
    // The known names first, so only the rare unknown file costs a stat().
    const known = new Set<string>();
    for (const row of await db
      .select({ fileName: uploads.fileName, variant: uploads.variantFileName })
      .from(uploads)) {
      known.add(row.fileName);
      if (row.variant) known.add(row.variant);
    }
    for (const { name } of ours) {
      if (known.has(name)) continue;
      // A file being stored right now has no row yet either: it is recent, so it stays.
      const stat = await fs.stat(path.join(uploadDir, name)).catch(() => undefined);
      if (stat && stat.mtimeMs < cutoff && (await removeFile(uploadDir, name))) files += 1;
    }
  }
  return { rows: removed.length, files };
}

/** How often the clean-up runs (across all servers). */
export const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/**
 * The clean-up as a background job: at start, then hourly, by one server of however many share
 * the database and the upload volume (its lease). `onDone` hears what each run removed.
 */
export function uploadCleanupJob({
  db,
  uploadDir,
  onDone,
}: {
  db: DB;
  uploadDir: string;
  onDone?: (removed: CleanupResult) => void;
}): Job<CleanupResult> {
  return {
    name: 'cleanup',
    everyMs: CLEANUP_EVERY_MS,
    lease: 'cleanup',
    run: () => removeOrphanUploads({ db, uploadDir }),
    onDone,
  };
}
