// The run contract: database settings, idempotent migrations, first-start admin and seed,
// the session secret, environment parsing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootstrap, resolveSessionSecret } from '../../src/server/seed/bootstrap';
import { closeDatabase, openDatabase, sqliteConnection } from '../../src/server/platform/db/client';
import { contests, settings, users } from '../../src/server/platform/db/schema';
import { parseEnv } from '../../src/server/platform/env';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { createTestDb } from '../helpers/db';
import { createPasswordHasher } from '../../src/server/domain/accounts/passwords';

const verifyPassword = (p: string, h: string) => createPasswordHasher().verify(p, h);

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-boot-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const logger = pino({ level: 'silent' });

// SQLite's own file settings and migrator; the PostgreSQL ones are in pgSchema and multiServer.
describe.skipIf(dialect === 'pg')('openDatabase', () => {
  it('uses WAL, synchronous=FULL, foreign keys and a busy timeout', async () => {
    const db = await openDatabase(path.join(tempDir(), 'nested', 'app.db'));
    expect(sqliteConnection(db).pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqliteConnection(db).pragma('synchronous', { simple: true })).toBe(2);
    expect(sqliteConnection(db).pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqliteConnection(db).pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    await closeDatabase(db);
  });

  it('runs migrations idempotently and keeps existing rows', async () => {
    const file = path.join(tempDir(), 'app.db');
    const first = await openDatabase(file);
    await first
      .insert(users)
      .values({ username: 'keep', email: 'keep@example.com', password: 'x' });
    const applied = sqliteConnection(first)
      .prepare('SELECT count(*) AS n FROM __drizzle_migrations')
      .get();
    await closeDatabase(first);
    const second = await openDatabase(file);
    expect(
      sqliteConnection(second).prepare('SELECT count(*) AS n FROM __drizzle_migrations').get(),
    ).toEqual(applied);
    expect((await second.select({ n: count() }).from(users))[0]?.n).toBe(1);
    await closeDatabase(second);
  });
});

describe('bootstrap', () => {
  it('creates an admin with a generated password printed once, and seeds an empty database', async () => {
    const t = await createTestDb();
    const db = t.db;
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await bootstrap(db, parseEnv({}), logger);
    const printed = log.mock.calls.flat().join('\n');
    const password = /password: (\S+)/.exec(printed)?.[1];
    expect(password).toBeTruthy();
    const [admin] = await db.select().from(users).where(eq(users.role, 'admin'));
    expect(admin?.username).toBe('admin');
    expect(admin?.subscriptionTier).toBeNull();
    expect(await verifyPassword(password!, admin!.password)).toBe(true);
    expect((await db.select().from(settings)).length).toBeGreaterThan(0);
    // The demo data: SPEC 9's five contests and the two demo tournaments
    // (tests/server/seed.test.ts checks them in detail) and the ten demo members of their
    // leaderboards and brackets, beside the one admin.
    expect((await db.select({ n: count() }).from(contests))[0]?.n).toBe(7);
    expect((await db.select({ n: count() }).from(users))[0]?.n).toBe(11);

    // A second start changes nothing and prints nothing.
    log.mockClear();
    await bootstrap(db, parseEnv({}), logger);
    expect(log).not.toHaveBeenCalled();
    expect((await db.select({ n: count() }).from(users))[0]?.n).toBe(11);
    expect((await db.select({ n: count() }).from(contests))[0]?.n).toBe(7);
    await t.close();
  });

  it('creates the configured admin from ADMIN_* and never seeds with SEED_DEMO=false', async () => {
    const t = await createTestDb();
    const db = t.db;
    const env = parseEnv({
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'supersecret',
      ADMIN_EMAIL: 'root@example.org',
      SEED_DEMO: 'false',
    });
    await bootstrap(db, env, logger);
    const [admin] = await db.select().from(users).where(eq(users.username, 'root'));
    expect(admin).toMatchObject({ role: 'admin', email: 'root@example.org' });
    expect(await verifyPassword('supersecret', admin!.password)).toBe(true);
    expect(await db.select().from(settings)).toHaveLength(0);
    expect((await db.select({ n: count() }).from(contests))[0]?.n).toBe(0);
    await t.close();
  });

  it('does not seed a database that already has data', async () => {
    const t = await createTestDb();
    const db = t.db;
    await db
      .insert(users)
      .values({ username: 'old', email: 'old@example.com', password: 'x', role: 'admin' });
    await bootstrap(db, parseEnv({}), logger);
    expect(await db.select().from(settings)).toHaveLength(0);
    expect((await db.select({ n: count() }).from(users))[0]?.n).toBe(1);
    await t.close();
  });
});

describe('resolveSessionSecret', () => {
  it('generates a secret once, keeps it beside the database and reuses it', () => {
    const dir = tempDir();
    const env = parseEnv({ DATABASE_PATH: path.join(dir, 'app.db') });
    const first = resolveSessionSecret(env);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.existsSync(path.join(dir, '.session-secret'))).toBe(true);
    expect(resolveSessionSecret(env)).toBe(first);
  });

  it('prefers SESSION_SECRET', () => {
    const secret = 's'.repeat(40);
    expect(
      resolveSessionSecret(
        parseEnv({ SESSION_SECRET: secret, DATABASE_PATH: path.join(tempDir(), 'a.db') }),
      ),
    ).toBe(secret);
  });
});

describe('parseEnv', () => {
  it('applies the defaults of the run contract', () => {
    expect(parseEnv({})).toMatchObject({
      HOST: '0.0.0.0',
      PORT: 5000,
      DATABASE_PATH: 'db/app.db',
      UPLOAD_DIR: 'db/uploads',
      SEED_DEMO: true,
      LOG_LEVEL: 'info',
    });
  });

  it('stops with a clear message on a bad value', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseEnv({ SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    expect(() => parseEnv({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('takes SMTP_URL with MAIL_FROM and PUBLIC_URL, and refuses a bad URL, a bad sender or a URL without them', () => {
    expect(
      parseEnv({
        SMTP_URL: 'smtp://user:pass@mail.example.org:587',
        MAIL_FROM: 'Contest Platform <noreply@example.org>',
        PUBLIC_URL: 'https://contests.example.org',
      }),
    ).toMatchObject({ SMTP_URL: 'smtp://user:pass@mail.example.org:587' });
    // Without PUBLIC_URL a reset link would follow the Host header of whoever asked for it.
    expect(() =>
      parseEnv({ SMTP_URL: 'smtp://mail.example.org', MAIL_FROM: 'noreply@example.org' }),
    ).toThrow(/PUBLIC_URL: is required when SMTP_URL is set/);
    expect(parseEnv({ SMTP_URL: '', MAIL_FROM: '' }).SMTP_URL).toBeUndefined();
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.org', MAIL_FROM: 'a@b.org' })).toThrow(
      /SMTP_URL: must be an SMTP URL/,
    );
    expect(() => parseEnv({ SMTP_URL: 'smtps://mail.example.org' })).toThrow(
      /MAIL_FROM: is required when SMTP_URL is set/,
    );
    expect(() => parseEnv({ MAIL_FROM: 'not an address' })).toThrow(
      /MAIL_FROM: must be an address/,
    );
  });
});
