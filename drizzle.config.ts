import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/server/platform/db/schema.sqlite.ts',
  out: './db/migrations/sqlite',
});
