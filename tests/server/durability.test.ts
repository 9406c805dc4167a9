// Every write the server acknowledged survives a process crash (kill -9 under write load), and the
// database opens clean afterwards: the SQLite file in the SQLite pass, a PostgreSQL database
// (the app server is what is killed) in the PostgreSQL pass.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { startServerProcess } from '../helpers/serverProcess';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-durability-'));
let databaseUrl = '';
const dbName = `durability_${process.pid}`;

beforeAll(async () => {
  if (dialect !== 'pg') return;
  const adminUrl = inject('pgAdminUrl');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  if (dialect !== 'pg') return;
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

const start = () =>
  startServerProcess({
    DATABASE_PATH: path.join(dir, 'app.db'),
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'durability-test-session-secret-32-characters',
    UPLOAD_DIR: path.join(dir, 'uploads'),
    // Many members behind a proxy: sign-ups are limited per client address, so each writer's
    // requests come from their own addresses.
    TRUST_PROXY: 'true',
  });

/** The usernames stored, read straight from the engine once the server is gone. */
async function storedUsernames(): Promise<Set<string>> {
  if (dialect === 'pg') {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ username: string }>('SELECT username FROM users');
      return new Set(rows.map((r) => r.username));
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(dir, 'app.db'));
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const rows = db.prepare('SELECT username FROM users').all() as { username: string }[];
    return new Set(rows.map((r) => r.username));
  } finally {
    db.close();
  }
}

describe(`durability (${dialect})`, () => {
  it('keeps every acknowledged registration across kill -9', async () => {
    const server = await start();
    const acknowledged: string[] = [];
    let stop = false;
    // Four writers in parallel, bounded in count; the server is killed while they run.
    const writer = async (w: number) => {
      for (let i = 0; i < 200 && !stop; i++) {
        const username = `dur_${w}_${i}`;
        try {
          const res = await fetch(`${server.base}/api/register`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.9.${w}.${i % 250}`,
            },
            body: JSON.stringify({
              username,
              email: `${username}@example.com`,
              password: 'kestrel-orbit-93',
              confirmPassword: 'kestrel-orbit-93',
            }),
          });
          if (res.status === 201) acknowledged.push(username);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    const until = Date.now() + 60_000;
    while (acknowledged.length < 40 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    await server.kill9();
    stop = true;
    await Promise.all(writers);

    const stored = await storedUsernames();
    expect(acknowledged.filter((u) => !stored.has(u))).toEqual([]);

    // And the server starts again on the same database.
    const again = await start();
    const health = await fetch(`${again.base}/api/health`);
    expect(health.status).toBe(200);
    expect(await again.stop()).toBe(0);
  }, 120_000);
});
