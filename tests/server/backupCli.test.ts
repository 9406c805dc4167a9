// `npm run backup` and `npm run restore` as an operator runs them: processes of their own on the
// pass's engine. The backup prints its archive's path and size and notes it for the dashboard;
// the restore says a damaged archive is damaged before it asks anything, asks for --yes away from
// a terminal, refuses while a real server process uses the target database, restores once that
// server has stopped, and leaves the dashboard's backup status saying what it restored.
// Both carry PRIVATE_DIR (read from the environment as the server reads it); an archive from
// before that restores and says the private folder was not in it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { users } from '../../src/server/platform/db/schema';
import { ARCHIVE_NAME, readLastBackup } from '../../src/server/domain/operations';
import { newPlace, readMembers, rewriteArchive, type Place } from '../helpers/backups';
import { callerFor, createTestDb, createUser, type TestDb } from '../helpers/db';
import { startServerProcess } from '../helpers/serverProcess';

let t: TestDb;
let work: string;
let into: Place;
beforeAll(async () => {
  t = await createTestDb();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-backup-cli-'));
  into = await newPlace();
});
afterAll(async () => {
  await into?.remove();
  fs.rmSync(work, { recursive: true, force: true });
  await t.close();
});

/** Runs a script as `npm run` does, without blocking this process (a server may be running). */
function script(
  name: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    env: { ...process.env, SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

const sourceEnv = () => ({
  ...t.env,
  UPLOAD_DIR: t.deps.uploadDir,
  PRIVATE_DIR: t.deps.privateDir,
  BACKUP_DIR: '',
});
const PRIVATE_FILE = 'contests/3/submissions/0a1b.csv.gz';

describe(`npm run backup and npm run restore (${dialect})`, () => {
  let archive: string;

  it('backup writes the archive, prints its path and size, and notes it for the dashboard', async () => {
    await createUser(t.db, { username: 'kept_by_the_backup' });
    fs.writeFileSync(path.join(t.deps.uploadDir, 'aaaabbbbccccddddeeeeffff00001111.pdf'), '%PDF-1');
    fs.mkdirSync(path.dirname(path.join(t.deps.privateDir, PRIVATE_FILE)), { recursive: true });
    fs.writeFileSync(path.join(t.deps.privateDir, PRIVATE_FILE), 'a submission');
    archive = path.join(work, 'by-hand.tar.gz');
    const run = await script('backup', ['--out', archive], sourceEnv());
    expect(run.code, run.err).toBe(0);
    const size = fs.statSync(archive).size;
    expect(run.out).toContain(`Archive: ${archive} (`);
    expect(run.out).toMatch(/Archive: .* \(\d+(\.\d)? (B|KB|MB)\)/);
    expect(run.out).toMatch(
      /Backed up \d+ rows in \d+ tables, 1 uploaded files and 1 private files/,
    );
    expect((await readMembers(archive)).get(`private/${PRIVATE_FILE}`)?.toString()).toBe(
      'a submission',
    );
    // Away from a terminal the progress is plain lines.
    expect(run.out).toContain('Archiving: 100%');
    expect(await readLastBackup(t.db)).toMatchObject({ size, fileName: 'by-hand.tar.gz' });
  }, 60_000);

  it('backup names the archive by its time in BACKUP_DIR when no --out is given', async () => {
    const dir = path.join(work, 'dir');
    const run = await script('backup', [], { ...sourceEnv(), BACKUP_DIR: dir });
    expect(run.code, run.err).toBe(0);
    const names = fs.readdirSync(dir);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(ARCHIVE_NAME);
    expect(run.out).toContain(path.join(dir, names[0]!));
  }, 60_000);

  it('restore says a damaged archive is damaged before it asks anything, and changes nothing', async () => {
    const cut = path.join(work, 'cut.tar.gz');
    const whole = fs.readFileSync(archive);
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const tampered = path.join(work, 'tampered.tar.gz');
    await rewriteArchive(archive, tampered, (members) => {
      const bytes = Buffer.from(members.get('uploads/aaaabbbbccccddddeeeeffff00001111.pdf')!);
      bytes[0] = bytes[0]! ^ 0xff;
      members.set('uploads/aaaabbbbccccddddeeeeffff00001111.pdf', bytes);
    });
    for (const [file, why] of [
      [cut, /damaged: .+/],
      [tampered, /does not match its SHA-256 checksum/],
    ] as const) {
      // Without --yes and away from a terminal: it used to ask for --yes (exit 2) first.
      const run = await script('restore', [file], into.env);
      expect(run.code, run.err).toBe(1);
      expect(run.err).toContain(`The archive ${file} is damaged: `);
      expect(run.err).toMatch(why);
      expect(run.err).not.toContain('--yes');
      expect(run.err).toContain('Nothing was changed.');
    }
    expect(fs.existsSync(into.target.databasePath)).toBe(false);
    // The copy it checked is gone too.
    expect(fs.readdirSync(into.dir).filter((n) => n.startsWith('.restore-'))).toEqual([]);
  }, 60_000);

  it('restore asks for --yes when no one can answer, and changes nothing', async () => {
    const run = await script('restore', [archive], into.env);
    expect(run.code).toBe(2);
    expect(run.err).toContain('Pass --yes to do it.');
    expect(fs.existsSync(into.target.databasePath)).toBe(false);
  }, 60_000);

  it('restore refuses while a server runs on the target, and restores once it has stopped', async () => {
    const server = await startServerProcess({
      ...into.env,
      SESSION_SECRET: 'y'.repeat(40),
      SEED_DEMO: 'false',
      ADMIN_USERNAME: 'first_admin',
      ADMIN_PASSWORD: 'a-long-admin-password',
      ADMIN_EMAIL: 'first@example.org',
    });
    let refused;
    try {
      refused = await script('restore', [archive, '--yes'], into.env);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      dialect === 'pg'
        ? /Refused: 1 app server\(s\) are using this database .*stop every server first/
        : /Refused: A server is running on .*app\.db: stop it first/,
    );
    expect(refused.err).toContain('Nothing was changed.');

    const run = await script('restore', [archive, '--yes'], into.env);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('Checking the archive…');
    expect(run.out).toMatch(/Restored the backup of .* 1 uploaded files, 1 private files\./);
    expect(fs.readFileSync(path.join(into.privateDir, PRIVATE_FILE), 'utf8')).toBe('a submission');
    const db = await into.open();
    const [kept] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'kept_by_the_backup'));
    expect(kept).toBeDefined();
    // The server's own admin was not in the archive: the database is the archive's.
    const [started] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'first_admin'));
    expect(started).toBeUndefined();
    expect(fs.existsSync(path.join(into.uploadDir, 'aaaabbbbccccddddeeeeffff00001111.pdf'))).toBe(
      true,
    );
    // The dashboard's backup status is the restored database's: it says what was restored, from
    // which archive and when that backup was taken (the archive's own copy knows of no backup).
    const manifest = JSON.parse((await readMembers(archive)).get('manifest.json')!.toString()) as {
      createdAt: string;
    };
    const admin = await createUser(db, { role: 'admin' });
    const status = await callerFor(
      { ...t, db, deps: { ...t.deps, db } },
      admin,
    ).caller.operations.backupStatus();
    expect(status.last).toEqual({
      at: new Date(manifest.createdAt),
      size: fs.statSync(archive).size,
      fileName: 'by-hand.tar.gz',
      restoredAt: expect.any(Date) as Date,
    });
    expect(status.last!.restoredAt!.getTime()).toBeGreaterThan(Date.now() - 120_000);
    expect(status.last!.restoredAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(run.out).toContain('Start the server(s) again.');
  }, 120_000);

  it('restore of an archive from before private files were backed up says so', async () => {
    const old = path.join(work, 'old.tar.gz');
    await rewriteArchive(archive, old, (members, manifest) => {
      for (const name of [...members.keys()]) if (name.startsWith('private/')) members.delete(name);
      manifest.members = (manifest.members as Array<{ name: string }>).filter(
        (m) => !m.name.startsWith('private/'),
      );
      delete manifest.private;
    });
    // A place of its own (the previous test's database is still open), with a private file.
    const fresh = await newPlace();
    try {
      fs.mkdirSync(path.join(fresh.privateDir, 'keys'), { recursive: true });
      fs.writeFileSync(path.join(fresh.privateDir, 'keys/kept.csv.gz'), 'kept');
      const run = await script('restore', [old, '--yes'], fresh.env);
      expect(run.code, run.err).toBe(0);
      expect(run.out).toMatch(/Restored the backup of .* 1 uploaded files\./);
      expect(run.out).toContain(
        `The archive does not hold the private folder (it was taken before backups carried ` +
          `PRIVATE_DIR): ${fresh.privateDir} was left as it was.`,
      );
      expect(fs.readdirSync(fresh.privateDir, { recursive: true }).sort()).toEqual([
        'keys',
        path.join('keys', 'kept.csv.gz'),
      ]);
    } finally {
      await fresh.remove();
    }
  }, 60_000);
});
