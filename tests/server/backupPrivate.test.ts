// PRIVATE_DIR in backups (issue 31's answer keys, samples and submitted files), on the engine of
// the pass: a backup carries every file of the folder, nested ones too, under `private/`, hashed
// and counted in the manifest and written after the database copy; a restore puts them back byte
// for byte below another place's PRIVATE_DIR (made owner-only), over files of the same names; a
// damaged private member, a name that climbs out or is absolute, a link member, and a symbolic
// link in either folder are refused before anything changes; an archive from before private
// files were backed up still restores and leaves PRIVATE_DIR as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { storePrivateFile } from '../../src/server/domain/submissions/storage';
import {
  ArchiveError,
  createBackup,
  IncompatibleArchiveError,
  restoreBackup,
  type BackupResult,
} from '../../src/server/domain/operations';
import { newPlace, readMembers, rewriteArchive, sha256, type Place } from '../helpers/backups';
import { createTestDb, type TestDb } from '../helpers/db';

let t: TestDb;
let work: string;
const places: Place[] = [];
async function place(): Promise<Place> {
  const p = await newPlace();
  places.push(p);
  return p;
}

/** The private files written for the backup, by their path below PRIVATE_DIR. */
const written = new Map<string, Buffer>();
let backup: BackupResult;

let archives = 0;
const archivePath = () => path.join(work, `archive-${(archives += 1)}.tar.gz`);

function backUp(): Promise<BackupResult> {
  return createBackup({
    target: { databaseUrl: t.env.DATABASE_URL || undefined, databasePath: t.env.DATABASE_PATH },
    uploadDir: t.deps.uploadDir,
    privateDir: t.deps.privateDir,
    out: archivePath(),
  });
}

function write(root: string, relative: string, bytes: Buffer): void {
  const file = path.join(root, ...relative.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
}

/** Every plain file below `root`, by its slash-separated path. */
function filesBelow(root: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  if (!fs.existsSync(root)) return found;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    found.set(path.relative(root, file).split(path.sep).join('/'), fs.readFileSync(file));
  }
  return found;
}

const restore = (archive: string, into: Place) =>
  restoreBackup({
    archive,
    target: into.target,
    uploadDir: into.uploadDir,
    privateDir: into.privateDir,
  });

beforeAll(async () => {
  t = await createTestDb();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-backup-private-'));
  // What the storage writes (a gzip-compressed key), and deeper folders (one per contest).
  const key = await storePrivateFile(t.deps.privateDir, 'keys', Buffer.from('id,target\n1,a\n'));
  written.set(key, fs.readFileSync(path.join(t.deps.privateDir, key)));
  written.set('contests/7/submissions/0a1b2c.csv.gz', zlib.gzipSync('id,target\n1,b\n'));
  written.set('contests/7/samples/sample.csv.gz', zlib.gzipSync('id\n1\n'));
  written.set('contests/8/empty.csv.gz', Buffer.alloc(0));
  for (const [relative, bytes] of written) {
    if (relative !== key) write(t.deps.privateDir, relative, bytes);
  }
  // Not the platform's files: a half-written one of the storage, and a dot file.
  write(t.deps.privateDir, 'keys/ffff.csv.gz.part', Buffer.from('half'));
  write(t.deps.privateDir, '.DS_Store', Buffer.from('finder'));
  backup = await backUp();
});
afterAll(async () => {
  for (const p of places) await p.remove();
  fs.rmSync(work, { recursive: true, force: true });
  await t.close();
});

