// PRIVATE_DIR in a backup (issue 31: answer keys, samples and submitted files, in folders). A
// backup takes every plain file below it under `private/<relative path>`; a restore puts them back
// below the operator's PRIVATE_DIR. Neither follows a symbolic link: one inside the folder would
// let a backup carry, or a restore overwrite, a file outside it, so both refuse and say where.
import fs from 'node:fs';
import path from 'node:path';
import type { MemberSource } from './archive';
import { isPrivateRelativePath, PRIVATE_PREFIX } from './manifest';
import { moveInto } from './move';

interface Found {
  /** Slash-separated paths below the folder of its plain files (sorted). */
  files: string[];
  /** The first symbolic link met, or null. */
  link: string | null;
}

/**
 * The plain files below `root` whose paths a backup may carry (dot files, odd names and the
 * storage's half-written `.part` files are not the platform's files and are passed over). A
 * missing folder has none.
 */
async function walk(root: string): Promise<Found> {
  const files: string[] = [];
  let link: string | null = null;
  const visit = async (relative: string[]): Promise<void> => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(path.join(root, ...relative), { withFileTypes: true });
    } catch (error) {
      // The folder, or one the clean-up emptied and removed meanwhile.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const name = [...relative, entry.name].join('/');
      if (entry.isSymbolicLink()) {
        link ??= name;
        continue;
      }
      if (!isPrivateRelativePath(name)) continue;
      if (entry.isDirectory()) await visit([...relative, entry.name]);
      else if (entry.isFile() && !entry.name.endsWith('.part')) files.push(name);
    }
  };
  await visit([]);
  return { files: files.sort(), link };
}

function linkProblem(privateDir: string, link: string): string {
  return (
    `PRIVATE_DIR (${privateDir}) holds a symbolic link, ${link}: backups and restores take ` +
    'plain files and folders only. Put the folder it points to there instead (or point ' +
    'PRIVATE_DIR at the real folder).'
  );
}

/** The members a backup takes from PRIVATE_DIR, with their sizes; refuses a symbolic link. */
export async function privateMembers(
  privateDir: string,
): Promise<Array<MemberSource & { size: number }>> {
  const { files, link } = await walk(privateDir);
  if (link) throw new Error(linkProblem(privateDir, link));
  const members: Array<MemberSource & { size: number }> = [];
  for (const relative of files) {
    const file = path.join(privateDir, ...relative.split('/'));
    // Removed since it was listed (the clean-up): left out, as writeArchive would.
    const stat = await fs.promises.lstat(file).catch(() => null);
    if (stat?.isFile())
      members.push({ name: `${PRIVATE_PREFIX}${relative}`, file, size: stat.size });
  }
  return members;
}

/**
 * Why the archive's private files cannot go below `privateDir` as it is, or null: a symbolic link
 * on the way to one of them, or a folder where a file goes (or the reverse). Asked before a
 * restore changes anything.
 */
export async function privateTargetProblem(
  privateDir: string,
  relatives: readonly string[],
): Promise<string | null> {
  const checked = new Map<string, 'dir' | 'file' | 'none'>();
  const kind = async (relative: string): Promise<'dir' | 'file' | 'none' | 'link'> => {
    const stat = await fs.promises
      .lstat(path.join(privateDir, ...relative.split('/')))
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
        throw error;
      });
    if (!stat) return 'none';
    if (stat.isSymbolicLink()) return 'link';
    return stat.isDirectory() ? 'dir' : 'file';
  };
  for (const relative of relatives) {
    const segments = relative.split('/');
    for (let depth = 1; depth <= segments.length; depth += 1) {
      const sub = segments.slice(0, depth).join('/');
      const wanted = depth === segments.length ? 'file' : 'dir';
      let found = checked.get(sub);
      if (found === undefined) {
        const actual = await kind(sub);
        if (actual === 'link') return linkProblem(privateDir, sub);
        found = actual;
        checked.set(sub, found);
      }
      if (found === 'none') break;
      if (found !== wanted) {
        return (
          `PRIVATE_DIR (${privateDir}) holds a ${found === 'dir' ? 'folder' : 'file'} at ${sub}, ` +
          `where the archive has a ${wanted === 'dir' ? 'folder' : 'file'}: move it away first.`
        );
      }
    }
  }
  return null;
}

/**
 * Moves the extracted private files (`<work>/private/<relative>`) below `privateDir`, creating it
 * and its folders owner-only, over files of the same names (as uploads are). Answers how many
 * files the folder holds that the archive does not (left: the clean-up removes those no row
 * names).
 */
export async function placePrivateFiles(
  work: string,
  privateDir: string,
  relatives: readonly string[],
): Promise<{ extraFiles: number }> {
  await fs.promises.mkdir(privateDir, { recursive: true, mode: 0o700 });
  for (const relative of relatives) {
    const segments = relative.split('/');
    const to = path.join(privateDir, ...segments);
    await fs.promises.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
    await moveInto(path.join(work, PRIVATE_PREFIX, ...segments), to);
  }
  const names = new Set(relatives);
  const { files } = await walk(privateDir);
  return { extraFiles: files.filter((f) => !names.has(f)).length };
}
