// The 0021 migration (sqlite; pg 0016) (issue 29 'Disputes with both sides'): a waiting or disputed self-report
// keeps its result as the match's `report` (who from reported_by, when from updated_at), and a
// dispute's reason becomes the `dispute` of the reporter's opponent (no result of its own: it
// was not asked before), then the old columns go.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, sqliteConnection } from '../../src/server/platform/db/client';
import { MIGRATIONS_DIR, PG_MIGRATIONS_DIR } from '../../src/server/platform/paths';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { available, startPostgres, warnSkipped } from '../helpers/postgres';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-reports-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The committed migrations (of `from`) up to, not including, the one tagged `before`. */
function migrationsBefore(before: string, from = MIGRATIONS_DIR): string {
  const folder = path.join(dir, path.basename(from));
  fs.cpSync(from, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const index = journal.entries.findIndex((e) => e.tag.endsWith(before));
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

const ROWS = [
  // id, state, reported_by, pending_result, dispute_reason, updated_at (ms)
  [1, 'pending', 10, '{"scores":[3,1]}', null, 1000],
  [2, 'disputed', 20, '{"forfeit":10}', 'He never came', 2000],
  [3, 'none', null, null, null, 3000],
] as const;

const EXPECTED = [
  {
    id: 1,
    report: { by: 10, scores: [3, 1], games: null, forfeit: null, at: 1000 },
    dispute: null,
  },
  {
    id: 2,
    report: { by: 20, scores: null, games: null, forfeit: 10, at: 2000 },
    dispute: { by: 10, scores: null, games: null, reason: 'He never came', at: 2000 },
  },
  { id: 3, report: null, dispute: null },
];

// Not in the PostgreSQL pass: a SQLite migration (PostgreSQL's 0016 does the same in its SQL).
describe.skipIf(dialect === 'pg')('the match reports migration', () => {
  it('keeps a pending report, a disputed one with its reason, and leaves the rest empty', async () => {
    const file = path.join(dir, 'old.db');
    const old = await openDatabase(file, { migrationsFolder: migrationsBefore('_match_reports') });
    const s = sqliteConnection(old);
    s.prepare(
      "INSERT INTO users (id, username, password, email) VALUES (1, 'ann', 'x', 'a@example.com')",
    ).run();
    s.prepare("INSERT INTO contests (id, slug, created_by) VALUES (1, 'cup', 1)").run();
    const add = s.prepare(
      `INSERT INTO bracket_matches (id, contest_id, stage_id, group_id, round_id, number, status,
         participant1_id, participant2_id, report_state, reported_by, pending_result,
         dispute_reason, updated_at)
       VALUES (?, 1, 1, 1, 1, ?, 2, 10, 20, ?, ?, ?, ?, ?)`,
    );
    for (const [id, ...rest] of ROWS) add.run(id, id, ...rest);
    await closeDatabase(old);

    const db = await openDatabase(file);
    const rows = sqliteConnection(db)
      .prepare('SELECT id, report, dispute FROM bracket_matches ORDER BY id')
      .all() as { id: number; report: string | null; dispute: string | null }[];
    const parsed = rows.map((r) => ({
      id: r.id,
      report: r.report && (JSON.parse(r.report) as unknown),
      dispute: r.dispute && (JSON.parse(r.dispute) as unknown),
    }));
    expect(parsed).toEqual(EXPECTED);
    const columns = sqliteConnection(db)
      .prepare("SELECT name FROM pragma_table_info('bracket_matches')")
      .all() as { name: string }[];
    expect(columns.map((c) => c.name)).not.toContain('pending_result');
    await closeDatabase(db);
  });
});

// PostgreSQL's 0016 on a cluster of its own (run once, in the first pass, like pgSchema.test.ts).
const pgHere = available();
if (!pgHere) warnSkipped('tests/server/matchReportsMigration.test.ts (PostgreSQL half)');

describe.skipIf(!pgHere || dialect === 'pg')('the match reports migration on PostgreSQL', () => {
  it('converts the same rows the same way', async () => {
    const cluster = await startPostgres();
    try {
      const url = await cluster.createDatabase('reports_migration');
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      try {
        await migrate(drizzle(pool), {
          migrationsFolder: migrationsBefore('_match_reports', PG_MIGRATIONS_DIR),
        });
        await pool.query(
          "INSERT INTO users (id, username, password, email) VALUES (1, 'ann', 'x', 'a@example.com')",
        );
        await pool.query("INSERT INTO contests (id, slug, created_by) VALUES (1, 'cup', 1)");
        for (const [id, state, by, pending, reason, at] of ROWS) {
          await pool.query(
            `INSERT INTO bracket_matches (id, contest_id, stage_id, group_id, round_id, number,
               status, participant1_id, participant2_id, report_state, reported_by,
               pending_result, dispute_reason, updated_at)
             VALUES ($1, 1, 1, 1, 1, $1, 2, 10, 20, $2, $3, $4, $5, to_timestamp($6::double precision / 1000))`,
            [id, state, by, pending, reason, at],
          );
        }
        await migrate(drizzle(pool), { migrationsFolder: PG_MIGRATIONS_DIR });
        const { rows } = await pool.query<{
          id: number;
          report: string | null;
          dispute: string | null;
        }>('SELECT id, report, dispute FROM bracket_matches ORDER BY id');
        expect(
          rows.map((r) => ({
            id: r.id,
            report: r.report && (JSON.parse(r.report) as unknown),
            dispute: r.dispute && (JSON.parse(r.dispute) as unknown),
          })),
        ).toEqual(EXPECTED);
      } finally {
        await pool.end();
      }
    } finally {
      await cluster.stop();
    }
  }, 60_000);
});
