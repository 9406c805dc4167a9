// The PostgreSQL schema (schema.pg.ts) is generated from the SQLite one (schema.sqlite.ts) and
// is current, it has the same tables and columns (their row types: engineView.ts, at typecheck),
// its committed migrations (db/migrations/pg) build it on a real server, and drizzle's pg driver
// reads back what it wrote: dates, flags and the scaled scores exactly. One throw-away cluster
// for the file.
import { getTableName, is } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgTable, getTableConfig as pgTableConfig } from 'drizzle-orm/pg-core';
import { SQLiteTable, getTableConfig as sqliteTableConfig } from 'drizzle-orm/sqlite-core';
import { eq } from 'drizzle-orm';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_SCHEMA, SQLITE_SCHEMA, pgSchemaSource } from '../../scripts/generate-pg-schema';
import * as sqliteSchema from '../../src/server/platform/db/schema.sqlite';
import * as pgSchema from '../../src/server/platform/db/schema.pg';
import { PG_MIGRATIONS_DIR } from '../../src/server/platform/paths';
import { available, startPostgres, warnSkipped, type PostgresCluster } from '../helpers/postgres';

type AnyConfig = ReturnType<typeof pgTableConfig> | ReturnType<typeof sqliteTableConfig>;

/** A SQLite integer primary key without AUTOINCREMENT: filled by SQLite itself if omitted. */
function rowidAlias(column: AnyConfig['columns'][number]): boolean {
  return column.primary && 'autoIncrement' in column && column.autoIncrement === false;
}

/** What must agree between the dialects, per table, in a form both cores produce. */
function shape(config: AnyConfig) {
  return {
    columns: config.columns
      .map((c) => ({
        name: c.name,
        notNull: c.notNull,
        // Ids: an identity (pg) and AUTOINCREMENT (SQLite) both count as a default. SQLite's
        // core also marks a plain integer primary key (payout_methods.user_id) as defaulted,
        // since it aliases the rowid; that is no default the schema declares.
        hasDefault: c.hasDefault && !rowidAlias(c),
        primary: c.primary,
        unique: c.isUnique ? (c.uniqueName ?? true) : false,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    primaryKeys: config.primaryKeys.map((pk) => pk.columns.map((c) => c.name)),
    indexes: config.indexes
      .map((i) => ({ name: i.config.name, unique: i.config.unique }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name))),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        return `${ref.columns.map((c) => c.name).join(',')} -> ${getTableName(ref.foreignTable)}(${ref.foreignColumns.map((c) => c.name).join(',')}) on delete ${fk.onDelete ?? 'no action'}`;
      })
      .sort(),
    checks: config.checks.map((c) => c.name).sort(),
  };
}

const sqliteTables = Object.values(sqliteSchema).filter((v) => is(v, SQLiteTable));
const pgTables = Object.values(pgSchema).filter((v) => is(v, PgTable));
const byName = <T extends SQLiteTable | PgTable>(tables: T[]) =>
  new Map(tables.map((t) => [getTableName(t), t]));

describe('the two schemas', () => {
  it('schema.pg.ts is what scripts/generate-pg-schema.ts makes of schema.sqlite.ts', () => {
    // Stale: run `npx tsx scripts/generate-pg-schema.ts`.
    expect(fs.readFileSync(PG_SCHEMA, 'utf8')).toBe(
      pgSchemaSource(fs.readFileSync(SQLITE_SCHEMA, 'utf8')),
    );
  });

  it('hold the same tables', () => {
    expect(sqliteTables.length).toBeGreaterThan(10);
    expect([...byName(pgTables).keys()].sort()).toEqual([...byName(sqliteTables).keys()].sort());
  });

  it.each(sqliteTables.map((t) => [getTableName(t), t] as const))(
    '%s: same columns, nullability, defaults, keys, indexes, foreign keys and checks',
    (name, sqliteTable) => {
      const pgTable = byName(pgTables).get(name)!;
      expect(shape(pgTableConfig(pgTable))).toEqual(shape(sqliteTableConfig(sqliteTable)));
    },
  );
});

