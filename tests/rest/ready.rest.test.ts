// GET /api/ready: 200 only when the database answers, its migrations are at this code's level
// and the upload directory takes a file; else 503 naming the check that failed. On either
// engine (the server suites run on both). GET /api/health stays the cheap liveness answer.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase } from '../../src/server/platform/db/client';
import { dialect, execute } from '../../src/server/platform/db/dialect';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer | undefined;
afterEach(async () => {
  await s?.stop();
  s = undefined;
});

async function ready(server: TestServer) {
  const res = await fetch(`${server.url}/api/ready`);
  return {
    status: res.status,
    body: (await res.json()) as { status: string; checks: Record<string, string> },
  };
}

describe('GET /api/ready', () => {
  it('answers 200 with every check ok on a working server, to anyone', async () => {
    s = await startTestServer();
    expect(await ready(s)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', uploads: 'ok' } },
    });
    // The probe file it writes does not stay behind.
    expect(fs.readdirSync(s.deps.uploadDir).filter((f) => f.startsWith('.ready-'))).toEqual([]);
  });

  it('answers 503 naming the upload directory when no file can be written there', async () => {
    s = await startTestServer();
    // A file where the directory should be (the tests run as root, so a mode would not stop it).
    const notADir = path.join(s.dir, 'not-a-directory');
    fs.writeFileSync(notADir, '');
    s.deps.uploadDir = notADir;
    const { status, body } = await ready(s);
    expect(status).toBe(503);
    expect(body.status).toBe('not_ready');
    expect(body.checks).toMatchObject({ database: 'ok', migrations: 'ok' });
    expect(body.checks.uploads).toMatch(/^failed: the upload directory is not writable/);
  });

  it('answers 503 naming the migrations when the database is behind the code', async () => {
    s = await startTestServer();
    const table = dialect === 'pg' ? sql`drizzle.__drizzle_migrations` : sql`__drizzle_migrations`;
    await execute(
      s.db,
      sql`DELETE FROM ${table} WHERE created_at = (SELECT max(created_at) FROM ${table})`,
    );
    const { status, body } = await ready(s);
    expect(status).toBe(503);
    expect(body.checks.database).toBe('ok');
    expect(body.checks.migrations).toMatch(/^failed: the database is behind this code/);
  });

  it('answers 503 naming the database when it does not answer, while health stays 200', async () => {
    s = await startTestServer();
    await closeDatabase(s.db);
    const { status, body } = await ready(s);
    expect(status).toBe(503);
    expect(body.checks.database).toMatch(/^failed: /);
    expect(body.checks.migrations).toBe('failed: the database does not answer');
    expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
  });
});
