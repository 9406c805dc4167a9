// `npm run bench:participation`: how the stored-rank leaderboard, joins and the admin stats hold
// up at size, measured inside the process on a real database file (synchronous=FULL, as the
// product runs). For each contest size it prints the full re-ranking time, one score change,
// one setScores call of 500 lines, and the reads an open leaderboard makes (top 10 + the viewer's own
// rank); then joins per second through the service (REST joins: bench-engines.ts, where the
// server is a process of its own, not sharing a thread with its client) and admin.stats at 10,000 members/contests.
// Not a test: figures for the README, nothing asserted.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sealData } from 'iron-session';
import { createApp } from '../src/server/http/app';
import {
  closeDatabase,
  openDatabase,
  sqliteConnection,
  type DB,
} from '../src/server/platform/db/client';
import { and, eq, sql } from 'drizzle-orm';
import {
  applyScores,
  rankColumn,
  rerankContest,
} from '../src/server/domain/participation/contestParticipants';
import { contestParticipants } from '../src/server/platform/db/schema';
import { getLeaderboard, setScores } from '../src/server/domain/participation/leaderboard';
import { joinContest } from '../src/server/domain/participation/participation';
import { createLimits } from '../src/server/platform/limits';
import { createPasswordHasher } from '../src/server/domain/accounts/passwords';
import { createSession } from '../src/server/domain/accounts/sessions';
import { adminStats } from '../src/server/domain/admin/stats';
import { SCORES_PER_CALL } from '../src/shared/leaderboard';
import { SESSION_COOKIE } from '../src/server/trpc/session';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const DAY = 24 * 3600 * 1000;

function ms(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Median of `runs` timings of fn, in ms. */
async function median(runs: number, fn: (i: number) => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn(i);
    times.push(ms(start));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const fmt = (n: number) => (n < 1 ? n.toFixed(3) : n < 10 ? n.toFixed(2) : n.toFixed(0));

function insertMembers(db: DB, prefix: string, n: number): number[] {
  const insert = sqliteConnection(db).prepare(
    "INSERT INTO users (username, email, password, role, subscription_tier) VALUES (?, ?, 'x', 'user', ?)",
  );
  const tiers = ['free', 'standard', 'pro', 'elite'];
  const ids: number[] = [];
  sqliteConnection(db).transaction(() => {
    for (let i = 0; i < n; i++) {
      ids.push(
        Number(
          insert.run(`${prefix}${i}`, `${prefix}${i}@example.com`, tiers[i % 4]).lastInsertRowid,
        ),
      );
    }
  })();
  return ids;
}

function insertContestRow(
  db: DB,
  slug: string,
  createdBy: number,
  maxParticipants = 10_000,
): number {
  const now = Date.now();
  return Number(
    sqliteConnection(db)
      .prepare(
        `INSERT INTO contests (slug, title, created_by, status, draft, max_participants,
          registration_deadline, start_date, end_date, published_at)
         VALUES (?, ?, ?, 'active', 0, ?, ?, ?, ?, ?)`,
      )
      .run(slug, slug, createdBy, maxParticipants, now + DAY, now + 2 * DAY, now + 9 * DAY, now)
      .lastInsertRowid,
  );
}

/** The production app on a free port, and a signed-in cookie for any member. */
async function startServer(db: DB) {
  const deps = {
    db,
    logger: pino({ level: 'silent' }),
    limits: createLimits(),
    passwords: createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 }),
    sessionSecret: 'y'.repeat(40),
    uploadDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-up-')),
    privateDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-private-')),
  };
  const server = createApp(deps).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const cookieFor = async (userId: number) => {
    const sid = await createSession({ db, userId });
    const sealed = await sealData({ sid }, { password: deps.sessionSecret, ttl: 3600 });
    return `${SESSION_COOKIE}=${encodeURIComponent(sealed)}`;
  };
  return { port, cookieFor, close: () => server.close() };
}

