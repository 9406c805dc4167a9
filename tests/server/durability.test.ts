// Every write the server acknowledged survives a process crash (kill -9 under write load), and the
// database opens clean afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-durability-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function start(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: path.join(dir, 'app.db'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      LOG_LEVEL: 'info',
      // Many members behind a proxy: sign-ups are limited per client address, so each writer's
      // requests come from their own addresses.
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const m = /"port":(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${m[1]}` });
      }
    });
  });
}

describe('durability', () => {
  it('keeps every acknowledged registration across kill -9', async () => {
    const { child, url } = await start();
    const acknowledged: string[] = [];
    let stop = false;
    // Four writers in parallel, bounded in count; the server is killed while they run.
    const writer = async (w: number) => {
      for (let i = 0; i < 200 && !stop; i++) {
        const username = `dur_${w}_${i}`;
        try {
          const res = await fetch(`${url}/api/register`, {
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
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    // A process killed by a signal has signalCode set and exitCode null.
    await new Promise<void>((r) => (child.signalCode !== null ? r() : child.on('exit', () => r())));

    const db = new Database(path.join(dir, 'app.db'));
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = new Set(
      (db.prepare('SELECT username FROM users').all() as { username: string }[]).map(
        (r) => r.username,
      ),
    );
    db.close();
    expect(acknowledged.filter((u) => !stored.has(u))).toEqual([]);

    // And the server starts again on the same file.
    const again = await start();
    const health = await fetch(`${again.url}/api/health`);
    expect(health.status).toBe(200);
    again.child.kill('SIGTERM');
    await new Promise<void>((r) => again.child.on('exit', () => r()));
  }, 90_000);
});
