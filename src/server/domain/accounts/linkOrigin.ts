// Where links in mail (reset, verification, notices) point when no PUBLIC_URL is set: the address
// the operator first served, recorded once in the settings table. A later request's Host header is
// the sender's to choose, so it never decides where a reset link leads (issue 27).
import { eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { settings } from '../../platform/db/schema';

/** The settings row holding the recorded origin (JSON: a string). */
export const FIRST_SERVED_ORIGIN_KEY = 'firstServedOrigin';

// Once recorded the value never changes, so each server keeps it after one read: every later
// request gets it without touching the database.
const recorded = new WeakMap<DB, string>();
// One look-up per database at a time: the first requests of a new server arrive together.
const reading = new WeakMap<DB, Promise<string | undefined>>();

/** The recorded origin when this server already knows it (no database read). */
export function knownLinkOrigin(db: DB): string | undefined {
  return recorded.get(db);
}

async function readRecorded(db: DB): Promise<string | undefined> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, FIRST_SERVED_ORIGIN_KEY));
  if (!row) return undefined;
  const value: unknown = JSON.parse(row.value);
  return typeof value === 'string' ? value : undefined;
}

/**
 * The origin links in mail use: the recorded one, or, when none is recorded yet, `requestOrigin`
 * recorded now (if the request had a usable address). Across app servers the first insert wins
 * and every server reads that row back, so all of them agree. `onRecorded` hears the value this
 * call recorded (for a log line telling the operator where links will point).
 */
export async function recordLinkOrigin({
  db,
  requestOrigin,
  onRecorded,
}: {
  db: DB;
  requestOrigin?: string;
  onRecorded?: (origin: string) => void;
}): Promise<string | undefined> {
  const cached = recorded.get(db);
  if (cached) return cached;
  const inFlight = reading.get(db);
  if (inFlight) {
    const value = await inFlight;
    // That look-up had no address to record: this request may have one.
    if (value !== undefined || !requestOrigin) return value;
  }
  const lookUp = (async () => {
    let value = await readRecorded(db);
    if (value === undefined && requestOrigin) {
      const inserted = await db
        .insert(settings)
        .values({ key: FIRST_SERVED_ORIGIN_KEY, value: JSON.stringify(requestOrigin) })
        .onConflictDoNothing({ target: settings.key })
        .returning({ key: settings.key });
      value = await readRecorded(db);
      if (inserted.length > 0 && value !== undefined) onRecorded?.(value);
    }
    if (value !== undefined) recorded.set(db, value);
    return value;
  })();
  reading.set(db, lookUp);
  try {
    return await lookUp;
  } finally {
    if (reading.get(db) === lookUp) reading.delete(db);
  }
}