/** One CSV file of a score for every member, uploaded in one request (all applied, or none). */
async function csvUpload(db: DB, contestId: number, size: number, adminId: number) {
  const server = await startServer(db);
  const cookie = await server.cookieFor(adminId);
  try {
    return await median(3, async () => {
      const lines = ['username,score'];
      for (let i = 0; i < size; i++)
        lines.push(`m${size}_${i},${Math.floor(Math.random() * size)}`);
      const form = new FormData();
      form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'scores.csv');
      const res = await fetch(
        `http://127.0.0.1:${server.port}/api/contests/${contestId}/scores/csv`,
        { method: 'POST', headers: { cookie }, body: form },
      );
      const answer = (await res.json()) as { updated?: number };
      if (res.status !== 200 || answer.updated !== size) {
        throw new Error(`CSV upload answered ${res.status}: ${JSON.stringify(answer)}`);
      }
    });
  } finally {
    server.close();
  }
}

/** Whether every rank read is the competition rank of its score (after the CSV upload). */
async function ranksRight(db: DB, contestId: number): Promise<boolean> {
  const rows = await db
    .select({ score: contestParticipants.score, rank: rankColumn('higher') })
    .from(contestParticipants)
    .where(eq(contestParticipants.contestId, contestId))
    .orderBy(sql`${contestParticipants.score} DESC NULLS LAST`);
  return rows.every((r, i) =>
    r.score === null
      ? r.rank === null
      : r.rank === (i > 0 && rows[i - 1]!.score === r.score ? rows[i - 1]!.rank : i + 1),
  );
}

async function leaderboardAt(db: DB, size: number, admin: { id: number; username: string }) {
  const members = insertMembers(db, `m${size}_`, size);
  const contestId = insertContestRow(db, `board-${size}`, admin.id);
  const add = sqliteConnection(db).prepare(
    'INSERT INTO contest_participants (contest_id, user_id, score) VALUES (?, ?, ?)',
  );
  sqliteConnection(db).transaction(() => {
    // Scores with plenty of ties, as real contests have (stored as integers of 1/10,000).
    for (const id of members) add.run(contestId, id, Math.floor(Math.random() * size) * 10_000);
  })();
  sqliteConnection(db)
    .prepare('UPDATE contests SET participants = ? WHERE id = ?')
    .run(members.length, contestId);

  let start = process.hrtime.bigint();
  await db.transaction(async (tx) => {
    await rerankContest({ db: tx, contestId });
  });
  const rerank = ms(start);
  // Again, when nothing changed: only differing rows are written.
  start = process.hrtime.bigint();
  await db.transaction(async (tx) => {
    await rerankContest({ db: tx, contestId });
  });
  const rerankUnchanged = ms(start);

  const rows = sqliteConnection(db)
    .prepare('SELECT id FROM contest_participants WHERE contest_id = ?')
    .all(contestId) as { id: number }[];
  const pick = () => rows[Math.floor(Math.random() * rows.length)]!.id;
  const oneScore = await median(51, () =>
    applyScores({
      db,
      contestId,
      scores: [{ participantId: pick(), score: Math.floor(Math.random() * size) }],
    }),
  );
  const actor = { id: admin.id, username: admin.username, role: 'admin' as const };
  const batch = await median(5, () =>
    setScores({
      db,
      actor,
      contestId,
      scores: Array.from({ length: Math.min(SCORES_PER_CALL, size) }, () => {
        const i = Math.floor(Math.random() * size);
        return { username: `m${size}_${i}`, score: Math.floor(Math.random() * size) };
      }),
    }),
  );
  const viewer = (i: number) => ({
    id: members[(i * 7919) % members.length]!,
    role: 'user' as const,
  });
  // Warm the prepared statements first.
  await getLeaderboard({ db, viewer: viewer(0), contestId, limit: 10, offset: 0 });
  const read = await median(501, (i) =>
    getLeaderboard({ db, viewer: viewer(i), contestId, limit: 10, offset: 0 }),
  );
  const deepPage = await median(101, (i) =>
    getLeaderboard({ db, viewer: viewer(i), contestId, limit: 25, offset: Math.floor(size / 2) }),
  );
  // One member's rank as the board reads it (the rank buckets), and the worst case: the member
  // ranked last, whose rank adds up every bucket.
  const ownRank = db
    .select({ rank: rankColumn('higher'), score: contestParticipants.score })
    .from(contestParticipants)
    .where(
      and(
        eq(contestParticipants.contestId, contestId),
        eq(contestParticipants.userId, sql.placeholder('userId')),
      ),
    )
    .prepare();
  const own = await median(1001, (i) => ownRank.execute({ userId: viewer(i).id }));
  const last = sqliteConnection(db)
    .prepare(
      'SELECT user_id AS id FROM contest_participants WHERE contest_id = ? AND score IS NOT NULL ORDER BY score LIMIT 1',
    )
    .get(contestId) as { id: number };
  const ownLast = await median(1001, () => ownRank.execute({ userId: last.id }));
  const csv = await csvUpload(db, contestId, size, admin.id);
  const csvRanksRight = await ranksRight(db, contestId);
  return {
    size,
    rerank,
    rerankUnchanged,
    oneScore,
    batch,
    csv,
    csvRanksRight,
    read,
    deepPage,
    own,
    ownLast,
  };
}