describe('schema.pg.ts and db/migrations/pg', () => {
  it('agree: drizzle-kit finds nothing to generate', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-pgmig-'));
    try {
      const out = path.join(dir, 'migrations');
      fs.cpSync(PG_MIGRATIONS_DIR, out, { recursive: true });
      const before = fs.readdirSync(out).sort();
      const r = spawnSync(
        path.resolve('node_modules/.bin/drizzle-kit'),
        [
          'generate',
          '--dialect=postgresql',
          '--schema=./src/server/platform/db/schema.pg.ts',
          // drizzle-kit prefixes the folder with ./, so it must be relative.
          `--out=${path.relative(process.cwd(), out)}`,
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      expect(`${r.stdout}${r.stderr}`).toMatch(/No schema changes/);
      expect(fs.readdirSync(out).sort()).toEqual(before);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

const pgHere = available();
if (!pgHere) warnSkipped('tests/server/pgSchema.test.ts (migrations on a real server)');

describe.skipIf(!pgHere)('on PostgreSQL', () => {
  let cluster: PostgresCluster;
  let pool: pg.Pool;
  let db: ReturnType<typeof drizzle<typeof pgSchema>>;

  beforeAll(async () => {
    cluster = await startPostgres();
    pool = new pg.Pool({ connectionString: await cluster.createDatabase('schema_test'), max: 2 });
    db = drizzle(pool, { schema: pgSchema });
    await migrate(db, { migrationsFolder: PG_MIGRATIONS_DIR });
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await cluster?.stop();
  });

  it('the migrations create every table with its columns, nullability and defaults', async () => {
    const { rows } = await pool.query<{
      table_name: string;
      column_name: string;
      is_nullable: 'YES' | 'NO';
      has_default: boolean;
    }>(
      `SELECT table_name, column_name, is_nullable,
              (column_default IS NOT NULL OR is_identity = 'YES') AS has_default
       FROM information_schema.columns
       -- rate_limits is rate-limiter-flexible's own table (migration 0003), not the schema's.
       WHERE table_schema = 'public' AND table_name <> 'rate_limits'
       ORDER BY table_name, column_name`,
    );
    const expected = pgTables.flatMap((t) =>
      pgTableConfig(t).columns.map((c) => ({
        table_name: getTableName(t),
        column_name: c.name,
        is_nullable: c.notNull ? 'NO' : 'YES',
        has_default: c.hasDefault || c.generatedIdentity !== undefined,
      })),
    );
    const key = (r: { table_name: string; column_name: string }) =>
      `${r.table_name}.${r.column_name}`;
    expect(rows.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      expected.sort((a, b) => key(a).localeCompare(key(b))),
    );
  });

  it('creates every named index, and the trigram index for education search', async () => {
    const { rows } = await pool.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'`,
    );
    const names = new Set(rows.map((r) => r.indexname));
    for (const table of pgTables) {
      for (const index of pgTableConfig(table).indexes) expect(names).toContain(index.config.name);
    }
    const search = rows.find((r) => r.indexname === 'education_search');
    expect(search?.indexdef).toMatch(/USING gin \(title gin_trgm_ops, excerpt gin_trgm_ops\)/);

    // A substring search can use it (the planner is told to avoid a scan if it can).
    const client = await pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM education_content WHERE title ILIKE '%strat%' OR excerpt ILIKE '%strat%'`,
      );
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('education_search');
    } finally {
      await client.query('RESET enable_seqscan');
      client.release();
    }
  });

  it('a CHECK refuses a value outside an enum, and a name differing in case only', async () => {
    await expect(
      pool.query(
        `INSERT INTO users (username, password, email, role) VALUES ('a', 'x', 'a@x', 'root')`,
      ),
    ).rejects.toMatchObject({ code: '23514', constraint: 'users_role_valid' });
    await pool.query(`INSERT INTO users (username, password, email) VALUES ('Case', 'x', 'c@x')`);
    await expect(
      pool.query(`INSERT INTO users (username, password, email) VALUES ('cASE', 'x', 'd@x')`),
    ).rejects.toMatchObject({ code: '23505', constraint: 'users_username_nocase' });
  });

  it('reads back through drizzle what it wrote: dates, flags, scores, JSON text', async () => {
    const { users, contests, contestParticipants, educationContent } = pgSchema;
    const lastLoginAt = new Date('2031-02-03T04:05:06.789Z');
    const [user] = await db
      .insert(users)
      .values({
        username: 'roundtrip',
        password: 'hash',
        email: 'rt@example.com',
        subscriptionTier: 'pro',
        mustChangePassword: true,
        lastLoginAt,
      })
      .returning();
    const startDate = new Date('2031-05-06T07:08:09.012Z');
    const [contest] = await db
      .insert(contests)
      .values({
        slug: 'round-trip',
        title: 'Round trip',
        createdBy: user!.id,
        startDate,
        enableComments: false,
        featured: true,
        scoreDecimals: 4,
      })
      .returning();
    // Beyond a 32-bit integer once scaled, and with all four decimals.
    const score = 123_456_789.0123;
    await db
      .insert(contestParticipants)
      .values({ contestId: contest!.id, userId: user!.id, score });

    const [readUser] = await db.select().from(users).where(eq(users.id, user!.id));
    expect(readUser).toMatchObject({ mustChangePassword: true, lastLoginAt });
    expect(readUser!.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(readUser!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);

    const [readContest] = await db.select().from(contests).where(eq(contests.id, contest!.id));
    expect(readContest).toMatchObject({
      startDate,
      endDate: null,
      enableComments: false,
      enableLeaderboard: true,
      featured: true,
      draft: true,
      status: 'draft',
    });

    const [entry] = await db
      .select()
      .from(contestParticipants)
      .where(eq(contestParticipants.contestId, contest!.id));
    expect(entry!.score).toBe(score);
    const { rows } = await pool.query('SELECT score::text AS units FROM contest_participants');
    expect(rows).toEqual([{ units: '1234567890123' }]);

    const [item] = await db
      .insert(educationContent)
      .values({ slug: 'rt', title: 'Strategy', content: 'x', tags: ['a', 'b "c"'] })
      .returning();
    expect(item!.tags).toEqual(['a', 'b "c"']);
    const [bare] = await db
      .insert(educationContent)
      .values({ slug: 'rt2', title: 'Bare', content: 'x' })
      .returning({ tags: educationContent.tags });
    expect(bare!.tags).toEqual([]);
  });
});
