// `npm run education:import -- URL`: the command line runs the same import on the server's
// database, prints its counts, and exits non-zero with a clear message when it cannot import.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { educationContent } from '../../src/server/platform/db/schema';
import { openDatabase, closeDatabase } from '../../src/server/platform/db/client';
import { createTestDb, createUser, type TestDb } from '../helpers/db';
import { samplePosts, startWordPressFixture, type WordPressFixture } from '../helpers/wordpress';
import { dialect } from '../../src/server/platform/db/dialectChoice';

let t: TestDb;
let site: WordPressFixture;
beforeAll(async () => {
  t = await createTestDb();
  await createUser(t.db, { role: 'admin', username: 'cli_admin' });
  site = await startWordPressFixture(samplePosts());
});
afterAll(async () => {
  await site.stop();
  await t.close();
});

function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/education-import.ts', ...args],
      {
        env: {
          ...process.env,
          DATABASE_PATH: path.join(t.dir, 'app.db'),
          UPLOAD_DIR: t.deps.uploadDir,
          LOG_LEVEL: 'silent',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

// Not in the PostgreSQL pass: the command line on the SQLite default.
describe.skipIf(dialect === 'pg')('npm run education:import', () => {
  it('imports a site and prints the counts', async () => {
    const { code, out } = await runCli([site.url], { EDUCATION_IMPORT_ALLOW_PRIVATE: 'true' });
    expect(out).toContain(`Imported from ${site.url}: 3 added, 0 updated, 0 unchanged, 0 refused.`);
    expect(code).toBe(0);
    const db = await openDatabase(path.join(t.dir, 'app.db'));
    try {
      expect((await db.select().from(educationContent)).map((r) => r.wpId)).toEqual([
        101, 102, 103,
      ]);
    } finally {
      await closeDatabase(db);
    }
  }, 30_000);

  it('refuses a loopback address without the flag, and a missing argument, with exit 1/2', async () => {
    const refused = await runCli([site.url], { EDUCATION_IMPORT_ALLOW_PRIVATE: 'false' });
    expect(refused.out).toContain(
      'Import failed: Addresses on this server or its private network cannot be imported from',
    );
    expect(refused.code).toBe(1);
    const usage = await runCli([], {});
    expect(usage.out).toContain('Usage: npm run education:import -- <WordPress site URL>');
    expect(usage.code).toBe(2);
  }, 30_000);
});
