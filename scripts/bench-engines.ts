// `npm run bench` (second part), or `npm run bench:engines`: the same database on SQLite and on
// PostgreSQL (a throw-away durable cluster from Debian's binaries: fsync and synchronous commit
// on, as SQLite runs with synchronous=FULL), served by one and by two app servers (the compiled
// server, as `npm start` runs it). For each: read paths at 50 connections split over the servers
// (req/s summed, the worst p99), then durable joins/s: JOINS members each joining one contest
// over REST, 50 at a time, spread over the servers. Skipped, saying so, without PostgreSQL.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sealData } from 'iron-session';
import pg from 'pg';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { closeDatabase, openDatabase, sqliteConnection } from '../src/server/platform/db/client';
import { copySqliteToPostgres } from '../src/server/platform/db/copy';
import { openPostgres } from '../src/server/platform/db/postgres';
import { SESSION_COOKIE } from '../src/server/trpc/session';
import { available, startPostgres } from '../tests/helpers/postgres';
import { freePort, waitForOk } from '../tests/helpers/serverProcess';
import { CONTESTS, USERS, seed } from './bench-seed';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const JOINS = Math.min(Number(process.env.BENCH_JOINS ?? 2000), USERS);
const SECRET = crypto.randomBytes(24).toString('base64url');
/**
 * BENCH_PG_STATEMENTS=1: PostgreSQL counts its statements (pg_stat_statements), and after each
 * PostgreSQL setup's reads and joins the bench prints the busiest: calls, mean and total time.
 */
const STATEMENTS = process.env.BENCH_PG_STATEMENTS === '1';
/** BENCH_CPU_PROF=DIR: each app server writes a CPU profile into DIR (node --cpu-prof). */
const CPU_PROFILES = process.env.BENCH_CPU_PROF;
/** BENCH_READS=0: joins only (with BENCH_CPU_PROF, a profile of joins alone). */
const READS = process.env.BENCH_READS !== '0';

interface CannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}

function cannon(url: string, connections: number, cookie: string): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration: DURATION, headers: { cookie } },
      (error: Error | null, result: CannonResult) => (error ? reject(error) : resolve(result)),
    );
  });
}

interface Setup {
  name: string;
  env: Record<string, string>;
  servers: number;
  /** The contest this setup's joins go to (one per setup: a member joins a contest once). */
  joinContest: number;
  /** Writes a session row for each member and answers the cookies. */
  sessions: (userIds: number[]) => Promise<string[]>;
  /** Called after the reads and after the joins (BENCH_PG_STATEMENTS). */
  phaseDone?: (phase: string) => Promise<void>;
}

/** The statements PostgreSQL ran most since the last call, printed, and its counts reset. */
async function printStatements(url: string, title: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      calls: number | string;
      mean: number;
      total: number;
      plans: number | string;
      plan: number;
      query: string;
    }>(
      `SELECT calls, mean_exec_time AS mean, total_exec_time AS total, plans,
         total_plan_time AS plan, query
       FROM pg_stat_statements ORDER BY calls DESC LIMIT 15`,
    );
    console.log(
      `\n${title}: the statements PostgreSQL ran most (calls, mean ms, total ms, plans, planning ms)`,
    );
    for (const r of rows) {
      const query = r.query.replace(/\s+/g, ' ').slice(0, 130);
      console.log(
        `${String(r.calls).padStart(8)}  ${r.mean.toFixed(3).padStart(7)}  ${r.total.toFixed(0).padStart(6)}  ${String(r.plans).padStart(6)}  ${r.plan.toFixed(0).padStart(5)}  ${query}`,
      );
    }
    await client.query('SELECT pg_stat_statements_reset()');
  } finally {
    await client.end();
  }
}

async function cookiesFor(ids: string[]): Promise<string[]> {
  return Promise.all(
    ids.map(
      async (sid) =>
        `${SESSION_COOKIE}=${encodeURIComponent(await sealData({ sid }, { password: SECRET, ttl: 3600 * 4 }))}`,
    ),
  );
}