describe(`private files in a backup (${dialect})`, () => {
  it('are members after the database copy, hashed and counted in the manifest', async () => {
    const members = await readMembers(backup.file);
    const names = [...members.keys()];
    const privateNames = names.filter((n) => n.startsWith('private/'));
    expect(privateNames.sort()).toEqual([...written.keys()].map((r) => `private/${r}`).sort());
    const database = names.indexOf(dialect === 'pg' ? 'database.pgdump' : 'database.sqlite');
    for (const name of privateNames) expect(names.indexOf(name)).toBeGreaterThan(database);
    for (const [relative, bytes] of written) {
      const listed = backup.manifest.members.find((m) => m.name === `private/${relative}`);
      expect(listed, relative).toEqual({
        name: `private/${relative}`,
        size: bytes.length,
        sha256: sha256(bytes),
      });
      expect(members.get(`private/${relative}`)!.equals(bytes), relative).toBe(true);
    }
    expect(backup.manifest.private).toEqual({
      count: written.size,
      bytes: [...written.values()].reduce((sum, b) => sum + b.length, 0),
    });
  });

  it('restore byte for byte into a fresh place, its folders owner-only', async () => {
    const into = await place();
    expect(fs.existsSync(into.privateDir)).toBe(false);
    const report = await restore(backup.file, into);
    expect(report).toMatchObject({ privateFiles: written.size, extraPrivateFiles: 0 });
    const restored = filesBelow(into.privateDir);
    expect([...restored.keys()].sort()).toEqual([...written.keys()].sort());
    for (const [relative, bytes] of written) {
      expect(restored.get(relative)!.equals(bytes), relative).toBe(true);
    }
    for (const folder of ['', 'contests', 'contests/7/submissions']) {
      expect(fs.statSync(path.join(into.privateDir, folder)).mode & 0o777, folder).toBe(0o700);
    }
    const file = path.join(into.privateDir, 'contests/7/submissions/0a1b2c.csv.gz');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('replace files of the same names and leave others, as uploads are', async () => {
    const into = await place();
    write(into.privateDir, 'contests/7/samples/sample.csv.gz', Buffer.from('stale'));
    write(into.privateDir, 'contests/9/not-in-the-archive.csv.gz', Buffer.from('extra'));
    const report = await restore(backup.file, into);
    expect(report).toMatchObject({ privateFiles: written.size, extraPrivateFiles: 1 });
    const restored = filesBelow(into.privateDir);
    expect(
      restored
        .get('contests/7/samples/sample.csv.gz')!
        .equals(written.get('contests/7/samples/sample.csv.gz')!),
    ).toBe(true);
    expect(restored.get('contests/9/not-in-the-archive.csv.gz')!.toString()).toBe('extra');
  });

  it('go wherever the target PRIVATE_DIR points, made if missing', async () => {
    const into = await place();
    const elsewhere = path.join(into.dir, 'volumes', 'answer-keys');
    const report = await restoreBackup({
      archive: backup.file,
      target: into.target,
      uploadDir: into.uploadDir,
      privateDir: elsewhere,
    });
    expect(report.privateFiles).toBe(written.size);
    expect(filesBelow(elsewhere).size).toBe(written.size);
    expect(fs.existsSync(into.privateDir)).toBe(false);
  });
});

describe(`private members refused on restore (${dialect})`, () => {
  it('refuses a damaged private member as damaged, changing nothing', async () => {
    const damaged = archivePath();
    await rewriteArchive(backup.file, damaged, (members) => {
      const name = 'private/contests/7/submissions/0a1b2c.csv.gz';
      const bytes = Buffer.from(members.get(name)!);
      bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
      members.set(name, bytes);
    });
    const into = await place();
    await expect(restore(damaged, into)).rejects.toThrow(ArchiveError);
    await expect(restore(damaged, into)).rejects.toThrow(
      'private/contests/7/submissions/0a1b2c.csv.gz does not match its SHA-256 checksum',
    );
    expect(fs.existsSync(into.target.databasePath)).toBe(false);
    expect(fs.existsSync(into.privateDir)).toBe(false);
  });

  it('refuses names that climb out of the folder or are absolute, even when listed', async () => {
    const into = await place();
    for (const name of [
      'private/../../escaped.txt',
      'private/contests/../../../escaped.txt',
      'private/./escaped.txt',
      'private//escaped.txt',
      'private/',
      '/tmp/escaped.txt',
      '../escaped.txt',
      'private/contests\\..\\..\\escaped.txt',
    ]) {
      const crafted = archivePath();
      const bytes = Buffer.from('where does this go?');
      await rewriteArchive(backup.file, crafted, (members, manifest) => {
        members.set(name, bytes);
        // Listed with its true checksum and counted: only its name is wrong.
        (manifest.members as unknown[]).push({ name, size: bytes.length, sha256: sha256(bytes) });
        const figures = manifest.private as { count: number; bytes: number };
        figures.count += 1;
        figures.bytes += bytes.length;
      });
      await expect(restore(crafted, into), name).rejects.toThrow(ArchiveError);
      await expect(restore(crafted, into), name).rejects.toThrow(/unexpected member/);
    }
    expect(fs.existsSync(path.join(into.dir, 'escaped.txt'))).toBe(false);
    expect(fs.existsSync(path.join(path.dirname(into.dir), 'escaped.txt'))).toBe(false);
    expect(fs.existsSync('/tmp/escaped.txt')).toBe(false);
    expect(fs.existsSync(into.target.databasePath)).toBe(false);
    expect(fs.existsSync(into.privateDir)).toBe(false);
  });

  it('refuses a link member among the private files', async () => {
    const members = await readMembers(backup.file);
    const crafted = archivePath();
    const pack = tar.pack();
    const writing = pipeline(pack, zlib.createGzip(), fs.createWriteStream(crafted));
    for (const [name, bytes] of members) {
      if (name === 'manifest.json') continue;
      pack.entry({ name }, bytes);
    }
    pack.entry({ name: 'private/contests/link', type: 'symlink', linkname: '/etc' });
    pack.entry({ name: 'manifest.json' }, members.get('manifest.json')!);
    pack.finalize();
    await writing;
    const into = await place();
    await expect(restore(crafted, into)).rejects.toThrow(
      'private/contests/link is not a plain file',
    );
    expect(fs.existsSync(into.privateDir)).toBe(false);
  });

  it('refuses private members the manifest does not count', async () => {
    const crafted = archivePath();
    await rewriteArchive(backup.file, crafted, (_, manifest) => {
      delete manifest.private;
    });
    const into = await place();
    await expect(restore(crafted, into)).rejects.toThrow(/lists private files it does not count/);
  });

  it("refuses a symbolic link in the target's PRIVATE_DIR, changing nothing", async () => {
    const into = await place();
    const outside = path.join(into.dir, 'outside');
    fs.mkdirSync(outside);
    fs.mkdirSync(into.privateDir);
    fs.symlinkSync(outside, path.join(into.privateDir, 'contests'));
    await expect(restore(backup.file, into)).rejects.toThrow(IncompatibleArchiveError);
    await expect(restore(backup.file, into)).rejects.toThrow(
      /holds a symbolic link, contests: backups and restores take plain files/,
    );
    expect(fs.readdirSync(outside)).toEqual([]);
    expect(fs.existsSync(into.target.databasePath)).toBe(false);
  });
});

describe(`an archive from before private files were backed up (${dialect})`, () => {
  it('restores, says the folder was not in it, and leaves PRIVATE_DIR as it was', async () => {
    const old = archivePath();
    await rewriteArchive(backup.file, old, (members, manifest) => {
      for (const name of [...members.keys()]) if (name.startsWith('private/')) members.delete(name);
      manifest.members = (manifest.members as Array<{ name: string }>).filter(
        (m) => !m.name.startsWith('private/'),
      );
      delete manifest.private;
    });
    expect([...(await readMembers(old)).keys()].some((n) => n.startsWith('private/'))).toBe(false);
    const into = await place();
    write(into.privateDir, 'keys/kept.csv.gz', Buffer.from('kept'));
    const report = await restore(old, into);
    expect(report).toMatchObject({ privateFiles: null, extraPrivateFiles: 0 });
    expect(report.files).toBe(backup.manifest.uploads.count);
    expect([...filesBelow(into.privateDir).keys()]).toEqual(['keys/kept.csv.gz']);
  });
});

describe(`a symbolic link in the source PRIVATE_DIR (${dialect})`, () => {
  it('fails the backup and says where, leaving no archive', async () => {
    const link = path.join(t.deps.privateDir, 'contests', 'elsewhere');
    fs.symlinkSync(work, link);
    try {
      const out = archivePath();
      await expect(
        createBackup({
          target: {
            databaseUrl: t.env.DATABASE_URL || undefined,
            databasePath: t.env.DATABASE_PATH,
          },
          uploadDir: t.deps.uploadDir,
          privateDir: t.deps.privateDir,
          out,
        }),
      ).rejects.toThrow(/holds a symbolic link, contests\/elsewhere/);
      expect(fs.existsSync(out)).toBe(false);
      expect(fs.existsSync(`${out}.partial`)).toBe(false);
    } finally {
      fs.rmSync(link);
    }
  });
});
