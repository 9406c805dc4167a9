// `npm run db:copy -- --to postgres://…`: a seeded SQLite install (the first start's admin and
// demo data, plus a member's activity) is copied into an empty PostgreSQL database with every
// row and id, the copy serves the same pages as the original (a real server on each), a new row
// on the copy gets a fresh id, and a database that is not empty is refused. Runs in the SQLite
// pass, with a throw-away cluster of its own.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sealData } from 'iron-session';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import {
  closeDatabase,
  openDatabase,
  sqliteConnection,
  type DB,
} from '../../src/server/platform/db/client';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { copyOrder } from '../../src/server/platform/db/copy';
import { bootstrap } from '../../src/server/seed/bootstrap';
import { parseEnv } from '../../src/server/platform/env';
import { createSession } from '../../src/server/domain/accounts/sessions';
import { joinContest } from '../../src/server/domain/participation/participation';
import { SESSION_COOKIE } from '../../src/server/trpc/session';
import { createUser, testPasswords } from '../helpers/db';
import { available, startPostgres, warnSkipped, type PostgresCluster } from '../helpers/postgres';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess';

const SECRET = 'db-copy-test-session-secret-of-32-characters';
const pgHere = available();
if (!pgHere && dialect === 'sqlite') warnSkipped('tests/server/dbCopy.test.ts');

function copy(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-copy.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '' },
    timeout: 60_000,
  });
}

describe.skipIf(!pgHere || dialect !== 'sqlite')('db:copy from SQLite to PostgreSQL', () => {
  let cluster: PostgresCluster;
  let dir: string;
  let file: string;
  let target: string;
  let source: DB;
  let memberId: number;

  beforeAll(async () => {
    cluster = await startPostgres();
    target = await cluster.createDatabase('copy_target');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-copy-'));
    file = path.join(dir, 'app.db');
    source = await openDatabase(file);
    await bootstrap(
      source,
      parseEnv({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'chief-password-1' }),
      pino({ level: 'silent' }),
      testPasswords,
    );
    const member = await createUser(source, { username: 'copied_member' });
    memberId = member.id;
    const [open] = sqliteConnection(source)
      .prepare("SELECT id FROM contests WHERE status = 'active' AND participation_type = 'free'")
      .all() as { id: number }[];
    if (open) {
      await joinContest({
        db: source,
        actor: { id: member.id, username: member.username, role: 'user' },
        contestId: open.id,
      }).catch(() => undefined);
    }
    await closeDatabase(source);
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies every table with its ids into an empty database and advances the sequences', async () => {
    const run = copy(['--to', target, '--from', file]);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/Copied \d+ rows/);

    const sqlite = await openDatabase(file);
    const pool = new pg.Pool({ connectionString: target, max: 2 });
    try {
      const raw = sqliteConnection(sqlite);
      for (const table of copyOrder()) {
        const name = table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
        const expected = (raw.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number })
          .n;
        const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${name}"`);
        expect(Number(rows[0]!.n), name).toBe(expected);
      }
      const ids = raw.prepare('SELECT id, username FROM users ORDER BY id').all();
      const copied = await pool.query('SELECT id, username FROM users ORDER BY id');
      expect(copied.rows).toEqual(ids);
      // A new row takes the next id, not one of the copied ones.
      const { rows } = await pool.query<{ id: number }>(
        "INSERT INTO users (username, email, password) VALUES ('fresh_one', 'fresh@example.com', 'x') RETURNING id",
      );
      const maxId = Math.max(...(ids as { id: number }[]).map((r) => r.id));
      expect(rows[0]!.id).toBeGreaterThan(maxId);
      await pool.query("DELETE FROM users WHERE username = 'fresh_one'");
    } finally {
      await pool.end();
      await closeDatabase(sqlite);
    }
  }, 120_000);

  it('the copy serves the same pages as the original', async () => {
    const servers: ServerProcess[] = [];
    try {
      const common = { SESSION_SECRET: SECRET, UPLOAD_DIR: path.join(dir, 'uploads') };
      servers.push(await startServerProcess({ ...common, DATABASE_PATH: file }));
      servers.push(await startServerProcess({ ...common, DATABASE_URL: target }));
      // The member's own session, written into each database as a sign-in would.
      const original = await openDatabase(file);
      const sidHere = await createSession({ db: original, userId: memberId });
      await closeDatabase(original);
      const sidThere = `copy-session-${Date.now()}`;
      const client = new pg.Client({ connectionString: target });
      await client.connect();
      await client.query(
        "INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')",
        [sidThere, memberId],
      );
      await client.end();
      const cookies = await Promise.all(
        [sidHere, sidThere].map(
          async (sid) =>
            `${SESSION_COOKIE}=${encodeURIComponent(await sealData({ sid }, { password: SECRET, ttl: 3600 }))}`,
        ),
      );
      const pages = [
        '/api/contests?page=1',
        '/api/contests?tab=upcoming&page=1',
        '/api/education',
        '/api/user',
      ];
      const listed = (await (
        await fetch(`${servers[0]!.base}/api/contests?page=1`, { headers: { cookie: cookies[0]! } })
      ).json()) as { id: number }[];
      expect(listed.length).toBeGreaterThan(0);
      for (const { id } of listed.slice(0, 3)) {
        pages.push(`/api/contests/${id}`, `/api/contests/${id}/leaderboard`);
      }
      for (const page of pages) {
        const [original, copied] = await Promise.all(
          servers.map(async (s, i) => {
            const res = await fetch(`${s.base}${page}`, { headers: { cookie: cookies[i]! } });
            return { status: res.status, body: await res.json() };
          }),
        );
        expect(copied, page).toEqual(original);
        expect(original!.status, page).toBe(200);
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  }, 120_000);

  it('refuses a database that is not empty', () => {
    const run = copy(['--to', target, '--from', file]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/The target database is not empty \(.*users: \d+/);
  }, 60_000);
});
