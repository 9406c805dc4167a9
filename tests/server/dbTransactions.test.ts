// The one transaction helper (platform/db/client.ts) on either engine: a rule that reads then
// writes inside `db.transaction` sees no other writer between its read and its write, and on
// SQLite a helper handed the outer `db` inside a transaction is refused at once instead of
// waiting forever for the writer the transaction holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { databaseOf } from '../../src/server/platform/db/client';
import { lockForUpdate } from '../../src/server/platform/db/dialect';
import { settings } from '../../src/server/platform/db/schema';
import { createTestDb, type TestDb } from '../helpers/db';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const KEY = 'test.counter';

async function readCounter(): Promise<number> {
  const [row] = await t.db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, KEY));
  return Number(row?.value ?? 0);
}

describe(`transactions (${dialect})`, () => {
  it('20 concurrent read, wait, increment transactions add exactly 20', async () => {
    await t.db.insert(settings).values({ key: KEY, value: '0' });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.db.transaction(async (tx) => {
          await lockForUpdate(tx, settings, eq(settings.key, KEY));
          const [row] = await tx
            .select({ value: settings.value })
            .from(settings)
            .where(eq(settings.key, KEY));
          // Real I/O between the read and the write: another request's turn, if it could get one.
          await new Promise((resolve) => setTimeout(resolve, 2));
          await tx
            .update(settings)
            .set({ value: String(Number(row!.value) + 1) })
            .where(eq(settings.key, KEY));
        }),
      ),
    );
    expect(await readCounter()).toBe(20);
  });

  it('knows the database of a savepoint inside a transaction (its news and mail go out)', async () => {
    const owner = await t.db.transaction((tx) =>
      tx.transaction((inner) => inner.transaction((deeper) => Promise.resolve(databaseOf(deeper)))),
    );
    expect(owner).toBe(t.db);
  });

  it('a transaction that throws leaves nothing behind', async () => {
    const before = await readCounter();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(settings).set({ value: '999' }).where(eq(settings.key, KEY));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await readCounter()).toBe(before);
  });

  it.runIf(dialect === 'sqlite')(
    'refuses a write through the outer db inside a transaction (tests run with the guard)',
    async () => {
      const before = await readCounter();
      await expect(
        t.db.transaction(async (tx) => {
          await tx.update(settings).set({ value: '500' }).where(eq(settings.key, KEY));
          await t.db.update(settings).set({ value: '501' }).where(eq(settings.key, KEY));
        }),
      ).rejects.toThrow('The outer db was used to write inside a transaction: pass the tx handle.');
      expect(await readCounter()).toBe(before);
    },
  );
});
