// Writing and reading the .tar.gz (tar-stream over zlib). Writing hashes each member as it goes
// into the archive, in one pass, and puts the manifest last; reading extracts into a folder,
// hashes each member as it comes out, and checks every one against the manifest.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import * as tar from 'tar-stream';
import {
  isKnownMember,
  MANIFEST_NAME,
  PRIVATE_PREFIX,
  ZManifestSchema,
  type Manifest,
  type ManifestMember,
} from './manifest';

export interface MemberSource {
  /** The name inside the archive. */
  name: string;
  file: string;
}

/** The archive cannot be restored as it is: damaged, cut short, or not a backup of this platform. */
export class ArchiveError extends Error {
  /**
   * @param reason what is wrong, worded to follow 'The archive FILE is damaged: ' (the restore
   * command names the file the operator gave, which the domain does not print).
   */
  constructor(readonly reason: string) {
    super(`The archive is damaged: ${reason}.`);
    this.name = 'ArchiveError';
  }
}

/** No file where the archive was said to be (a typo, not damage: said differently). */
export class ArchiveNotFoundError extends Error {
  constructor(readonly file: string) {
    super(`No file at ${file}`);
    this.name = 'ArchiveNotFoundError';
  }
}

/**
 * Writes `members` (skipping any whose file vanished before it was opened: an upload the
 * clean-up removed meanwhile) and then the manifest `finish` makes of what was written.
 * `onBytes` is told the size of every chunk written.
 */
