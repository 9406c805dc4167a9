// SQLite's kept statements (platform/db/client.ts): the same SQL gets the compiled statement back,
// in its default modes whatever its last user switched on, and a statement still iterating is
// never handed out a second time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteConnection } from '../../src/server/platform/db/client';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { createTestDb, type TestDb } from '../helpers/db';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe.runIf(dialect === 'sqlite')('kept statements', () => {
  it('hands the same statement back for the same SQL, in its default modes', () => {
    const connection = sqliteConnection(t.db);
    const first = connection.prepare('SELECT 1 AS a, 2 AS b');
    expect(first.raw().get()).toEqual([1, 2]);
    const again = connection.prepare('SELECT 1 AS a, 2 AS b');
    expect(again).toBe(first);
    expect(again.get()).toEqual({ a: 1, b: 2 });
    expect(connection.prepare('SELECT 1 AS a, 2 AS b').pluck().get()).toBe(1);
    expect(connection.prepare('SELECT 1 AS a, 2 AS b').get()).toEqual({ a: 1, b: 2 });
  });

  it('compiles a second statement while the kept one is still iterating', () => {
    const connection = sqliteConnection(t.db);
    const sqlText = 'SELECT value FROM json_each(?)';
    const outer = connection.prepare(sqlText);
    const seen: unknown[] = [];
    for (const row of outer.iterate('[1,2]') as Iterable<{ value: number }>) {
      const inner = connection.prepare(sqlText);
      expect(inner).not.toBe(outer);
      seen.push(row.value, (inner.all('[9]') as { value: number }[])[0]!.value);
    }
    expect(seen).toEqual([1, 9, 2, 9]);
  });
});
