// `npm run bench` (its tournament part; alone: `npx tsx scripts/bench-tournaments.ts`): a bracket
// at size, inside the process on a real database (a fresh SQLite file at synchronous=FULL, or the
// PostgreSQL database DATABASE_URL names): generating a 1,024-player double elimination (2,047
// matches written, 1,024 members told their first match is ready), reporting a result in its
// 512-match first round (the bracket loaded, the winner advanced, the rows written back), and
// reading the whole bracket as the bracket view does. Not a test: figures, nothing asserted.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import {
  closeDatabase,
  openDatabase,
  openPostgresDatabase,
  type DB,
} from '../src/server/platform/db/client';
import { insertMany } from '../src/server/platform/db/dialect';
import { contests, users } from '../src/server/platform/db/schema';
import { recountParticipants } from '../src/server/domain/participation/contestParticipants';
import { generateBracket, readBracket, reportMatch } from '../src/server/domain/tournaments';
import { available, startPostgres } from '../tests/helpers/postgres';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1024);

function ms(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}
const fmt = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = process.hrtime.bigint();
  const value = await fn();
  return [value, ms(start)];
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tournaments-'));
  const url = process.env.DATABASE_URL;
  const db: DB = url
    ? await openPostgresDatabase(url)
    : await openDatabase(path.join(dir, 'app.db'));
  try {
    const tag = Date.now().toString(36);
    const [organiser] = await db
      .insert(users)
      .values({
        username: `bench_org_${tag}`,
        email: `org_${tag}@bench.test`,
        password: 'x',
        role: 'admin',
      })
      .returning({ id: users.id, username: users.username });
    const players = await db
      .insert(users)
      .values(
        Array.from({ length: PLAYERS }, (_, i) => ({
          username: `bench_${tag}_${i}`,
          email: `p${i}_${tag}@bench.test`,
          password: 'x',
        })),
      )
      .returning({ id: users.id });
    const start = new Date(Date.now() - 3_600_000);
    const [contest] = await db
      .insert(contests)
      .values({
        slug: `bench-bracket-${tag}`,
        title: 'Bench bracket',
        createdBy: organiser!.id,
        status: 'active',
        draft: false,
        format: 'knockout',
        maxParticipants: 10_000,
        tournament: { elimination: 'double', grandFinal: 'double' },
        registrationDeadline: start,
        startDate: start,
        endDate: new Date(Date.now() + 7 * 86_400_000),
      })
      .returning({ id: contests.id });
    const contestId = contest!.id;
    await db.transaction(async (tx) => {
      await insertMany(
        tx,
        'contest_participants',
        [
          { name: 'contest_id', pgType: 'integer' },
          { name: 'user_id', pgType: 'integer' },
        ],
        players.map((p) => [contestId, p.id]),
      );
      await recountParticipants({ db: tx, contestIds: [contestId] });
    });
    const actor = { id: organiser!.id, username: organiser!.username, role: 'admin' as const };

    const [, generate] = await timed(() =>
      db.transaction((tx) => generateBracket(tx, actor, { contestId, seeding: 'random' })),
    );
    const [bracket, firstRead] = await timed(() => readBracket(db, actor, contestId));
    const round = bracket.stages[0]!.groups[0]!.rounds[0]!;
    const matchCount = bracket.stages
      .flatMap((s) => s.groups)
      .flatMap((g) => g.rounds)
      .reduce((n, r) => n + r.matches.length, 0);

    const reports: number[] = [];
    for (const match of round.matches.slice(0, 7)) {
      const [, t] = await timed(() =>
        db.transaction((tx) => reportMatch(tx, actor, { matchId: match.id, scores: [2, 1] })),
      );
      reports.push(t);
    }
    const reads: number[] = [];
    for (let i = 0; i < 7; i++)
      reads.push((await timed(() => readBracket(db, actor, contestId)))[1]);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

    const engine = url ? 'PostgreSQL' : 'SQLite';
    console.log(
      `\nTournaments (${engine}): ${PLAYERS}-player double elimination, ${matchCount} matches`,
    );
    console.log(`  generate (seed, create, write, notify ${PLAYERS})   ${fmt(generate)} ms`);
    console.log(
      `  report a result in the ${round.matches.length}-match round      ${fmt(median(reports))} ms (median of ${reports.length})`,
    );
    console.log(
      `  read the bracket                              ${fmt(median(reads))} ms (median of ${reads.length}; first ${fmt(firstRead)} ms)`,
    );
    if (url) {
      await db.delete(contests).where(eq(contests.id, contestId));
    }
  } finally {
    await closeDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();

// Then the same on PostgreSQL, in a process of its own (the engine is chosen at start-up from
// DATABASE_URL), on a throw-away cluster when Debian's binaries are here.
if (!process.env.DATABASE_URL && available()) {
  const cluster = await startPostgres({ durable: true });
  try {
    const url = await cluster.createDatabase('bench_tournaments');
    execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: 'inherit',
    });
  } finally {
    await cluster.stop();
  }
}
