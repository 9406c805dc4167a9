// Backups and restores on the engine of the pass (SQLite, then PostgreSQL), through the domain
// functions both `npm run backup` and the schedule use: a backup taken while joins and score
// writes keep coming holds every write acknowledged before it started, restores into a new place
// with its foreign keys and files whole, and its manifest's checksums are the members'; an older
// archive is migrated forward; a newer, a damaged or another engine's is refused; a database in
// use is refused; a restore is noted in the restored database for the dashboard; scheduled runs
// happen once across servers and prune, carrying PRIVATE_DIR too (backupPrivate.test.ts has the
// private files in detail).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDatabase,
  openDatabase,
  openPostgresDatabase,
  sqliteConnection,
  type DB,
} from '../../src/server/platform/db/client';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { rows } from '../../src/server/platform/db/dialect';
import { holdWhileServing, takeExclusively } from '../../src/server/platform/db/inUse';
import { codeLevel } from '../../src/server/platform/db/migrationLevel';
import { MIGRATIONS_DIR, PG_MIGRATIONS_DIR } from '../../src/server/platform/paths';
import {
  contestParticipants,
  scoreHistory,
  uploads,
  users,
} from '../../src/server/platform/db/schema';
import { storeUpload } from '../../src/server/platform/files/uploads';
import {
  ArchiveError,
  ARCHIVE_NAME,
  archiveName,
  createBackup,
  DatabaseInUseError,
  IncompatibleArchiveError,
  findPgTool,
  readLastBackup,
  recordLastBackup,
  restoreBackup,
  runScheduledBackup,
  type BackupResult,
} from '../../src/server/domain/operations';
import { PNG } from '../helpers/accounts';
import { newPlace, readMembers, rewriteArchive, sha256, type Place } from '../helpers/backups';
import { insertContest } from '../helpers/contests';
import { callerFor, createTestDb, createUser, type CreatedUser, type TestDb } from '../helpers/db';

let t: TestDb;
let work: string;
const places: Place[] = [];
async function place(): Promise<Place> {
  const p = await newPlace();
  places.push(p);
  return p;
}

beforeAll(async () => {
  t = await createTestDb();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-backups-'));
});
afterAll(async () => {
  for (const p of places) await p.remove();
  fs.rmSync(work, { recursive: true, force: true });
  await t.close();
});

const target = () => ({
  databaseUrl: t.env.DATABASE_URL || undefined,
  databasePath: t.env.DATABASE_PATH,
});

let archives = 0;
const archivePath = () => path.join(work, `archive-${(archives += 1)}.tar.gz`);

/** A backup of the test database and uploads. */
function backUp(): Promise<BackupResult> {
  return createBackup({
    target: target(),
    uploadDir: t.deps.uploadDir,
    privateDir: t.deps.privateDir,
    out: archivePath(),
  });
}

