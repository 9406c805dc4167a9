// Where the sign-in lock-outs are kept (platform/limits.ts): in the database on both engines, so
// another process on the same database (`npm run admin -- unlock`) sees and clears them. On
// SQLite each count is a write through the app's handle: it waits for another request's open
// transaction instead of landing inside it (and being rolled back with it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import {
  beginGuess,
  createLimits,
  limitStoreFor,
  rateLimitSweepJob,
  sweepExpiredLimits,
  unlockAccount,
} from '../../src/server/platform/limits';
import { runOnce } from '../../src/server/platform/jobs';
import { postgresPool, sqliteConnection } from '../../src/server/platform/db/client';
import { auditLog } from '../../src/server/platform/db/schema';
import { createTestDb, createUser, type TestDb } from '../helpers/db';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe(`sign-in lock-outs in the database (${dialect})`, () => {
  it('are seen and cleared by another set of limits on the same database', async () => {
    const member = await createUser(t.db);
    const key = `login:${member.username}`;
    const server = createLimits({}, limitStoreFor(t.db));
    const operator = createLimits({}, limitStoreFor(t.db));
    for (let i = 0; i < 5; i += 1) await beginGuess(server, `10.4.0.${i}`, key);
    expect((await operator.guessAccount.get(key))?.consumedPoints).toBe(5);
    await expect(beginGuess(server, '10.4.0.9', key)).rejects.toThrow(/Too many/);

    await unlockAccount(operator, member);
    expect(await server.guessAccount.get(key)).toBeNull();
    await expect(beginGuess(server, '10.4.0.10', key)).resolves.toBeDefined();
  });

  it('count a guess made during an open transaction that then rolls back', async () => {
    const key = 'login:counted_beside_a_transaction';
    const limits = t.deps.limits;
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const transaction = t.db.transaction(async (tx) => {
      await tx
        .insert(auditLog)
        .values({ actorName: 'test', action: 'test.rollback', targetType: 'test' });
      inside();
      await gate;
      throw new Error('rolled back on purpose');
    });
    await entered;
    const guess = beginGuess(limits, '10.4.1.1', key);
    // A turn of the event loop: a count that did not wait would have been written by now.
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await expect(transaction).rejects.toThrow('rolled back on purpose');
    await guess;
    expect((await limits.guessAccount.get(key))?.consumedPoints).toBe(1);
  });
});

describe(`expired counters swept (${dialect})`, () => {
  /** The counter's row as stored, expired or not (`get` hides an expired one). */
  async function rowOf(key: string): Promise<unknown> {
    const pool = postgresPool(t.db);
    if (pool) {
      const { rows } = await pool.query('SELECT points FROM rate_limits WHERE key = $1', [key]);
      return rows[0];
    }
    return sqliteConnection(t.db).prepare('SELECT points FROM rate_limits WHERE key = ?').get(key);
  }

  it('keeps a counter for an hour past its expiry, then the sweep deletes it', async () => {
    const limits = createLimits({}, limitStoreFor(t.db));
    const key = 'login:swept_after_an_hour';
    const before = Date.now();
    await limits.guessAccount.penalty(key, 1);
    // guessAccount's counters last a day.
    const expiry = before + 24 * 3600 * 1000;
    await sweepExpiredLimits(t.db, expiry + 59 * 60 * 1000);
    expect(await rowOf(`guess-acct:${key}`)).toEqual({ points: 1 });
    expect(await sweepExpiredLimits(t.db, expiry + 62 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(`guess-acct:${key}`)).toBeUndefined();
  });

  it('runs as one leased job round, answering how many went', async () => {
    const outcome = await runOnce(t.db, rateLimitSweepJob({ db: t.db }));
    expect(outcome).toBe(0);
  });
});
