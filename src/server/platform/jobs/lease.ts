// 'One server of all runs this round': on PostgreSQL an advisory lock taken on one pooled
// connection for the round's length (platform/db/locks.ts), so a server that dies mid-round
// loses its connection and with it the lease; on SQLite (one server) a lease held in this
// process. Inside the lease the last round's time, kept in the settings table
// (`<lease>.lastRun`), tells whether a round is due: servers whose timers tick at different
// moments run it once per period between them, not once each.
import { eq } from 'drizzle-orm';
import { postgresPool, type DB } from '../db/client';
import { exclusively } from '../db/locks';
import { settings } from '../db/schema';
import type { Job, LeaseName } from './job';

// SQLite's leases: one process is the one server, so a set of names is the whole lock.
const heldHere = new Set<LeaseName>();

async function holdLease<T>(db: DB, name: LeaseName, fn: () => Promise<T>): Promise<T | undefined> {
  if (postgresPool(db)) return exclusively(db, name, { wait: false }, fn);
  if (heldHere.has(name)) return undefined;
  heldHere.add(name);
  try {
    return await fn();
  } finally {
    heldHere.delete(name);
  }
}

/** What a round came to: `ran` false when the lease gave it to another server (or not yet due). */
export type RoundOutcome<T> = { ran: true; result: T } | { ran: false };

/** One round of `job` as the runner runs it: under its lease when it has one. */
export async function runRound<T>(
  db: DB,
  job: Job<T>,
  signal: AbortSignal,
): Promise<RoundOutcome<T>> {
  const { lease } = job;
  if (!lease) return { ran: true, result: await job.run(signal) };
  const key = `${lease}.lastRun`;
  const outcome = await holdLease(db, lease, async (): Promise<RoundOutcome<T>> => {
    const [row] = await db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, key));
    const last = row ? Number(JSON.parse(row.value)) : 0;
    // A little slack, so servers whose timers drift a few seconds do not skip a whole period.
    if (Date.now() - last < job.everyMs * 0.9) return { ran: false };
    const value = JSON.stringify(Date.now());
    await db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    return { ran: true, result: await job.run(signal) };
  });
  return outcome ?? { ran: false };
}

/**
 * One round now, outside any runner (a test, a script): answers what it did, or undefined when
 * the lease gave the round to another server or it is not due yet. `onDone` is not called.
 */
export async function runOnce<T>(db: DB, job: Job<T>): Promise<T | undefined> {
  const outcome = await runRound(db, job, new AbortController().signal);
  return outcome.ran ? outcome.result : undefined;
}
