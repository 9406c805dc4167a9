// A database's migration level: the timestamp of the newest migration applied to it (drizzle
// records each one's journal `when` as `created_at`), compared with the newest one this code
// carries. A backup states its level; a restore refuses one from newer code.
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, PG_MIGRATIONS_DIR } from '../paths';

export type Engine = 'sqlite' | 'pg';

export interface MigrationLevel {
  /** The newest applied migration's timestamp (0: none). */
  level: number;
  /** Its name in the journal ('0007_live_state'), when this code knows it. */
  tag: string | null;
}

interface JournalEntry {
  when: number;
  tag: string;
}

const journals = new Map<Engine, JournalEntry[]>();

export function migrationsFolder(engine: Engine): string {
  return engine === 'pg' ? PG_MIGRATIONS_DIR : MIGRATIONS_DIR;
}

function journal(engine: Engine): JournalEntry[] {
  let entries = journals.get(engine);
  if (!entries) {
    const file = path.join(migrationsFolder(engine), 'meta', '_journal.json');
    entries = (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
    journals.set(engine, entries);
  }
  return entries;
}

/** The level of a database `level` ms: with its tag when this code's journal has it. */
export function describeLevel(engine: Engine, level: number): MigrationLevel {
  return { level, tag: journal(engine).find((e) => e.when === level)?.tag ?? null };
}

/** The newest migration this code carries. */
export function codeLevel(engine: Engine): MigrationLevel {
  const newest = journal(engine).reduce<JournalEntry | null>(
    (best, e) => (!best || e.when > best.when ? e : best),
    null,
  );
  return { level: newest?.when ?? 0, tag: newest?.tag ?? null };
}