describe(`a backup under load (${dialect})`, () => {
  it('holds every write acknowledged before it started, and restores whole into a new place', async () => {
    const creator = await createUser(t.db);
    const contest = await insertContest(t.db, { createdBy: creator.id, status: 'active' });
    const members: CreatedUser[] = [];
    for (let i = 0; i < 40; i += 1) members.push(await createUser(t.db));
    // Files the database refers to: avatars (with their card variants) of a few members.
    for (const member of members.slice(0, 4)) {
      const stored = await storeUpload({
        db: t.db,
        uploadDir: t.deps.uploadDir,
        actor: member,
        purpose: 'avatar',
        buffer: PNG,
      });
      await t.db.update(users).set({ profileImage: stored.fileUrl }).where(eq(users.id, member.id));
    }
    const scorer = callerFor(t, creator).caller;

    // Three writers, each a bounded sequence of joins and score entries, acknowledged in order.
    const joined: number[] = [];
    const scored: Array<{ userId: number; score: number }> = [];
    let acknowledged = 0;
    let backupStarted: Promise<BackupResult> | null = null;
    let beforeStart: { joined: number[]; scored: typeof scored } | null = null;
    const startBackupOnce = () => {
      if (backupStarted) return;
      // What was acknowledged before the backup began: it must all be in the archive.
      beforeStart = { joined: [...joined], scored: [...scored] };
      backupStarted = backUp();
    };
    const writer = async (lane: number) => {
      for (let i = lane; i < members.length; i += 3) {
        const member = members[i]!;
        await callerFor(t, member).caller.participation.join({ contestId: contest.id });
        joined.push(member.id);
        const score = i * 10 + lane;
        await scorer.leaderboard.setScores({
          contestId: contest.id,
          scores: [{ username: member.username, score }],
        });
        scored.push({ userId: member.id, score });
        acknowledged += 2;
        if (acknowledged >= 20) startBackupOnce();
      }
    };
    await Promise.all([writer(0), writer(1), writer(2)]);
    startBackupOnce();
    const backup = await backupStarted!;
    // The backup began with writes behind it and more still to come.
    expect(beforeStart!.joined.length).toBeGreaterThanOrEqual(10);
    expect(joined.length).toBe(members.length);
    expect(beforeStart!.joined.length).toBeLessThan(members.length);

    // The manifest names every member with its SHA-256, read here without the code under test.
    const members_ = await readMembers(backup.file);
    const listed = backup.manifest.members;
    expect([...members_.keys()].sort()).toEqual(
      [...listed.map((m) => m.name), 'manifest.json'].sort(),
    );
    for (const m of listed) expect(sha256(members_.get(m.name)!), m.name).toBe(m.sha256);
    expect(JSON.parse(members_.get('manifest.json')!.toString())).toEqual(backup.manifest);
    expect(backup.manifest).toMatchObject({ engine: dialect, migration: codeLevel(dialect) });
    expect(backup.manifest.tables.users).toBeGreaterThanOrEqual(41);
    expect(backup.manifest.uploads.count).toBe(8);

    const into = await place();
    const report = await restoreBackup({
      archive: backup.file,
      target: into.target,
      uploadDir: into.uploadDir,
      privateDir: into.privateDir,
    });
    expect(report.files).toBe(8);
    const db = await into.open();
    for (const userId of beforeStart!.joined) {
      const [row] = await db
        .select({ id: contestParticipants.id })
        .from(contestParticipants)
        .where(
          and(
            eq(contestParticipants.contestId, contest.id),
            eq(contestParticipants.userId, userId),
          ),
        );
      expect(row, `join of member ${userId}`).toBeDefined();
    }
    for (const { userId, score } of beforeStart!.scored) {
      const [row] = await db
        .select({ id: scoreHistory.id })
        .from(scoreHistory)
        .where(and(eq(scoreHistory.userId, userId), eq(scoreHistory.newScore, score)));
      expect(row, `score ${score} of member ${userId}`).toBeDefined();
    }
    // The restored database's rows are the manifest's.
    const [count] = await rows<{ n: number }>(db, sql`SELECT count(*) AS n FROM users`);
    expect(Number(count!.n)).toBe(backup.manifest.tables.users);
    // Foreign keys intact.
    if (dialect === 'sqlite') {
      expect(sqliteConnection(db).pragma('foreign_key_check')).toEqual([]);
    } else {
      const constraints = await rows<{ n: number; valid: number }>(
        db,
        sql`SELECT count(*) AS n, count(*) FILTER (WHERE convalidated) AS valid
              FROM pg_constraint WHERE contype = 'f'`,
      );
      expect(Number(constraints[0]!.n)).toBeGreaterThan(10);
      expect(Number(constraints[0]!.valid)).toBe(Number(constraints[0]!.n));
    }
    // A file for every upload the restored database refers to.
    const stored = await db
      .select({ fileName: uploads.fileName, variant: uploads.variantFileName })
      .from(uploads);
    expect(stored.length).toBe(4);
    for (const u of stored) {
      for (const name of [u.fileName, u.variant].filter((n): n is string => Boolean(n))) {
        expect(fs.existsSync(path.join(into.uploadDir, name)), name).toBe(true);
      }
    }
  }, 60_000);
});

