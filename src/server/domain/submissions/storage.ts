// The private files of submission contests (issue 31): answer keys, sample files and submitted
// files, kept gzip-compressed under PRIVATE_DIR (never under UPLOAD_DIR, which /uploads serves),
// each under a random name in its kind's folder. Only this module turns a stored name into a path,
// so no name from a request can reach outside the folder.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';

export type PrivateKind = 'keys' | 'samples' | 'submissions';

const STORED_NAME = /^(keys|samples|submissions)\/[a-f0-9]{32}\.csv\.gz$/;

function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The absolute path of a stored name (throws on a name this module did not make). */
export function privatePath(privateDir: string, stored: string): string {
  if (!STORED_NAME.test(stored)) throw new Error(`Not a stored private file: ${stored}`);
  return path.join(privateDir, stored);
}

/** A new stored name of `kind`, its folder made. */
export function newPrivateName(privateDir: string, kind: PrivateKind): string {
  fs.mkdirSync(path.join(privateDir, kind), { recursive: true });
  return `${kind}/${crypto.randomBytes(16).toString('hex')}.csv.gz`;
}

/**
 * Stores `bytes` (a CSV, or a CSV already gzip-compressed, kept as sent) and answers its stored
 * name. Compressed off the event loop (zlib's thread pool), written to a temporary name and
 * renamed, so a reader never sees half a file.
 */
export async function storePrivateFile(
  privateDir: string,
  kind: PrivateKind,
  bytes: Buffer,
): Promise<string> {
  const stored = newPrivateName(privateDir, kind);
  const file = privatePath(privateDir, stored);
  const partial = `${file}.part`;
  try {
    if (isGzip(bytes)) {
      await fs.promises.writeFile(partial, bytes);
    } else {
      await pipeline(
        Readable.from([bytes]),
        createGzip({ level: 6 }),
        fs.createWriteStream(partial),
      );
    }
    await fs.promises.rename(partial, file);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  return stored;
}

/** Removes stored files (missing ones are fine: a retried delete, a restore). */
export async function removePrivateFiles(
  privateDir: string,
  stored: readonly (string | null | undefined)[],
): Promise<void> {
  await Promise.all(
    stored
      .filter((s): s is string => !!s && STORED_NAME.test(s))
      .map((s) => fs.promises.rm(privatePath(privateDir, s), { force: true })),
  );
}
