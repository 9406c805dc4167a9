// withLiterals (platform/db/literalStatement.ts): a statement's values written in as literals
// mean what pg's own parameters mean. The pure cases run everywhere; on PostgreSQL each
// statement is also run both ways and must answer the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { withLiterals } from '../../src/server/platform/db/literalStatement';

describe('withLiterals', () => {
  it('writes each placeholder as its value, quoted and escaped as pg would', () => {
    expect(withLiterals('SELECT $1, $2, $3, $4', ["it's", 5, null, true])).toBe(
      "SELECT 'it''s', '5', NULL, 'true'",
    );
    expect(withLiterals('SELECT $1', ['a\\b'])).toBe("SELECT  E'a\\\\b'");
    // -5 in brackets or quotes: never '--5', a comment.
    expect(withLiterals('SELECT 1 -$1', [-5])).toBe("SELECT 1 -'-5'");
    expect(withLiterals('SELECT $10, $1', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(
      "SELECT '10', '1'",
    );
  });

  it('leaves quotes, quoted names, dollar quotes and comments alone', () => {
    const text = `SELECT '$1', "$1", $$ $1 $$, $t$ $1 $t$, E'\\' $1', $1 -- $1
      /* $1 */ FROM x`;
    expect(withLiterals(text, ['v'])).toBe(
      `SELECT '$1', "$1", $$ $1 $$, $t$ $1 $t$, E'\\' $1', 'v' -- $1
      /* $1 */ FROM x`,
    );
  });

  it('gives up on values with no plain literal, and on a placeholder with no value', () => {
    expect(withLiterals('SELECT $1', [new Date()])).toBeNull();
    expect(withLiterals('SELECT $1', [Buffer.from('x')])).toBeNull();
    expect(withLiterals('SELECT $1', [[1, 2]])).toBeNull();
    expect(withLiterals('SELECT $1', [Number.NaN])).toBeNull();
    expect(withLiterals('SELECT $2', ['a'])).toBeNull();
  });
});

// The server-pg pass's cluster (its global setup sets DATABASE_URL); none on the SQLite pass.
const url = process.env.DATABASE_URL || undefined;
describe.skipIf(!url)('withLiterals on PostgreSQL', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(() => client.end());

  const cases: [string, unknown[]][] = [
    ['SELECT $1::text AS v', ["it's \\ a 'quote' \n and a \\' backslash"]],
    ['SELECT $1::int + 1 AS v', [-5]],
    ['SELECT $1::text || $2 AS v', ['a', 2.5]],
    ['SELECT $1::boolean AS v', [false]],
    ['SELECT coalesce($1::text, $2) AS v', [null, 'x']],
    ['SELECT $1::jsonb ->> $2 AS v', ['{"k": "v\'"}', 'k']],
    ['SELECT length($1::text) AS v', ['é€😀']],
  ];
  it.each(cases)('%s answers the same both ways', async (text, values) => {
    const written = withLiterals(text, values);
    expect(written).not.toBeNull();
    const [byParameters, byLiterals] = [
      (await client.query(text, values)).rows,
      (await client.query(written!)).rows,
    ];
    expect(byLiterals).toEqual(byParameters);
  });
});
