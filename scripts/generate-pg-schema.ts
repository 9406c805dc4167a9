// Writes src/server/platform/db/schema.pg.ts from schema.sqlite.ts: the same tables, with the
// column kinds of columns.pg.ts in place of columns.sqlite.ts, so each table is written once.
// Run after changing schema.sqlite.ts (`npm run db:generate:pg` runs it first):
//   npx tsx scripts/generate-pg-schema.ts          writes schema.pg.ts
//   npx tsx scripts/generate-pg-schema.ts --check  exits 1 if schema.pg.ts is not current
// tests/server/pgSchema.test.ts fails while the checked-in schema.pg.ts is stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DB_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/server/platform/db',
);
export const SQLITE_SCHEMA = path.join(DB_DIR, 'schema.sqlite.ts');
export const PG_SCHEMA = path.join(DB_DIR, 'schema.pg.ts');

const SQLITE_COLUMNS = "from './columns.sqlite';";
const PG_COLUMNS = "from './columns.pg';";

const HEADER = `// GENERATED from schema.sqlite.ts by \`npx tsx scripts/generate-pg-schema.ts\`: do not edit.
// PostgreSQL's tables are SQLite's, in the column kinds of columns.pg.ts (which says how each
// is stored); change schema.sqlite.ts, run the script, then \`npm run db:generate:pg\`.
`;

/** The text of schema.pg.ts for a given schema.sqlite.ts. */
export function pgSchemaSource(sqliteSource: string): string {
  const uses = sqliteSource.split(SQLITE_COLUMNS).length - 1;
  if (uses !== 1) {
    throw new Error(
      `schema.sqlite.ts must import its column kinds once ${SQLITE_COLUMNS} (found ${uses})`,
    );
  }
  // Anything taken from SQLite's core directly would reach PostgreSQL's schema unchanged.
  const sqliteCode = sqliteSource
    .split('\n')
    .find(
      (line) =>
        /sqlite/i.test(line) &&
        !line.trimStart().startsWith('//') &&
        !line.includes(SQLITE_COLUMNS),
    );
  if (sqliteCode !== undefined) {
    throw new Error(`schema.sqlite.ts names SQLite outside its column kinds: ${sqliteCode.trim()}`);
  }
  return HEADER + sqliteSource.replace(SQLITE_COLUMNS, PG_COLUMNS);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const wanted = pgSchemaSource(fs.readFileSync(SQLITE_SCHEMA, 'utf8'));
  const current = fs.existsSync(PG_SCHEMA) ? fs.readFileSync(PG_SCHEMA, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (current !== wanted) {
      console.error('schema.pg.ts is stale: run `npx tsx scripts/generate-pg-schema.ts`.');
      process.exit(1);
    }
  } else if (current !== wanted) {
    fs.writeFileSync(PG_SCHEMA, wanted);
    console.log(`Wrote ${path.relative(process.cwd(), PG_SCHEMA)}.`);
  } else {
    console.log(`${path.relative(process.cwd(), PG_SCHEMA)} is current.`);
  }
}
