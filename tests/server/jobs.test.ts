// The background-job runner (src/server/platform/jobs) on the run's engine: rounds at start and
// on the interval, wake(), a failing round that does not stop the loop (a database out of reach
// logged as a warning), a stop that waits for the round under way (bounded), and the lease that
// lets one of two runners (two app servers) run a round, held for the round and lapsing with the
// connection of a server that died (PostgreSQL). Every wait is on a state, bounded.
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  closeDatabase,
  openConfiguredDatabase,
  type DB,
} from '../../src/server/platform/db/client';
import { rows } from '../../src/server/platform/db/dialect';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { ADVISORY_LOCKS } from '../../src/server/platform/db/postgres';
import { settings } from '../../src/server/platform/db/schema';
import { createJobRunner, runOnce, type Job, type JobRunner } from '../../src/server/platform/jobs';
import { createTestDb } from '../helpers/db';

const t = await createTestDb();
afterAll(() => t.close());

interface LogLine {
  level: number;
  msg: string;
  job?: string;
}
const WARN = 40;
const ERROR = 50;

/** A logger whose lines the test reads. */
function capturedLogger() {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** A promise the test resolves: a round waits on it to stay 'under way'. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Lets a wake() (scheduled with setImmediate) start its round: immediates run in order. */
const afterWake = () => new Promise<void>((resolve) => setImmediate(resolve));

const WAIT = { timeout: 5_000, interval: 5 };

const runners: JobRunner[] = [];
function runner(db: DB = t.db, logger = pino({ level: 'silent' })): JobRunner {
  const jobs = createJobRunner({ db, logger });
  runners.push(jobs);
  return jobs;
}
afterEach(async () => {
  await Promise.all(runners.splice(0).map((jobs) => jobs.stop({ waitMs: 1_000 })));
});

describe(`background jobs (${dialect})`, () => {
  it('runs a round at start, then on its interval', async () => {
    let rounds = 0;
    runner().register({ name: 'tick', everyMs: 20, run: async () => void rounds++ });
    // The start's round is under way at once, before any interval passed.
    expect(rounds).toBe(1);
    await vi.waitFor(() => expect(rounds).toBeGreaterThanOrEqual(4), WAIT);
  });

  it('without atStart, waits for the interval or a wake', async () => {
    let rounds = 0;
    const job = runner().register({
      name: 'woken',
      everyMs: 60_000,
      atStart: false,
      run: async () => void rounds++,
    });
    await afterWake();
    await job.idle();
    expect(rounds).toBe(0);
    job.wake();
    await vi.waitFor(() => expect(rounds).toBe(1), WAIT);
  });

  it('never overlaps rounds of a job: wakes during a round run one more round after it', async () => {
    const first = gate();
    let rounds = 0;
    let inRound = 0;
    let most = 0;
    const job = runner().register({
      name: 'one-at-a-time',
      everyMs: 60_000,
      run: async () => {
        rounds++;
        inRound++;
        most = Math.max(most, inRound);
        if (rounds === 1) await first.opened;
        inRound--;
      },
    });
    job.wake();
    job.wake();
    job.wake();
    await afterWake();
    first.open();
    await vi.waitFor(() => expect(rounds).toBe(2), WAIT);
    await job.idle();
    expect(rounds).toBe(2);
    expect(most).toBe(1);
  });

  it('a failing round is logged and the loop carries on (a database out of reach: a warning)', async () => {
    const { logger, lines } = capturedLogger();
    let rounds = 0;
    runner(t.db, logger).register({
      name: 'flaky',
      everyMs: 20,
      run: async () => {
        rounds++;
        if (rounds === 1) throw new Error('a fault in the round');
        if (rounds === 2) {
          throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        }
      },
    });
    await vi.waitFor(() => expect(rounds).toBeGreaterThanOrEqual(4), WAIT);
    const flaky = lines.filter((line) => line.job === 'flaky');
    expect(flaky.map((line) => line.level)).toEqual([ERROR, WARN]);
    expect(flaky[0]!.msg).toBe('flaky round failed');
  });

  it('stop waits for the round under way, then runs no more', async () => {
    const held = gate();
    let rounds = 0;
    let finished = false;
    let aborted = false;
    const job = runner().register({
      name: 'slow',
      everyMs: 60_000,
      run: async (signal) => {
        rounds++;
        await held.opened;
        aborted = signal.aborted;
        finished = true;
      },
    });
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await afterWake();
    expect(stopped).toBe(false);
    held.open();
    await stopping;
    expect(finished).toBe(true);
    // The round saw the stop, so a round that loops ends.
    expect(aborted).toBe(true);
    job.wake();
    await afterWake();
    await job.idle();
    expect(rounds).toBe(1);
  });

  it("stop waits at most waitMs for a round that never ends; the runner's stop too", async () => {
    const never = gate();
    const jobs = runner();
    const job = jobs.register({ name: 'stuck', everyMs: 60_000, run: () => never.opened });
    await job.stop({ waitMs: 20 });
    await jobs.stop({ waitMs: 20 });
    never.open();
  });

  it('refuses a second job of the same name on one runner', () => {
    const jobs = runner();
    jobs.register({ name: 'twice', everyMs: 60_000, atStart: false, run: async () => undefined });
    expect(() =>
      jobs.register({ name: 'twice', everyMs: 60_000, run: async () => undefined }),
    ).toThrow('A job named twice is already registered');
  });
});

describe(`a leased job on two servers (${dialect})`, () => {
  /**
   * A second app server's handle on the same database: on PostgreSQL a pool of its own (so the
   * advisory lock decides); on SQLite the one handle (one server per file; the lease is held in
   * the process).
   */
  async function secondHandle(): Promise<{ db: DB; close: () => Promise<void> }> {
    if (dialect !== 'pg') return { db: t.db, close: async () => undefined };
    const db = await openConfiguredDatabase(
      { databaseUrl: t.env.DATABASE_URL, databasePath: t.env.DATABASE_PATH },
      { migrate: false },
    );
    return { db, close: () => closeDatabase(db) };
  }

  /** Makes the next round due again, as if the last one ran long ago. */
  const forgetLastRun = () => t.db.delete(settings).where(eq(settings.key, 'cleanup.lastRun'));

  it('one of two runners runs each round; the lease is held for the round, then free again', async () => {
    await forgetLastRun();
    const other = await secondHandle();
    const held = gate();
    const ran: string[] = [];
    const leased = (server: string): Job<void> => ({
      name: 'leased',
      everyMs: 60 * 60 * 1000,
      lease: 'cleanup',
      run: async () => {
        ran.push(server);
        await held.opened;
      },
    });
    try {
      const handles = {
        a: runner(t.db).register(leased('a')),
        b: runner(other.db).register(leased('b')),
      };
      // Both try at once at their start: one runs (and holds its round open), the other skips.
      await vi.waitFor(() => expect(ran).toHaveLength(1), WAIT);
      const winner = ran[0] as 'a' | 'b';
      const loser = handles[winner === 'a' ? 'b' : 'a'];
      await loser.idle();
      expect(ran).toHaveLength(1);

      // Due again, but the winner's round still holds the lease: the other still skips.
      await forgetLastRun();
      loser.wake();
      await afterWake();
      await loser.idle();
      expect(ran).toHaveLength(1);

      held.open();
      await handles[winner].idle();
      // The round over, the lease is free: once due, the other server runs the next round.
      await forgetLastRun();
      loser.wake();
      await vi.waitFor(() => expect(ran).toHaveLength(2), WAIT);
      expect(ran[1]).not.toBe(winner);
      await loser.idle();
    } finally {
      held.open();
      await Promise.all(runners.splice(0).map((jobs) => jobs.stop({ waitMs: 1_000 })));
      await other.close();
    }
  });

  it.skipIf(dialect !== 'pg')(
    'a server that dies mid-round loses the lease with its connection (PostgreSQL)',
    async () => {
      await forgetLastRun();
      const other = await secondHandle();
      const { logger, lines } = capturedLogger();
      const held = gate();
      const ran: string[] = [];
      try {
        const dying = runner(other.db, logger).register({
          name: 'leased',
          everyMs: 60 * 60 * 1000,
          lease: 'cleanup',
          run: async () => {
            ran.push('dying');
            await held.opened;
          },
        });
        await vi.waitFor(() => expect(ran).toEqual(['dying']), WAIT);
        // Its connection ends (the process died, the network dropped it): PostgreSQL frees the
        // advisory lock the connection held.
        const holders = sql`FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND objid = ${ADVISORY_LOCKS.cleanup}
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
        const ended = await rows<{ ended: boolean }>(
          t.db,
          sql`SELECT pg_terminate_backend(pid) AS ended ${holders}`,
        );
        expect(ended).toEqual([{ ended: true }]);
        // The backend exits a moment after it is told to.
        await vi.waitFor(
          async () => expect(await rows(t.db, sql`SELECT pid ${holders}`)).toEqual([]),
          WAIT,
        );
        await forgetLastRun();
        const survivor = await runOnce(t.db, {
          name: 'leased',
          everyMs: 60 * 60 * 1000,
          lease: 'cleanup',
          run: async () => 'ran',
        });
        expect(survivor).toBe('ran');
        // The dying round ends; its lost lease is a warning, and the runner carries on.
        held.open();
        await dying.idle();
        expect(lines.filter((line) => line.job === 'leased').map((line) => line.level)).toEqual([
          WARN,
        ]);
      } finally {
        held.open();
        await Promise.all(runners.splice(0).map((jobs) => jobs.stop({ waitMs: 1_000 })));
        await other.close();
      }
    },
  );
});
