// Migrations never lose data: a table rebuild of a parent table keeps every child row, a
// migration that would break a reference changes nothing, a database with data is backed up
// first, and the committed migrations agree with the schema (drizzle-kit).
import { rankColumn } from '../../src/server/domain/participation/contestParticipants';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, sqliteConnection } from '../../src/server/platform/db/client';
import { contestParticipants } from '../../src/server/platform/db/schema';
import { MIGRATIONS_DIR } from '../../src/server/platform/paths';
import { dialect } from '../../src/server/platform/db/dialectChoice';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-migrate-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

// What drizzle-kit writes when a column of `users` changes its default: a full table rebuild.
const REBUILD_USERS = `PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE \`__new_users\` (
	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	\`username\` text NOT NULL,
	\`password\` text NOT NULL,
	\`email\` text NOT NULL,
	\`phone\` text,
	\`full_name\` text,
	\`role\` text DEFAULT 'user' NOT NULL,
	\`subscription_tier\` text DEFAULT 'free',
	\`profile_image\` text,
	\`ban_reason\` text,
	\`last_login_at\` integer,
	\`created_at\` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
INSERT INTO \`__new_users\`("id", "username", "password", "email", "phone", "full_name", "role", "subscription_tier", "profile_image", "ban_reason", "last_login_at", "created_at") SELECT "id", "username", "password", "email", "phone", "full_name", "role", "subscription_tier", "profile_image", "ban_reason", "last_login_at", "created_at" FROM \`users\`;--> statement-breakpoint
DROP TABLE \`users\`;--> statement-breakpoint
ALTER TABLE \`__new_users\` RENAME TO \`users\`;--> statement-breakpoint
PRAGMA foreign_keys=ON;`;

/** The committed migrations plus one more, as a migrations folder of its own. */
function foldersWithExtra(name: string, sql: string): string {
  const folder = path.join(tempDir(), 'migrations');
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
  };
  const last = journal.entries[journal.entries.length - 1]!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: name });
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  fs.writeFileSync(path.join(folder, `${name}.sql`), sql);
  return folder;
}

/** A database at the committed schema holding a member with a payout method and a session. */
async function populated(): Promise<string> {
  const file = path.join(tempDir(), 'app.db');
  const db = await openDatabase(file);
  const sqlite = sqliteConnection(db);
  sqlite
    .prepare("INSERT INTO users (username, password, email) VALUES ('kid', 'x', 'kid@example.com')")
    .run();
  sqlite.prepare("INSERT INTO payout_methods (user_id, payment_method) VALUES (1, 'bank')").run();
  sqlite
    .prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES ('s1', 1, 9999999999999)")
    .run();
  await closeDatabase(db);
  return file;
}

