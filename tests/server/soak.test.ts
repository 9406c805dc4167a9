// `npm run test:soak` (scripts/soak.ts): its verdict on made-up figures (each failure rule, and a
// run too short for the trend checks), and a few seconds of the real thing as a process: a
// server of its own, every kind of request answered, the expected 409s named, exit 0.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import {
  summarizeInterval,
  summarizeKinds,
  verdict,
  type IntervalFigures,
  type Sample,
} from '../../scripts/soak-report';

const MB = 1024 * 1024;

function interval(index: number, p99: number, rssMb: number, samples: Sample[] = []) {
  const figures = summarizeInterval(
    index,
    60,
    [...samples, ...Array.from({ length: 99 }, () => ({ kind: 'list', status: 200, ms: 5 }))],
    { rss: rssMb * MB, heapUsed: 40 * MB, external: 5 * MB, rssAnon: (rssMb - 50) * MB },
    { opened: 3, events: 10 },
  );
  return { ...figures, p99 } satisfies IntervalFigures;
}

describe('the soak verdict', () => {
  it('passes a steady run, and says when a run is too short for the trends', () => {
    const steady = [interval(1, 40, 200), interval(2, 40, 210), interval(3, 60, 230)];
    expect(verdict(steady)).toEqual({ ok: true, failures: [], skipped: [] });
    const short = verdict([interval(1, 40, 200)]);
    expect(short.ok).toBe(true);
    expect(short.skipped[0]).toMatch(/at least 3 intervals/);
  });

  it('fails on a p99 that doubles from the second interval to the last', () => {
    const result = verdict([interval(1, 500, 200), interval(2, 40, 200), interval(3, 90, 200)]);
    expect(result.ok).toBe(false);
    expect(result.failures).toEqual(['p99 doubled: 40.0 ms in interval 2, 90.0 ms in interval 3']);
    // A few milliseconds apart is noise, not a doubling.
    expect(verdict([interval(1, 5, 200), interval(2, 3, 200), interval(3, 7, 200)]).ok).toBe(true);
  });

  it('fails on RSS more than 20 % above the warm-up figure', () => {
    const result = verdict([interval(1, 40, 200), interval(2, 40, 220), interval(3, 40, 250)]);
    expect(result.failures).toEqual(['RSS grew 25 % after warm-up: 200.0 → 250.0 MB']);
  });

  it('fails on any 5xx, unanswered request or unexpected 4xx; expected 4xx pass', () => {
    const bad: Sample[] = [
      { kind: 'list', status: 500, ms: 3 },
      { kind: 'join', status: 0, ms: 3, reason: 'ECONNRESET' },
      { kind: 'join', status: 400, ms: 3, reason: 'BAD_REQUEST' },
      { kind: 'join (full contest)', status: 409, ms: 3, reason: 'full', expected: true },
    ];
    const result = verdict([interval(1, 40, 200, bad)]);
    expect(result.failures).toEqual([
      '1 answer(s) were 5xx',
      '1 request(s) got no answer',
      '1 unexpected 4xx answer(s): the load itself is wrong',
    ]);
    const join = summarizeKinds(bad).find((k) => k.kind === 'join')!;
    expect([...join.refusals]).toEqual([['400 BAD_REQUEST (UNEXPECTED)', 1]]);
    const full = summarizeKinds(bad).find((k) => k.kind === 'join (full contest)')!;
    expect([...full.refusals]).toEqual([['409 full (expected)', 1]]);
  });
});

// The script starts a server on SQLite of its own: once is enough.
describe.skipIf(dialect === 'pg')('npm run test:soak, for a few seconds', () => {
  it('runs every kind of request against a real server and exits 0', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/soak.ts'], {
      encoding: 'utf8',
      env: {
        ...process.env,
        SOAK_SECONDS: '8',
        SOAK_USERS: '4',
        SOAK_STREAMS: '2',
        // The TypeScript server: the build test rewrites dist/ in this same pass.
        SOAK_SERVER: 'source',
      },
      timeout: 120_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain('Soak passed');
    expect(run.stdout).toMatch(/^\s+1\s+\d/m);
    const counted = (kind: string) => {
      const line = run.stdout.split('\n').find((l) => l.trim().startsWith(`${kind} `));
      return Number(line?.trim().slice(kind.length).trim().split(/\s+/)[0] ?? 0);
    };
    for (const kind of [
      'sign-in',
      'list (REST)',
      'list (tRPC)',
      'detail (REST)',
      'detail (tRPC)',
      'leaderboard (REST)',
      'join',
      'join (full contest)',
      'score batch',
      'upload (avatar)',
      'upload (proof)',
      'payment proof',
      'stream',
    ]) {
      expect(counted(kind), `${kind} in\n${run.stdout}`).toBeGreaterThan(0);
    }
    expect(run.stdout).toMatch(/\d+ × 409 full \(expected\)/);
    expect(run.stdout).not.toContain('UNEXPECTED');
  }, 150_000);
});