export async function writeArchive({
  out,
  members,
  finish,
  onBytes,
}: {
  out: string;
  members: MemberSource[];
  finish: (written: ManifestMember[]) => Manifest;
  onBytes?: (bytes: number) => void;
}): Promise<Manifest> {
  const pack = tar.pack();
  const written = pipeline(
    pack,
    zlib.createGzip(),
    fs.createWriteStream(out, { flags: 'wx', mode: 0o600 }),
  );
  const entries: ManifestMember[] = [];
  try {
    for (const member of members) {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(member.file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      try {
        // The open handle keeps the bytes even if the file is removed while it is read.
        const { size, mtime } = await handle.stat();
        const hash = crypto.createHash('sha256');
        let sent = 0;
        await new Promise<void>((resolve, reject) => {
          const entry = pack.entry({ name: member.name, size, mtime, mode: 0o600 }, (error) =>
            error ? reject(error) : resolve(),
          );
          void (async () => {
            try {
              for await (const chunk of handle.createReadStream({
                start: 0,
                end: Math.max(0, size - 1),
                autoClose: false,
              }) as AsyncIterable<Buffer>) {
                if (size === 0) break;
                hash.update(chunk);
                sent += chunk.length;
                onBytes?.(chunk.length);
                if (!entry.write(chunk))
                  await new Promise<void>((r) => entry.once('drain', () => r()));
              }
              if (sent !== size) throw new Error(`${member.name} changed while it was archived`);
              entry.end(undefined);
            } catch (error) {
              entry.destroy(error as Error);
              reject(error as Error);
            }
          })();
        });
        entries.push({ name: member.name, size, sha256: hash.digest('hex') });
      } finally {
        await handle.close();
      }
    }
    const manifest = finish(entries);
    pack.entry(
      { name: MANIFEST_NAME, mode: 0o600, mtime: new Date() },
      Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
    );
    pack.finalize();
    await written;
    return manifest;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  }
}

export interface ExtractedArchive {
  manifest: Manifest;
  /** Where the members were written (`<dir>/<member name>`). */
  dir: string;
}

/**
 * Extracts `file` into `dir` and checks it whole: a readable manifest, every member a file of a
 * name a backup writes, listed in the manifest with the same size and SHA-256, and every listed
 * member present. Anything else is an ArchiveError that names what is wrong.
 */
export async function extractArchive(file: string, dir: string): Promise<ExtractedArchive> {
  const extract = tar.extract();
  const found = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract).catch(
    (error: Error) => {
      throw new ArchiveError(error.message);
    },
  );
  const consuming = (async () => {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (type !== 'file') throw new ArchiveError(`${name} is not a plain file`);
      if (found.has(name) || (name === MANIFEST_NAME && manifestText !== null)) {
        throw new ArchiveError(`${name} appears twice`);
      }
      if (name === MANIFEST_NAME) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
        manifestText = Buffer.concat(chunks).toString('utf8');
        continue;
      }
      if (!isKnownMember(name, 'sqlite') && !isKnownMember(name, 'pg')) {
        throw new ArchiveError(`unexpected member ${JSON.stringify(name)}`);
      }
      const target = path.resolve(dir, name);
      // isKnownMember allows plain names only; this says so again where a path is made of one.
      if (!target.startsWith(`${path.resolve(dir)}${path.sep}`)) {
        throw new ArchiveError(`unexpected member ${JSON.stringify(name)}`);
      }
      const isPrivate = name.startsWith(PRIVATE_PREFIX);
      await fs.promises.mkdir(path.dirname(target), {
        recursive: true,
        ...(isPrivate ? { mode: 0o700 } : {}),
      });
      const hash = crypto.createHash('sha256');
      let size = 0;
      const out = fs.createWriteStream(target, {
        flags: 'wx',
        ...(isPrivate ? { mode: 0o600 } : {}),
      });
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
      await new Promise<void>((resolve, reject) => {
        out.once('error', reject);
        out.end(resolve);
      });
      found.set(name, { size, sha256: hash.digest('hex') });
    }
  })();
  // Either failing fails the read; the other is then waited for so no file stays open. A member
  // the consumer refused comes first: its refusal is what cut the reading short ('Premature
  // close'); otherwise the reading's own failure (a cut or corrupt file) says more.
  const [read, consumed] = await Promise.allSettled([reading, consuming]);
  const refused =
    consumed.status === 'rejected' && consumed.reason instanceof ArchiveError ? consumed : null;
  const failed = refused ?? [read, consumed].find((r) => r.status === 'rejected');
  if (failed) {
    const reason = (failed as PromiseRejectedResult).reason as Error;
    throw reason instanceof ArchiveError ? reason : new ArchiveError(reason.message);
  }
  if (manifestText === null) throw new ArchiveError('it has no manifest.json');
  let parsed;
  try {
    parsed = ZManifestSchema.safeParse(JSON.parse(manifestText));
  } catch {
    throw new ArchiveError('manifest.json is not JSON');
  }
  if (!parsed.success)
    throw new ArchiveError('its manifest.json is not a backup manifest of this platform');
  const manifest = parsed.data;
  const listed = new Map(manifest.members.map((m) => [m.name, m]));
  for (const [name, actual] of found) {
    const expected = listed.get(name);
    if (!expected) throw new ArchiveError(`${name} is not listed in the manifest`);
    if (expected.size !== actual.size || expected.sha256 !== actual.sha256) {
      throw new ArchiveError(`${name} does not match its SHA-256 checksum in the manifest`);
    }
  }
  for (const name of listed.keys()) {
    if (!found.has(name)) throw new ArchiveError(`${name} is listed in the manifest but missing`);
    if (!isKnownMember(name, manifest.engine)) throw new ArchiveError(`unexpected member ${name}`);
  }
  checkPrivateFigures(manifest);
  return { manifest, dir };
}

/**
 * The manifest's private figures are its private members' (an archive from before private files
 * were backed up has neither), so a restore can say truthfully whether the folder was in it.
 */
function checkPrivateFigures(manifest: Manifest): void {
  const members = manifest.members.filter((m) => m.name.startsWith(PRIVATE_PREFIX));
  const bytes = members.reduce((sum, m) => sum + m.size, 0);
  if (!manifest.private) {
    if (members.length)
      throw new ArchiveError('its manifest lists private files it does not count');
    return;
  }
  if (manifest.private.count !== members.length || manifest.private.bytes !== bytes) {
    throw new ArchiveError('its manifest counts other private files than it lists');
  }
}