const count = (sqlite: Database.Database, table: string) =>
  (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

// Not in the PostgreSQL pass: SQLite's migrator and drizzle-kit's SQLite snapshots.
describe.skipIf(dialect === 'pg')('a table rebuild of a parent table', () => {
  it('empties the children when applied as drizzle’s migrator does with foreign keys on', async () => {
    // The defect this suite guards against, shown with drizzle's own migrator.
    const file = await populated();
    const folder = foldersWithExtra('0099_rebuild_users', REBUILD_USERS);
    const sqlite = new Database(file);
    sqlite.pragma('foreign_keys = ON');
    migrate(drizzle(sqlite), { migrationsFolder: folder });
    expect(count(sqlite, 'users')).toBe(1);
    expect(count(sqlite, 'payout_methods')).toBe(0);
    sqlite.close();
  });

  it('keeps every child row when applied by openDatabase', async () => {
    const file = await populated();
    const folder = foldersWithExtra('0099_rebuild_users', REBUILD_USERS);
    const db = await openDatabase(file, { migrationsFolder: folder });
    expect(count(sqliteConnection(db), 'users')).toBe(1);
    expect(count(sqliteConnection(db), 'payout_methods')).toBe(1);
    expect(count(sqliteConnection(db), 'sessions')).toBe(1);
    expect(sqliteConnection(db).pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqliteConnection(db).pragma('foreign_key_check')).toEqual([]);
    await closeDatabase(db);
  });

  it('backs the database up beside it first and says where', async () => {
    const file = await populated();
    const folder = foldersWithExtra('0099_rebuild_users', REBUILD_USERS);
    const logged: string[] = [];
    const db = await openDatabase(file, {
      migrationsFolder: folder,
      log: { info: (m) => logged.push(m) },
    });
    await closeDatabase(db);
    const backups = fs.readdirSync(path.dirname(file)).filter((f) => f.endsWith('.bak'));
    expect(backups).toHaveLength(1);
    expect(logged.join('\n')).toContain(path.join(path.dirname(file), backups[0]!));
    // The backup is the database as it was: without the new migration's record.
    const copy = new Database(path.join(path.dirname(file), backups[0]!), { readonly: true });
    expect(count(copy, 'payout_methods')).toBe(1);
    expect(count(copy, '__drizzle_migrations')).toBe(
      JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')).entries
        .length,
    );
    copy.close();
  });

  it('takes no backup of an empty database', async () => {
    const dir = tempDir();
    const db = await openDatabase(path.join(dir, 'app.db'));
    await closeDatabase(db);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.bak'))).toEqual([]);
  });
});

describe.skipIf(dialect === 'pg')('a migration that would break a reference', () => {
  it('stops the start with a clear message and leaves the database as it was', async () => {
    const file = await populated();
    const folder = foldersWithExtra(
      '0099_orphan',
      "DELETE FROM users WHERE username = 'kid';--> statement-breakpoint\nCREATE TABLE `later` (`id` integer);",
    );
    await expect(openDatabase(file, { migrationsFolder: folder })).rejects.toThrow(
      /left as it was.*broken reference/s,
    );
    const sqlite = new Database(file);
    expect(count(sqlite, 'users')).toBe(1);
    expect(count(sqlite, 'payout_methods')).toBe(1);
    expect(
      sqlite.prepare("SELECT name FROM sqlite_master WHERE name = 'later'").get(),
    ).toBeUndefined();
    sqlite.close();
  });

  it('rolls back a migration whose statement fails, naming it', async () => {
    const file = await populated();
    const folder = foldersWithExtra(
      '0099_bad',
      'CREATE TABLE `half` (`id` integer);--> statement-breakpoint\nALTER TABLE `nope` ADD `x` text;',
    );
    await expect(openDatabase(file, { migrationsFolder: folder })).rejects.toThrow(
      /Migration #\d+ .*failed: no such table: nope/,
    );
    const sqlite = new Database(file);
    expect(sqlite.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBe(
      undefined,
    );
    sqlite.close();
  });
});

describe.skipIf(dialect === 'pg')('CHECK constraints and the 0001 migration', () => {
  it('keeps every row of a database made before it, mapping legacy values', async () => {
    const file = path.join(tempDir(), 'old.db');
    // A database at migration 0000 only, with a legacy 'premium' member and child rows.
    const only0000 = path.join(tempDir(), 'migrations');
    fs.cpSync(MIGRATIONS_DIR, only0000, { recursive: true });
    const journalFile = path.join(only0000, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, 1);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const old = await openDatabase(file, { migrationsFolder: only0000 });
    const s = sqliteConnection(old);
    s.prepare(
      "INSERT INTO users (username, password, email, subscription_tier) VALUES ('old', 'x', 'o@example.com', 'premium')",
    ).run();
    s.prepare(
      "INSERT INTO users (username, password, email, role) VALUES ('mod', 'x', 'm@example.com', 'moderator')",
    ).run();
    s.prepare("INSERT INTO payout_methods (user_id, payment_method) VALUES (1, 'crypto')").run();
    s.prepare(
      "INSERT INTO uploads (file_name, owner_id, purpose, mime, size) VALUES ('a.png', 1, 'avatar', 'image/png', 1)",
    ).run();
    await closeDatabase(old);

    const db = await openDatabase(file);
    const rows = sqliteConnection(db)
      .prepare('SELECT username, role, subscription_tier AS tier FROM users ORDER BY id')
      .all();
    expect(rows).toEqual([
      { username: 'old', role: 'user', tier: 'elite' },
      { username: 'mod', role: 'moderator', tier: null },
    ]);
    expect(count(sqliteConnection(db), 'payout_methods')).toBe(1);
    expect(count(sqliteConnection(db), 'uploads')).toBe(1);
    expect(() =>
      sqliteConnection(db).prepare("UPDATE users SET role = 'root' WHERE username = 'old'").run(),
    ).toThrow(/CHECK constraint failed/);
    expect(() =>
      sqliteConnection(db).prepare("UPDATE payout_methods SET payment_method = 'cash'").run(),
    ).toThrow(/CHECK constraint failed/);
    await closeDatabase(db);
  });
});

describe.skipIf(dialect === 'pg')('the 0005 migration', () => {
  it('ranks the participants a database already holds (standard competition ranking)', async () => {
    const file = path.join(tempDir(), 'old.db');
    const upTo0004 = path.join(tempDir(), 'migrations');
    fs.cpSync(MIGRATIONS_DIR, upTo0004, { recursive: true });
    const journalFile = path.join(upTo0004, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, 5);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const old = await openDatabase(file, { migrationsFolder: upTo0004 });
    const s = sqliteConnection(old);
    for (let i = 1; i <= 4; i++) {
      s.prepare(
        `INSERT INTO users (username, password, email) VALUES ('u${i}', 'x', 'u${i}@example.com')`,
      ).run();
    }
    for (const slug of ['a', 'b']) {
      s.prepare(
        `INSERT INTO contests (slug, title, created_by, status, draft) VALUES ('${slug}', '${slug}', 1, 'active', 0)`,
      ).run();
    }
    // Contest 1 scores 10, 20, 20, 5 with no ranks; contest 2 one member with a wrong rank.
    const add = s.prepare(
      'INSERT INTO contest_participants (contest_id, user_id, score, rank) VALUES (?, ?, ?, ?)',
    );
    [10, 20, 20, 5].forEach((score, i) => add.run(1, i + 1, score, null));
    add.run(2, 1, 0, 7);
    await closeDatabase(old);

    const db = await openDatabase(file);
    // Then 0006: scores become integers of 1/10,000 (exact decimals), and a contest where every
    // member still has the initial 0 has no scores yet (unscored, unranked: '-', not 'rank 1').
    expect(
      sqliteConnection(db)
        .prepare('SELECT contest_id, score FROM contest_participants ORDER BY id')
        .all(),
    ).toEqual([
      { contest_id: 1, score: 100_000 },
      { contest_id: 1, score: 200_000 },
      { contest_id: 1, score: 200_000 },
      { contest_id: 1, score: 50_000 },
      { contest_id: 2, score: null },
    ]);
    // Then 0010: stored ranks give way to rank buckets, one per contest with scores to begin
    // with, and the ranks read from them are the ones 0005 stored.
    expect(
      sqliteConnection(db).prepare('SELECT contest_id, lo, n FROM rank_buckets').all(),
    ).toEqual([{ contest_id: 1, lo: -1e15, n: 4 }]);
    expect(
      (
        await db
          .select({ rank: rankColumn() })
          .from(contestParticipants)
          .orderBy(contestParticipants.id)
      ).map((r) => r.rank),
    ).toEqual([3, 1, 1, 4, null]);
    // Read through the schema, the same scores; existing contests take the defaults.
    expect(
      (
        await db
          .select({ score: contestParticipants.score })
          .from(contestParticipants)
          .orderBy(contestParticipants.id)
      ).map((r) => r.score),
    ).toEqual([10, 20, 20, 5, null]);
    expect(
      sqliteConnection(db)
        .prepare('SELECT score_decimals, score_order FROM contests ORDER BY id')
        .all(),
    ).toEqual([
      { score_decimals: 0, score_order: 'higher' },
      { score_decimals: 0, score_order: 'higher' },
    ]);
    // Then 0017: contests made before formats were real get no bracket generated at their start.
    expect(
      sqliteConnection(db).prepare('SELECT tournament, start_handled_at FROM contests').all(),
    ).toEqual([
      { tournament: '{"autoGenerate":false}', start_handled_at: null },
      { tournament: '{"autoGenerate":false}', start_handled_at: null },
    ]);
    await closeDatabase(db);
  });
});

describe.skipIf(dialect === 'pg')('schema and committed migrations', () => {
  it('agree: drizzle-kit finds nothing to generate, and its check passes', () => {
    const out = path.join(tempDir(), 'migrations');
    fs.cpSync(MIGRATIONS_DIR, out, { recursive: true });
    const before = fs.readdirSync(out).sort();
    const bin = path.resolve('node_modules/.bin/drizzle-kit');
    const run = (args: string[]) => {
      const r = spawnSync(bin, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      return { status: r.status, output: `${r.stdout}${r.stderr}` };
    };
    const generated = run([
      'generate',
      '--dialect=sqlite',
      '--schema=./src/server/platform/db/schema.ts',
      // drizzle-kit prefixes the folder with ./, so it must be relative.
      `--out=${path.relative(process.cwd(), out)}`,
    ]);
    expect(generated.output).toMatch(/No schema changes/);
    expect(fs.readdirSync(out).sort()).toEqual(before);
    const checked = run([
      'check',
      '--dialect=sqlite',
      `--out=${path.relative(process.cwd(), MIGRATIONS_DIR)}`,
    ]);
    expect(checked.status).toBe(0);
    expect(checked.output).toMatch(/Everything's fine/);
  }, 60_000);
});