/** This engine's committed migrations without the newest one, as a folder of their own. */
function migrationsWithoutNewest(): string {
  const folder = path.join(work, `migrations-${dialect}`);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.cpSync(dialect === 'pg' ? PG_MIGRATIONS_DIR : MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries.pop();
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe(`restore (${dialect})`, () => {
  let archive: BackupResult;
  beforeAll(async () => {
    archive = await backUp();
  });

  it('migrates an archive of an older version forward', async () => {
    const old = await place();
    const folder = migrationsWithoutNewest();
    const oldDb = old.target.databaseUrl
      ? await openPostgresDatabase(old.target.databaseUrl, { migrationsFolder: folder })
      : await openDatabase(old.target.databasePath, { migrationsFolder: folder });
    // Only the columns every version's users table has: the newest migration may add one, which
    // the current schema's insert would name (issue 33's tier_expires_at did).
    const oldUser = sql`INSERT INTO users (username, password, email)
      VALUES ('from_the_old_days', 'x', 'old-days@example.com')`;
    if (dialect === 'pg') await rows(oldDb, oldUser);
    else await oldDb.run(oldUser);
    const oldBackup = await createBackup({
      target: old.target,
      uploadDir: old.uploadDir,
      privateDir: old.privateDir,
      out: archivePath(),
    });
    await closeDatabase(oldDb);
    expect(oldBackup.manifest.migration.level).toBeLessThan(codeLevel(dialect).level);

    const into = await place();
    const report = await restoreBackup({
      archive: oldBackup.file,
      target: into.target,
      uploadDir: into.uploadDir,
      privateDir: into.privateDir,
    });
    expect(report.from.level).toBe(oldBackup.manifest.migration.level);
    expect(report.to).toEqual(codeLevel(dialect));
    const db = await into.open();
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'from_the_old_days'));
    expect(user).toBeDefined();
  });

  it('refuses an archive from newer code, changing nothing', async () => {
    const newer = archivePath();
    await rewriteArchive(archive.file, newer, (_, manifest) => {
      manifest.migration = { level: codeLevel(dialect).level + 1000, tag: '9999_future' };
      manifest.appVersion = '9.0.0';
    });
    const into = await place();
    await expect(
      restoreBackup({
        archive: newer,
        target: into.target,
        uploadDir: into.uploadDir,
        privateDir: into.privateDir,
      }),
    ).rejects.toThrow(IncompatibleArchiveError);
    await expect(
      restoreBackup({
        archive: newer,
        target: into.target,
        uploadDir: into.uploadDir,
        privateDir: into.privateDir,
      }),
    ).rejects.toThrow(/newer version of the platform \(9\.0\.0, database migration 9999_future\)/);
    expect(fs.existsSync(into.target.databasePath)).toBe(false);
    expect(fs.existsSync(into.uploadDir)).toBe(false);
  });

  it('refuses a damaged archive: a member that does not match its checksum, a cut file', async () => {
    const tampered = archivePath();
    await rewriteArchive(archive.file, tampered, (members) => {
      const name = [...members.keys()].find((n) => n.startsWith('uploads/'))!;
      const bytes = Buffer.from(members.get(name)!);
      bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
      members.set(name, bytes);
    });
    const into = await place();
    const attempt = (file: string) =>
      restoreBackup({
        archive: file,
        target: into.target,
        uploadDir: into.uploadDir,
        privateDir: into.privateDir,
      });
    await expect(attempt(tampered)).rejects.toThrow(ArchiveError);
    await expect(attempt(tampered)).rejects.toThrow(/does not match its SHA-256 checksum/);

    const cut = archivePath();
    const whole = fs.readFileSync(archive.file);
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(attempt(cut)).rejects.toThrow(/damaged/);
    expect(fs.existsSync(into.target.databasePath)).toBe(false);
  });

  it("refuses another engine's archive", async () => {
    const other = archivePath();
    // What the other engine's backup holds: its engine, and its database member's name.
    const [from, to] =
      dialect === 'pg'
        ? ['database.pgdump', 'database.sqlite']
        : ['database.sqlite', 'database.pgdump'];
    await rewriteArchive(archive.file, other, (members, manifest) => {
      manifest.engine = dialect === 'pg' ? 'sqlite' : 'pg';
      members.set(to, members.get(from)!);
      members.delete(from);
      for (const m of manifest.members as Array<{ name: string }>) if (m.name === from) m.name = to;
    });
    const into = await place();
    await expect(
      restoreBackup({
        archive: other,
        target: into.target,
        uploadDir: into.uploadDir,
        privateDir: into.privateDir,
      }),
    ).rejects.toThrow(dialect === 'pg' ? /SQLite install/ : /PostgreSQL install/);
  });

  it('refuses while a server uses the target, and restores once it has stopped', async () => {
    const into = await place();
    // What every server holds while it runs (src/server/index.ts).
    const serving = await holdWhileServing(into.target);
    const attempt = () =>
      restoreBackup({
        archive: archive.file,
        target: into.target,
        uploadDir: into.uploadDir,
        privateDir: into.privateDir,
      });
    await expect(attempt()).rejects.toThrow(DatabaseInUseError);
    expect(fs.existsSync(into.target.databasePath)).toBe(false);
    await serving.release();
    await expect(attempt()).resolves.toMatchObject({ files: archive.manifest.uploads.count });
  });

  it('notes the restore in the restored database, where the backup status reads it', async () => {
    // The database backed up already holds a record of an older backup, which the archive keeps.
    await recordLastBackup(t.db, { ...archive, file: path.join(work, 'an-older-one.tar.gz') });
    const taken = await backUp();
    const into = await place();
    const before = Date.now();
    await restoreBackup({
      archive: taken.file,
      target: into.target,
      uploadDir: into.uploadDir,
      privateDir: into.privateDir,
    });
    const db = await into.open();
    const last = await readLastBackup(db);
    expect(last).toEqual({
      at: new Date(taken.manifest.createdAt),
      size: taken.size,
      fileName: path.basename(taken.file),
      restoredAt: expect.any(Date) as Date,
    });
    expect(last!.restoredAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(last!.restoredAt!.getTime()).toBeLessThanOrEqual(Date.now());
    // The next backup is the last event again.
    await recordLastBackup(db, archive);
    expect(await readLastBackup(db)).toMatchObject({ restoredAt: null });
  });

  it('makes a server that starts during a restore wait until the restore is done', async () => {
    const into = await place();
    const restoring = await takeExclusively(into.target);
    let waiting!: () => void;
    const told = new Promise<void>((resolve) => (waiting = resolve));
    let started = false;
    const serving = holdWhileServing(into.target, { onWait: waiting }).then((hold) => {
      started = true;
      return hold;
    });
    await told;
    expect(started).toBe(false);
    await restoring.release();
    await (await serving).release();
    expect(started).toBe(true);
  });

  it('says what to install when pg_dump is missing', () => {
    expect(() => findPgTool('pg_dump', { searchPath: '', roots: [] })).toThrow(
      /pg_dump was not found on PATH or under \/usr\/lib\/postgresql\/\*\/bin\. Install PostgreSQL's client programs.*apt-get install postgresql-client/,
    );
  });
});

describe(`scheduled backups (${dialect})`, () => {
  it('run once across two servers, are recorded, and keep the newest BACKUP_KEEP', async () => {
    const dir = path.join(work, 'scheduled');
    fs.mkdirSync(dir, { recursive: true });
    // Four older archives of this platform, and a file of someone else's that is never touched.
    for (let day = 1; day <= 4; day += 1) {
      fs.writeFileSync(path.join(dir, archiveName(new Date(Date.UTC(2026, 0, day)))), 'old');
    }
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    // A private file (an answer key of issue 31): scheduled backups carry PRIVATE_DIR too.
    fs.mkdirSync(path.join(t.deps.privateDir, 'keys'), { recursive: true });
    fs.writeFileSync(path.join(t.deps.privateDir, 'keys/0123abcd.csv.gz'), 'key');
    const schedule = { dir, intervalHours: 24, keep: 2 };
    // A second app server on the same database: its own handle (on PostgreSQL its own pool).
    const other =
      dialect === 'pg' ? await openPostgresDatabase(t.env.DATABASE_URL, { poolSize: 2 }) : t.db;
    try {
      const run = (db: DB) =>
        runScheduledBackup({
          db,
          target: target(),
          uploadDir: t.deps.uploadDir,
          privateDir: t.deps.privateDir,
          schedule,
        });
      // On SQLite there is one server; on PostgreSQL both try at once and one runs.
      const results =
        dialect === 'pg' ? await Promise.all([run(t.db), run(other)]) : [await run(t.db)];
      const done = results.filter((r) => r !== undefined);
      expect(done).toHaveLength(1);
      // Within the interval, nobody runs again.
      expect(await run(other)).toBeUndefined();

      const { backup, pruned } = done[0]!;
      const kept = fs
        .readdirSync(dir)
        .filter((n) => ARCHIVE_NAME.test(n))
        .sort();
      expect(kept).toEqual([
        archiveName(new Date(Date.UTC(2026, 0, 4))),
        path.basename(backup.file),
      ]);
      expect(pruned).toHaveLength(3);
      expect(backup.manifest.private).toEqual({ count: 1, bytes: 3 });
      expect(backup.manifest.members.map((m) => m.name)).toContain('private/keys/0123abcd.csv.gz');
      expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(true);
      expect(await readLastBackup(other)).toEqual({
        at: new Date(backup.manifest.createdAt),
        size: backup.size,
        fileName: path.basename(backup.file),
        restoredAt: null,
      });
    } finally {
      if (other !== t.db) await closeDatabase(other);
    }
  }, 30_000);
});
