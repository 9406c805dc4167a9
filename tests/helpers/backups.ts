// Backup and restore fixtures: a new place to restore into (an SQLite file, or a new empty
// PostgreSQL database of the run's cluster), reading an archive's members independently of the
// code under test, and rewriting an archive (a damaged or a "newer" one).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import * as tar from 'tar-stream';
import { inject } from 'vitest';
import {
  closeDatabase,
  openDatabase,
  openPostgresDatabase,
  type DB,
} from '../../src/server/platform/db/client';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import type { DatabaseTarget } from '../../src/server/platform/db/inUse';

export interface Place {
  dir: string;
  target: DatabaseTarget;
  uploadDir: string;
  /** PRIVATE_DIR of the place (answer keys and submitted files). */
  privateDir: string;
  /** What a process of its own is given to use this place. */
  env: Record<string, string>;
  /** The place's database, opened as the app opens it (migrating it). */
  open: () => Promise<DB>;
  remove: () => Promise<void>;
}

let places = 0;

/** A place nothing uses yet: no database file, or an empty PostgreSQL database. */
export async function newPlace(): Promise<Place> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-place-'));
  const uploadDir = path.join(dir, 'uploads');
  const privateDir = path.join(dir, 'private');
  const databasePath = path.join(dir, 'app.db');
  let url = '';
  let dropDb = async () => undefined as void;
  if (dialect === 'pg') {
    const adminUrl = inject('pgAdminUrl');
    places += 1;
    const name = `place_${process.pid}_${places}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const opened: DB[] = [];
  return {
    dir,
    uploadDir,
    privateDir,
    target: { databaseUrl: url || undefined, databasePath },
    env: {
      DATABASE_URL: url,
      DATABASE_PATH: databasePath,
      UPLOAD_DIR: uploadDir,
      PRIVATE_DIR: privateDir,
    },
    open: async () => {
      const db = url
        ? await openPostgresDatabase(url, { poolSize: 2 })
        : await openDatabase(databasePath);
      opened.push(db);
      return db;
    },
    remove: async () => {
      for (const db of opened) await closeDatabase(db);
      await dropDb();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every member of an archive, read with tar-stream and zlib only. */
export async function readMembers(file: string): Promise<Map<string, Buffer>> {
  const members = new Map<string, Buffer>();
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    members.set(entry.header.name, Buffer.concat(chunks));
  }
  await reading;
  return members;
}

export function sha256(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** Writes `members` as a .tar.gz (in the order given). */
export async function writeMembers(file: string, members: Map<string, Buffer>): Promise<void> {
  const pack = tar.pack();
  const writing = pipeline(pack, zlib.createGzip(), fs.createWriteStream(file));
  for (const [name, bytes] of members) pack.entry({ name }, bytes);
  pack.finalize();
  await writing;
}

/** A copy of an archive with `change` applied to its members (the manifest as parsed JSON). */
export async function rewriteArchive(
  from: string,
  to: string,
  change: (members: Map<string, Buffer>, manifest: Record<string, unknown>) => void,
): Promise<void> {
  const members = await readMembers(from);
  const manifest = JSON.parse(members.get('manifest.json')!.toString('utf8')) as Record<
    string,
    unknown
  >;
  members.delete('manifest.json');
  change(members, manifest);
  members.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  await writeMembers(to, members);
}
