import { defineConfig } from 'drizzle-kit';

// PostgreSQL's migrations (schema.pg.ts mirrors schema.ts); SQLite's are in drizzle.config.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/platform/db/schema.pg.ts',
  out: './db/migrations/pg',
});
