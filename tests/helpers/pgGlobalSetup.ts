// Before the server suites run on PostgreSQL: one throw-away cluster for the whole run, and a
// migrated template database that each test database is copied from (CREATE DATABASE … TEMPLATE
// is a file copy, far quicker than migrating every time). DATABASE_URL set here is inherited by
// the test workers, so the code under test builds its queries for PostgreSQL.
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../src/server/platform/db/postgres';
import { startPostgres } from './postgres';

export const TEMPLATE_DB = 'contest_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://…/postgres of the run's cluster (create and drop databases through it). */
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgres();
  const templateUrl = await cluster.createDatabase(TEMPLATE_DB);
  const { pool } = await openPostgres(templateUrl);
  await pool.end();
  process.env.DATABASE_URL = cluster.url;
  project.provide('pgAdminUrl', cluster.url);
  return async () => {
    await cluster.stop();
  };
}