async function joins(db: DB, admin: { id: number }) {
  // Service: the rules, the IMMEDIATE transaction, the insert, ranks and the recount.
  const serviceCount = 2000;
  const people = insertMembers(db, 'j_', serviceCount);
  const contestId = insertContestRow(db, 'join-service', admin.id);
  const start = process.hrtime.bigint();
  for (const id of people) {
    await joinContest({ db, actor: { id, username: 'j', role: 'user' }, contestId });
  }
  const service = serviceCount / (ms(start) / 1000);

  return { service };
}

/** admin.stats on a database of its own: 10,000 members and 10,000 contests. */
async function stats(dir: string) {
  const db = await openDatabase(path.join(dir, 'stats.db'));
  const admin = sqliteConnection(db)
    .prepare(
      "INSERT INTO users (username, email, password, role) VALUES ('statsadmin', 's@example.com', 'x', 'admin') RETURNING id",
    )
    .get() as { id: number };
  insertMembers(db, 's_', 9_999);
  const add = sqliteConnection(db).prepare(
    `INSERT INTO contests (slug, title, created_by, status, draft) VALUES (?, ?, ?, ?, ?)`,
  );
  const statuses = ['active', 'draft', 'completed', 'pending', 'rejected'];
  sqliteConnection(db).transaction(() => {
    for (let i = 0; i < 10_000; i++) {
      const status = statuses[i % 5]!;
      add.run(`s-${i}`, `Contest ${i}`, admin.id, status, status === 'draft' ? 1 : 0);
    }
  })();
  await adminStats({ db });
  const users = (
    sqliteConnection(db).prepare('SELECT count(*) AS n FROM users').get() as { n: number }
  ).n;
  const contests = (
    sqliteConnection(db).prepare('SELECT count(*) AS n FROM contests').get() as { n: number }
  ).n;
  const time = await median(51, () => adminStats({ db }));
  await closeDatabase(db);
  return { users, contests, time };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-participation-'));
  const db = await openDatabase(path.join(dir, 'bench.db'));
  try {
    const admin = sqliteConnection(db)
      .prepare(
        "INSERT INTO users (username, email, password, role) VALUES ('benchadmin', 'b@example.com', 'x', 'admin') RETURNING id, username",
      )
      .get() as { id: number; username: string };
    console.log(
      '\nLeaderboard, one contest (ms; medians; inside the process, SQLite synchronous=FULL)',
    );
    console.log(
      'participants | re-rank all | re-rank, none changed | one score | 500-score call | CSV of every member, one upload | top 10 + own rank | page at the middle | own rank alone | own rank, last place',
    );
    for (const size of SIZES) {
      const r = await leaderboardAt(db, size, admin);
      console.log(
        [
          r.size.toLocaleString('en-US'),
          r.rerank,
          r.rerankUnchanged,
          r.oneScore,
          r.batch,
          `${fmt(r.csv)}${r.csvRanksRight ? '' : ' (RANKS WRONG)'}`,
          r.read,
          r.deepPage,
          r.own,
          r.ownLast,
        ]
          .map((v) => (typeof v === 'number' ? fmt(v) : v))
          .join(' | '),
      );
    }
    const j = await joins(db, admin);
    console.log(
      `\nJoins: ${fmt(j.service)}/s through the service (one IMMEDIATE transaction each, fsync on ` +
        'commit). Over REST: npm run bench:engines (the server in a process of its own).',
    );
    const s = await stats(dir);
    console.log(
      `admin.stats at ${s.users.toLocaleString('en-US')} accounts and ${s.contests.toLocaleString('en-US')} contests: ${fmt(s.time)} ms`,
    );
  } finally {
    await closeDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
