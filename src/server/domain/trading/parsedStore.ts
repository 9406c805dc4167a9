// A trader's parsed statement kept as a private file (issue 34): gzip JSON under PRIVATE_DIR's
// `statements/` folder (never under UPLOAD_DIR, which /uploads serves), so a rule or date change
// scores it again without parsing the original. Only this module turns a stored name into a path,
// so no name from a request reaches outside the folder. Written to a temporary name and renamed:
// a reader never sees half a file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { ParsedStatement } from '../../../shared/trading/statement';

const STORED_NAME = /^statements\/[a-f0-9]{32}\.json\.gz$/;
const zip = promisify(gzip);
const unzip = promisify(gunzip);

function pathOf(privateDir: string, stored: string): string {
  if (!STORED_NAME.test(stored)) throw new Error(`Not a stored statement: ${stored}`);
  return path.join(privateDir, stored);
}

/** Stores the parsed statement; answers its stored name. Compressed on zlib's thread pool. */
export async function storeParsedStatement(
  privateDir: string,
  parsed: ParsedStatement,
): Promise<string> {
  await fs.promises.mkdir(path.join(privateDir, 'statements'), { recursive: true });
  const stored = `statements/${crypto.randomBytes(16).toString('hex')}.json.gz`;
  const file = pathOf(privateDir, stored);
  const partial = `${file}.part`;
  try {
    await fs.promises.writeFile(partial, await zip(JSON.stringify(parsed), { level: 6 }));
    await fs.promises.rename(partial, file);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  return stored;
}

/** The parsed statement stored under `stored`. */
export async function readParsedStatement(
  privateDir: string,
  stored: string,
): Promise<ParsedStatement> {
  const bytes = await fs.promises.readFile(pathOf(privateDir, stored));
  return JSON.parse((await unzip(bytes)).toString('utf8')) as ParsedStatement;
}

/** Removes stored statements (missing ones are fine: a retried delete, a restore). */
export async function removeParsedStatements(
  privateDir: string,
  stored: readonly string[],
): Promise<void> {
  await Promise.all(
    stored
      .filter((s) => STORED_NAME.test(s))
      .map((s) => fs.promises.rm(pathOf(privateDir, s), { force: true })),
  );
}
