// Two real app servers (`src/server/index.ts`, as `npm start` runs it) on one PostgreSQL
// database, started at the same moment on an empty database, and everything an operator is
// promised of them, over HTTP: one migration run and one first-start seed, sessions and their
// revocation on either server, sign-in limits counted across servers, live leaderboards and
// platform settings reaching the other server within a second, a contest's cap under 200
// simultaneous joins split across the two, and an import started on one reported by the other.
// Runs in the PostgreSQL pass of the server suites (`server-pg`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sealData } from 'iron-session';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeDatabase, openPostgresDatabase, type DB } from '../../src/server/platform/db/client';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { contestParticipants, users } from '../../src/server/platform/db/schema';
import { createSession } from '../../src/server/domain/accounts/sessions';
import { SESSION_COOKIE } from '../../src/server/trpc/session';
import { count, eq } from 'drizzle-orm';
import { insertContest } from '../helpers/contests';
import { createUser, testPasswords } from '../helpers/db';
import { HttpClient } from '../helpers/server';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess';
import { startWordPressFixture, samplePosts } from '../helpers/wordpress';

const SECRET = 'a-shared-session-secret-of-at-least-32-characters';
const ADMIN = { username: 'chief', password: 'chief-password-1' };

describe.skipIf(dialect !== 'pg')('two app servers on one PostgreSQL database', () => {
  let url: string;
  let dbName: string;
  let dir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let db: DB;

  const client = (server: ServerProcess, cookie = '') => {
    const c = new HttpClient(server.base);
    c.cookie = cookie;
    return c;
  };
  async function cookieFor(userId: number): Promise<string> {
    const sid = await createSession({ db, userId });
    const sealed = await sealData({ sid }, { password: SECRET, ttl: 3600 });
    return `${SESSION_COOKIE}=${encodeURIComponent(sealed)}`;
  }
  async function signIn(server: ServerProcess, username: string, password: string) {
    const c = client(server);
    const res = await c.post('/api/login', { username, password });
    expect(res.status).toBe(200);
    return c;
  }

  beforeAll(async () => {
    const adminUrl = inject('pgAdminUrl');
    dbName = `multi_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${dbName}`;
    url = parsed.toString();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-multi-'));
    const env = {
      DATABASE_URL: url,
      SESSION_SECRET: SECRET,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'true',
      EDUCATION_IMPORT_ALLOW_PRIVATE: 'true',
      PGPOOL_SIZE: '20',
    };
    // Both at once, on an empty database: migrations and the seed must each run once.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    db = await openPostgresDatabase(url, { poolSize: 4 });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    if (db) await closeDatabase(db);
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ran the migrations and the first-start admin and demo seed once', async () => {
    const journal = JSON.parse(fs.readFileSync('db/migrations/pg/meta/_journal.json', 'utf8')) as {
      entries: unknown[];
    };
    const pool = new pg.Pool({ connectionString: url });
    try {
      const migrations = await pool.query<{ n: string }>(
        'SELECT count(*) AS n FROM drizzle.__drizzle_migrations',
      );
      expect(Number(migrations.rows[0]!.n)).toBe(journal.entries.length);
      const admins = await pool.query<{ n: string }>(
        "SELECT count(*) AS n FROM users WHERE role = 'admin'",
      );
      expect(Number(admins.rows[0]!.n)).toBe(1);
      const contests = await pool.query<{ n: string; titles: string }>(
        'SELECT count(*) AS n, count(DISTINCT title) AS titles FROM contests',
      );
      expect(Number(contests.rows[0]!.n)).toBeGreaterThan(0);
      expect(contests.rows[0]!.titles).toBe(contests.rows[0]!.n);
    } finally {
      await pool.end();
    }
  });

  it('a session made on one server works on the other, and a logout on one ends it on both', async () => {
    const onA = await signIn(a, ADMIN.username, ADMIN.password);
    const onB = client(b, onA.cookie);
    expect((await onB.get('/api/user')).status).toBe(200);
    expect((await onB.post('/api/logout')).status).toBe(200);
    expect((await client(a, onA.cookie).get('/api/user')).status).toBe(401);
  });

  it("a ban on one server ends the member's sessions on the other at once", async () => {
    const member = await createUser(db);
    const memberOnB = await signIn(b, member.username, member.password);
    expect((await memberOnB.get('/api/user')).status).toBe(200);
    const adminOnA = await signIn(a, ADMIN.username, ADMIN.password);
    expect(
      (await adminOnA.post(`/api/admin/users/${member.id}/ban`, { reason: 'Spam' })).status,
    ).toBe(200);
    expect((await memberOnB.get('/api/user')).status).toBe(401);
  });

  it('counts failed sign-ins at one account across both servers', async () => {
    const member = await createUser(db);
    const guess = (server: ServerProcess) =>
      client(server).post('/api/login', { username: member.username, password: 'wrong-guess-1' });
    // Five failures, alternating servers (the fifth takes the account's one slot for 30 s);
    // the sixth, on either server, must wait.
    for (let i = 0; i < 5; i += 1) {
      const res = await guess(i % 2 ? b : a);
      expect(res.status, res.text).toBe(401);
    }
    const refused = await guess(b);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a score saved on one server reaches a live leaderboard open on the other within a second', async () => {
    const adminRow = (await db.select().from(users).where(eq(users.username, ADMIN.username)))[0]!;
    const member = await createUser(db);
    const contest = await insertContest(db, { createdBy: adminRow.id });
    await db.insert(contestParticipants).values({ contestId: contest.id, userId: member.id });
    const adminCookie = await cookieFor(adminRow.id);
    const input = encodeURIComponent(JSON.stringify({ json: { contestId: contest.id } }));
    const controller = new AbortController();
    const stream = await fetch(`${b.base}/trpc/leaderboard.onChange?input=${input}`, {
      headers: { accept: 'text/event-stream', cookie: adminCookie },
      signal: controller.signal,
    });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('connected')) text += decoder.decode((await reader.read()).value);
    text = '';
    const heard = (async () => {
      while (!/\ndata: /.test(`\n${text}`) || !text.includes('version')) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        text += decoder.decode(value);
      }
      return Date.now();
    })();
    const sent = Date.now();
    const saved = await client(a, adminCookie).request(
      'PUT',
      `/api/contests/${contest.id}/scores`,
      {
        scores: [{ username: member.username, score: 42 }],
      },
    );
    expect(saved.status).toBe(200);
    const at = await Promise.race([
      heard,
      new Promise<number>((_, reject) =>
        setTimeout(() => reject(new Error(`no event within 1 s: ${text}`)), 1000),
      ),
    ]);
    expect(at - sent).toBeLessThan(1000);
    controller.abort();
  });

  it('maintenance mode saved on one server applies on the other within a second', async () => {
    const member = await createUser(db);
    const memberOnB = client(b, await cookieFor(member.id));
    const adminOnA = await signIn(a, ADMIN.username, ADMIN.password);
    expect((await memberOnB.get('/api/contests?page=1')).status).toBe(200);
    try {
      expect((await adminOnA.patch('/api/admin/settings', { maintenanceMode: true })).status).toBe(
        200,
      );
      const until = Date.now() + 1000;
      let status = 0;
      while (Date.now() < until) {
        status = (await memberOnB.get('/api/contests?page=1')).status;
        if (status === 503) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(503);
    } finally {
      await adminOnA.patch('/api/admin/settings', { maintenanceMode: false });
    }
  });

  it('200 joins spread over both servers on a 50-place contest admit exactly 50', async () => {
    const adminRow = (await db.select().from(users).where(eq(users.username, ADMIN.username)))[0]!;
    const contest = await insertContest(db, { createdBy: adminRow.id, maxParticipants: 50 });
    const password = await testPasswords.hash('password123');
    const members = await db
      .insert(users)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          username: `joiner_${contest.id}_${i}`,
          email: `joiner_${contest.id}_${i}@example.com`,
          password,
          role: 'user' as const,
          subscriptionTier: 'free' as const,
        })),
      )
      .returning({ id: users.id });
    const cookies = await Promise.all(members.map((m) => cookieFor(m.id)));
    const answers = await Promise.all(
      cookies.map((cookie, i) =>
        client(i % 2 ? b : a, cookie).post(`/api/contests/${contest.id}/join`, {}),
      ),
    );
    const admitted = answers.filter((r) => r.status >= 200 && r.status < 300);
    expect(admitted).toHaveLength(50);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(150);
    const [stored] = await db
      .select({ n: count() })
      .from(contestParticipants)
      .where(eq(contestParticipants.contestId, contest.id));
    expect(stored!.n).toBe(50);
  }, 60_000);

  it('an import started on one server is reported by the other', async () => {
    const site = await startWordPressFixture(samplePosts());
    try {
      const adminOnA = await signIn(a, ADMIN.username, ADMIN.password);
      const adminOnB = client(b, adminOnA.cookie);
      const started = await adminOnA.post('/trpc/education.importStart', {
        json: { siteUrl: site.url },
      });
      expect(started.status).toBe(200);
      const jobId = (started.json as { result: { data: { json: { jobId: string } } } }).result.data
        .json.jobId;
      let status = 'running';
      let added = 0;
      const until = Date.now() + 20_000;
      while (status === 'running' && Date.now() < until) {
        const input = encodeURIComponent(JSON.stringify({ json: { jobId } }));
        const res = await adminOnB.get(`/trpc/education.importStatus?input=${input}`);
        expect(res.status).toBe(200);
        const job = (
          res.json as {
            result: { data: { json: { status: string; progress: { added: number } } } };
          }
        ).result.data.json;
        status = job.status;
        added = job.progress.added;
        if (status === 'running') await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe('done');
      expect(added).toBe(samplePosts().length);
    } finally {
      await site.stop();
    }
  }, 60_000);

  it('refuses a second import on the other server while one runs', async () => {
    const site = await startWordPressFixture(samplePosts());
    site.mode = 'hang';
    try {
      const adminOnA = await signIn(a, ADMIN.username, ADMIN.password);
      const adminOnB = client(b, adminOnA.cookie);
      const first = await adminOnA.post('/trpc/education.importStart', {
        json: { siteUrl: site.url },
      });
      expect(first.status).toBe(200);
      const second = await adminOnB.post('/trpc/education.importStart', {
        json: { siteUrl: site.url },
      });
      expect(second.status).toBe(409);
      expect(second.text).toContain('An import is already running');
    } finally {
      await site.stop();
    }
  }, 60_000);
});
