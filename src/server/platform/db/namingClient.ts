// PostgreSQL parses and plans an unnamed statement every time it runs; a named one is parsed once
// per connection and, after a few runs, planned once too. drizzle sends its statements unnamed
// (a name is given only through `.prepare(name)`, which the hot reads use: dialect.ts
// prepareNamed), so every write and every statement inside a transaction was planned again on
// each run (bench:engines with pg_stat_statements.track_planning: a join's statements planned
// 2,000 times in 2,000 joins, the contest read 0.44 ms of planning against 0.06 ms of running).
// This client names each parameterised statement after its text, as postgres.js does by default:
// the same text is the same name on every connection, and each connection prepares it the first
// time it sends it (pg keeps the list). Only statements with values are named. Bounded so that statements built per call (an IN list of
// every length) cannot fill a connection's memory: past MAX_PER_CONNECTION names, or for a text
// over MAX_TEXT characters, a statement goes unnamed as before.
import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import pg from 'pg';

const MAX_PER_CONNECTION = 200;
const MAX_TEXT = 10_000;

/** Names by statement text, for every connection of the process (a hash is not free). */
const names = new LRUCache<string, string>({ max: 5_000 });

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `s${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

interface QueryConfig {
  text: string;
  name?: string;
}

function isUnnamedConfig(value: unknown): value is QueryConfig {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as QueryConfig).text === 'string' &&
    !(value as QueryConfig).name
  );
}

/** A pg client that names its statements (the pool's `Client`). */
export class NamingClient extends pg.Client {
  private readonly prepared = new Set<string>();

  // pg's query has many overloads; every form is passed through, a config object named first.
  override query(...args: unknown[]): never {
    const [config, values, ...rest] = args;
    // Only statements with values: those go by the extended protocol anyway, where a name
    // changes nothing else (a text without values may hold several commands, which only the
    // simple protocol takes: a migration's).
    if (
      isUnnamedConfig(config) &&
      Array.isArray(values) &&
      values.length > 0 &&
      config.text.length <= MAX_TEXT
    ) {
      const name = nameOf(config.text);
      if (this.prepared.has(name) || this.prepared.size < MAX_PER_CONNECTION) {
        this.prepared.add(name);
        return (super.query as (...a: unknown[]) => never)({ ...config, name }, values, ...rest);
      }
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