function startServer(env: Record<string, string>, port: number, dir: string): ChildProcess {
  const profile = CPU_PROFILES ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILES}`] : [];
  return spawn(process.execPath, [...profile, 'dist/server/index.js'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      ...env,
      SESSION_SECRET: SECRET,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      PGPOOL_SIZE: '20',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Three open contests with room for everyone, one per setup's joins. */
function addJoinContests(file: string): number[] {
  const db = new Database(file);
  const day = 24 * 3600 * 1000;
  const start = Date.now() + 30 * day;
  const insert = db.prepare(
    `INSERT INTO contests (slug, title, short_description, description, type, category,
       max_participants, registration_deadline, start_date, end_date, participation_type,
       required_tier, created_by, status, draft, featured, published_at)
     VALUES (?, ?, 'Joins', 'Joins of the benchmark', 'other', 'other', 10000, ?, ?, ?, 'free',
       'free', 1, 'active', 0, 0, ?) RETURNING id`,
  );
  const ids = [0, 1, 2].map(
    (i) =>
      (
        insert.get(
          `bench-joins-${i}`,
          `Joins ${i}`,
          start - day,
          start,
          start + 7 * day,
          Date.now(),
        ) as {
          id: number;
        }
      ).id,
  );
  db.close();
  return ids;
}

async function measure(setup: Setup, dir: string) {
  const ports = await Promise.all(Array.from({ length: setup.servers }, () => freePort()));
  const children = ports.map((port) => startServer(setup.env, port, dir));
  const bases = ports.map((port) => `http://127.0.0.1:${port}`);
  try {
    await Promise.all(bases.map((b) => waitForOk(`${b}/api/health`)));
    const login = await fetch(`${bases[0]}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchadmin', password: 'benchpass123' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const listInput = encodeURIComponent(
      JSON.stringify({ json: { tab: 'all', page: 1, pageSize: 12 } }),
    );
    const paths: [string, string][] = [
      ['REST GET /api/user', '/api/user'],
      ['REST GET /api/contests?page=1', '/api/contests?tab=all&page=1&pageSize=12'],
      ['tRPC contests.list', `/trpc/contests.list?input=${listInput}`],
      ['REST GET /api/contests/1', '/api/contests/1'],
    ];
    const reads: { path: string; rps: number; p99: number; bad: number }[] = [];
    for (const [name, p] of READS ? paths : []) {
      const results = await Promise.all(
        bases.map((b) => cannon(`${b}${p}`, Math.floor(CONNECTIONS / bases.length), cookie)),
      );
      reads.push({
        path: name,
        rps: results.reduce((n, r) => n + r.requests.average, 0),
        p99: Math.max(...results.map((r) => r.latency.p99)),
        bad: results.reduce((n, r) => n + r.non2xx + r.errors, 0),
      });
    }
    await setup.phaseDone?.('reads');

    // Durable joins: each a transaction with the join rule, the place count and the rank.
    const members = Array.from({ length: JOINS }, (_, i) => i + 2);
    const cookies = await setup.sessions(members);
    let next = 0;
    let failed = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, w) => {
        for (let i = next++; i < cookies.length; i = next++) {
          const res = await fetch(
            `${bases[(i + w) % bases.length]}/api/contests/${setup.joinContest}/join`,
            {
              method: 'POST',
              headers: { cookie: cookies[i]!, 'content-type': 'application/json' },
              body: '{}',
            },
          );
          await res.arrayBuffer();
          if (res.status !== 201) failed += 1;
        }
      }),
    );
    const joinsPerSecond = cookies.length / ((Date.now() - started) / 1000);
    await setup.phaseDone?.('joins');
    return { reads, joinsPerSecond, failed };
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main() {
  if (!available()) {
    console.log(
      '\nPostgreSQL binaries not found under /usr/lib/postgresql/*/bin: the SQLite/PostgreSQL ' +
        'figures are skipped (apt-get install postgresql to measure them).',
    );
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-bench-engines-'));
  const file = path.join(dir, 'app.db');
  console.log(`\nEngines: seeding ${USERS} members and ${CONTESTS} contests...`);
  await seed(file);
  const joinContests = addJoinContests(file);
  execFileSync('node', ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
  const cluster = await startPostgres({
    durable: true,
    settings: STATEMENTS
      ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track_planning=on']
      : [],
  });
  try {
    const url = await cluster.createDatabase('bench');
    // BENCH_PG_SOCKET=1: the app servers reach PostgreSQL through its Unix socket.
    const serverUrl =
      process.env.BENCH_PG_SOCKET === '1'
        ? `postgres://postgres@localhost:${cluster.port}/bench?host=${cluster.socketDir}`
        : url;
    const statements = async (title: string) => {
      if (STATEMENTS) await printStatements(url, title);
    };
    {
      const source = await openDatabase(file);
      const target = await openPostgres(url);
      await copySqliteToPostgres(sqliteConnection(source), target.pool);
      if (STATEMENTS) {
        await target.pool.query('CREATE EXTENSION pg_stat_statements');
        await target.pool.query('SELECT pg_stat_statements_reset()');
      }
      await target.pool.end();
      await closeDatabase(source);
    }
    const sqliteSessions = async (ids: number[]) => {
      const db = new Database(file);
      const insert = db.prepare(
        'INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      );
      const now = Date.now();
      const sids = ids.map(() => crypto.randomBytes(16).toString('hex'));
      db.transaction(() =>
        ids.forEach((id, i) => insert.run(sids[i], id, now, now, now + 4 * 3600_000)),
      )();
      db.close();
      return cookiesFor(sids);
    };
    const pgSessions = async (ids: number[]) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const sids = ids.map(() => crypto.randomBytes(16).toString('hex'));
      await client.query(
        `INSERT INTO sessions (id, user_id, expires_at)
         SELECT unnest($1::text[]), unnest($2::int[]), now() + interval '4 hours'`,
        [sids, ids],
      );
      await client.end();
      return cookiesFor(sids);
    };
    const setups: Setup[] = [
      {
        name: 'SQLite, 1 server',
        env: { DATABASE_PATH: file },
        servers: 1,
        joinContest: joinContests[0]!,
        sessions: sqliteSessions,
      },
      {
        name: 'PostgreSQL, 1 server',
        env: { DATABASE_URL: serverUrl },
        servers: 1,
        joinContest: joinContests[1]!,
        sessions: pgSessions,
        phaseDone: (phase) => statements(`PostgreSQL, 1 server, ${phase}`),
      },
      {
        name: 'PostgreSQL, 2 servers',
        env: { DATABASE_URL: serverUrl },
        servers: 2,
        joinContest: joinContests[2]!,
        sessions: pgSessions,
        phaseDone: (phase) => statements(`PostgreSQL, 2 servers, ${phase}`),
      },
    ];
    const results: Array<{ setup: Setup } & Awaited<ReturnType<typeof measure>>> = [];
    for (const setup of setups) {
      results.push({ setup, ...(await measure(setup, dir)) });
    }
    console.log(
      `\nEngines (${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB; app servers and PostgreSQL on this one machine): ` +
        `${CONNECTIONS} connections split over the servers, ${DURATION} s per path, ${JOINS} joins\n`,
    );
    const header = ['path', ...setups.map((s) => s.name)];
    const rows = results[0]!.reads.map((r, i) => [
      r.path,
      ...results.map(
        (x) =>
          `${x.reads[i]!.rps.toFixed(0)} req/s (p99 ${x.reads[i]!.p99} ms)${x.reads[i]!.bad ? ` ${x.reads[i]!.bad} non-2xx` : ''}`,
      ),
    ]);
    rows.push([
      'durable joins (REST)',
      ...results.map(
        (x) => `${x.joinsPerSecond.toFixed(0)} joins/s${x.failed ? ` (${x.failed} refused)` : ''}`,
      ),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(line(header));
    for (const r of rows) console.log(line(r));
  } finally {
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
