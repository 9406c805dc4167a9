// A PostgreSQL transaction on a client of its own from the pool, with BEGIN and COMMIT sent by
// this module rather than by drizzle's transaction, for two reasons:
// - The client always goes back to the pool. drizzle's transaction over a pool leaves it checked
//   out for good when its BEGIN fails (the connection was cut between the checkout and the
//   BEGIN): each outage leaked a few, until the pool was used up (every request a 503) and
//   pool.end() waited forever at shutdown. A client whose connection failed goes back with its
//   error, and the pool drops it.
// - Two round trips fewer. Each statement is a round trip, and on an app server under load each
//   round trip is a turn of its busy event loop and a write to the database's socket (a CPU
//   profile of bench:engines' joins: a quarter of the server's time in those writes). BEGIN goes
//   out in one message with the transaction's first statement, and COMMIT with the statements
//   its beforeCommit work leaves for the end (the live announcements): a row those write (a
//   contest's channel, which every join of the contest writes) is then held for no round trip.
//   The simple query protocol carries several statements but no parameters, so those statements
//   have their values written in (literalStatement.ts); one that cannot be goes on its own.
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { withLiterals } from './literalStatement';
import { isDatabaseUnavailable } from './unavailable';

/** What a transaction's callback answers: its result, and the statements to send with its COMMIT. */
export interface Finished<T> {
  result: T;
  /** Run last, in the COMMIT's round trip. */
  withCommit: readonly SQL[];
}

interface QueryConfig {
  text: string;
  name?: string;
}

/**
 * The client drizzle is given for one transaction: its first statement carries the BEGIN. drizzle
 * calls only `query` (a config object and its values, or a text).
 */
class TransactionClient {
  /** Whether BEGIN has gone out (nothing is sent for a transaction that sends nothing). */
  begun = false;

  constructor(readonly client: pg.PoolClient) {}

  async query(config: QueryConfig | string, values?: unknown[]): Promise<unknown> {
    if (this.begun) return this.client.query(config as never, values as never);
    this.begun = true;
    const text = typeof config === 'string' ? config : config.name ? null : config.text;
    const written = text === null ? null : withLiterals(text, values ?? []);
    if (written === null) {
      await this.client.query('BEGIN');
      return this.client.query(config as never, values as never);
    }
    const first =
      typeof config === 'string'
        ? `BEGIN;\n${written}`
        : { ...config, text: `BEGIN;\n${written}` };
    // Two statements answer two results: the caller's is the second.
    const results = (await (this.client.query(first as never) as Promise<unknown>)) as unknown[];
    return results[results.length - 1];
  }

  async commit(statements: readonly SQL[]): Promise<void> {
    const texts: string[] = this.begun ? [] : ['BEGIN'];
    for (const statement of statements) {
      const { sql: text, params } = pgDialect.sqlToQuery(statement);
      const written = withLiterals(text, params);
      if (written !== null) texts.push(written);
      else {
        if (texts.length) await this.client.query(texts.splice(0).join(';\n'));
        await this.client.query(text, params);
      }
    }
    // A transaction that sent nothing has nothing to commit.
    if (!this.begun && texts.length === 1) return;
    this.begun = true;
    await this.client.query([...texts, 'COMMIT'].join(';\n'));
  }

  async rollback(): Promise<void> {
    if (this.begun) await this.client.query('ROLLBACK');
  }
}

const pgDialect = new PgDialect();

/** drizzle over the transaction's client, whose `transaction` is a savepoint of it. */
function handleOver(client: TransactionClient) {
  // Without the schema: the relational query API is not used.
  const handle = drizzle(client as unknown as pg.PoolClient);
  let savepoints = 0;
  (handle as { transaction: unknown }).transaction = async <R>(
    inner: (tx: typeof handle) => Promise<R>,
  ): Promise<R> => {
    const name = `sp${++savepoints}`;
    await client.query(`SAVEPOINT ${name}`);
    try {
      // A handle of its own (client.ts notes each savepoint's handle as it opens), over the same
      // client and with this same `transaction`.
      const result = await inner(Object.create(handle) as typeof handle);
      await client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
      throw error;
    }
  };
  return handle;
}

/** Runs one transaction on a client of its own from the pool (see the top of this file). */
export async function transactionOnOwnClient<T, Tx>(
  pool: pg.Pool,
  fn: (tx: Tx) => Promise<Finished<T>>,
): Promise<T> {
  const client = await pool.connect();
  const transaction = new TransactionClient(client);
  let broken: Error | undefined;
  try {
    try {
      const { result, withCommit } = await fn(handleOver(transaction) as unknown as Tx);
      await transaction.commit(withCommit);
      return result;
    } catch (error) {
      // A client that cannot even roll back goes back broken (the pool drops it).
      if (!isDatabaseUnavailable(error)) {
        await transaction.rollback().catch((failed: unknown) => {
          broken = failed as Error;
        });
      }
      throw error;
    }
  } catch (error) {
    if (isDatabaseUnavailable(error)) broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}
