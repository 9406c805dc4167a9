// The clean-up of PRIVATE_DIR (issue 31): files no row names any more (a contest or member
// deleted, their rows gone by cascade; a key or sample replaced while a server died; a refused
// upload a crash left behind) are removed an hour after they were written, by one server of all.
// A platform-made sample is named after its key and goes with it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { contestEvaluations, submissions } from '../../platform/db/schema';
import type { Job } from '../../platform/jobs';
import type { OrphanSweep } from '../../platform/files/cleanup';
import type { PrivateKind } from './storage';

const KINDS: readonly PrivateKind[] = ['keys', 'samples', 'submissions'];
export const PRIVATE_GRACE_MS = 60 * 60 * 1000;

async function referenced(db: DB): Promise<Set<string>> {
  const names = new Set<string>();
  const evaluations = await db
    .select({ key: contestEvaluations.keyFile, sample: contestEvaluations.sampleFile })
    .from(contestEvaluations)
    .where(isNotNull(contestEvaluations.keyFile));
  for (const e of evaluations) {
    if (e.key) {
      names.add(e.key);
      names.add(e.key.replace(/^keys\//, 'samples/'));
    }
    if (e.sample) names.add(e.sample);
  }
  const files = await db.select({ file: submissions.storedFile }).from(submissions);
  for (const f of files) names.add(f.file);
  return names;
}

export async function removeOrphanPrivateFiles({
  db,
  privateDir,
  olderThanMs = PRIVATE_GRACE_MS,
  now = Date.now(),
}: OrphanSweep & { privateDir: string }): Promise<{ files: number }> {
  const keep = await referenced(db);
  let removed = 0;
  for (const kind of KINDS) {
    let entries: string[];
    try {
      entries = await fs.readdir(path.join(privateDir, kind));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const entry of entries) {
      const name = `${kind}/${entry}`;
      if (keep.has(name)) continue;
      const file = path.join(privateDir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile() || stat.mtimeMs > now - olderThanMs) continue;
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return { files: removed };
}

export function privateCleanupJob(deps: {
  db: DB;
  privateDir: string;
  onDone?: (result: { files: number }) => void;
}): Job<{ files: number }> {
  return {
    name: 'private-files-cleanup',
    everyMs: PRIVATE_GRACE_MS,
    lease: 'privateCleanup',
    run: () => removeOrphanPrivateFiles(deps),
    onDone: deps.onDone,
  };
}
