import { defineConfig } from 'drizzle-kit';

// PostgreSQL's migrations, from schema.pg.ts (generated from schema.sqlite.ts by
// scripts/generate-pg-schema.ts, which `npm run db:generate:pg` runs first); SQLite's are in
// drizzle.config.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/platform/db/schema.pg.ts',
  out: './db/migrations/pg',
});
