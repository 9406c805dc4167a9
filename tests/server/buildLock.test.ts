// Two `npm start` on one checkout with a stale build must not build into dist/ together
// (issue 27: one exited with ENOENT on the other's staging folder). scripts/buildLock.mjs runs
// one build at a time: here two processes take the lock at once and their work never overlaps,
// and a lock left by a build that died is taken over. No database: the SQLite pass only.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dialect } from '../../src/server/platform/db/dialectChoice';

const LOCK_MODULE = path.resolve('scripts/buildLock.mjs');

/** A process that takes the lock, notes its start and end in `log`, working `ms` in between. */
function builder(lock: string, log: string, name: string, ms: number): Promise<number | null> {
  const code = `
    import fs from 'node:fs';
    import { withBuildLock } from ${JSON.stringify(LOCK_MODULE)};
    await withBuildLock(${JSON.stringify(lock)}, async () => {
      fs.appendFileSync(${JSON.stringify(log)}, 'start ${name}\\n');
      // The holder's work (a stand-in for a build, of a set length), not a wait for a state.
      await new Promise((r) => setTimeout(r, ${ms}));
      fs.appendFileSync(${JSON.stringify(log)}, 'end ${name}\\n');
    }, { pollMs: 20 });
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: 'ignore' });
  return new Promise((resolve) => child.on('exit', resolve));
}

describe.skipIf(dialect !== 'sqlite')('one build at a time (scripts/buildLock.mjs)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-build-lock-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('two builders started together run one after the other, and leave no lock', async () => {
    const lock = path.join(dir, 'together.lock');
    const log = path.join(dir, 'together.log');
    const codes = await Promise.all([builder(lock, log, 'a', 400), builder(lock, log, 'b', 400)]);
    expect(codes).toEqual([0, 0]);
    const lines = fs.readFileSync(log, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(4);
    // Each start is followed by its own end: no overlap.
    expect(lines[1]).toBe(lines[0]!.replace('start', 'end'));
    expect(lines[3]).toBe(lines[2]!.replace('start', 'end'));
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('takes over a lock whose builder died (its pid is gone)', async () => {
    const lock = path.join(dir, 'stale.lock');
    const log = path.join(dir, 'stale.log');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    }).stdout;
    fs.writeFileSync(lock, gone);
    expect(await builder(lock, log, 'c', 10)).toBe(0);
    expect(fs.readFileSync(log, 'utf8')).toBe('start c\nend c\n');
    expect(fs.existsSync(lock)).toBe(false);
  });
});
