// The start reminders: every participant of a contest that starts within 24 hours hears once,
// sent by a background job that one server of however many runs at a time. Whether one is due
// is the one lifecycle's (shared/lifecycle): never for a contest that has started (its bracket
// generated) or ended (completed), whatever its start date says.
import { and, eq, gt, lte } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { runOnce, type Job } from '../../platform/jobs';
import { contests } from '../../platform/db/schema';
import { lifecycleColumns } from '../../platform/db/lifecycleColumns';
import {
  STARTING_SOON_MS,
  isReminderDue,
  startingSoonTitle,
  startsInWords,
} from '../../../shared/lifecycle';
import { notify, participantsNotYetTold } from './notifications';
import { contestPath, named } from './notificationEvents';

/** How long before its start a contest's participants are reminded. */
export const REMINDER_WINDOW_MS = STARTING_SOON_MS;

const reminderKey = (contestId: number) => `contest_starting:${contestId}`;

/**
 * Reminds every participant of each active contest that starts within 24 hours, once: the
 * reminder's dedupe key (contest_starting:<id>) is unique per member, so a second round, a second
 * server or a later change of the start date never sends it again. One transaction per contest.
 * Answers how many reminders were written.
 */
export async function sendContestReminders({
  db,
  now = Date.now(),
  origin,
}: {
  db: DB;
  now?: number;
  origin?: string;
}): Promise<number> {
  const soon = await db
    .select({
      id: contests.id,
      slug: contests.slug,
      title: contests.title,
      ...lifecycleColumns,
    })
    .from(contests)
    .where(
      and(
        eq(contests.status, 'active'),
        gt(contests.startDate, new Date(now)),
        lte(contests.startDate, new Date(now + REMINDER_WINDOW_MS)),
      ),
    );
  let sent = 0;
  for (const contest of soon) {
    if (!isReminderDue(contest, now)) continue;
    sent += await db.transaction(async (tx) => {
      const key = reminderKey(contest.id);
      const due = await participantsNotYetTold(tx, contest.id, key);
      let written = 0;
      const starts = contest.startDate!;
      for (const userId of due) {
        const id = await notify(
          tx,
          {
            userId,
            kind: 'contest_starting',
            title: startingSoonTitle(contest.title || 'Untitled contest'),
            body: `${named(contest)} starts ${startsInWords(starts, now)} (${starts.toISOString().slice(0, 16).replace('T', ' ')} UTC).`,
            link: contestPath(contest),
            actionLabel: 'View the contest',
            dedupeKey: key,
          },
          { origin },
        );
        if (id !== null) written++;
      }
      return written;
    });
  }
  return sent;
}

/** How often the reminder round runs (a contest is reminded once, within its last 24 hours). */
export const REMINDER_EVERY_MS = 10 * 60 * 1000;

/**
 * The reminders as a background job: a round at start, then every REMINDER_EVERY_MS, by one
 * server of however many share the database (its lease). `onSent` hears how many were sent.
 */
export function reminderJob({
  db,
  origin,
  now,
  onSent,
}: {
  db: DB;
  /** Where links in the reminders point, read at each round (it may be recorded meanwhile). */
  origin: () => Promise<string | undefined>;
  now?: number;
  onSent?: (count: number) => void;
}): Job<number> {
  return {
    name: 'reminders',
    everyMs: REMINDER_EVERY_MS,
    lease: 'reminders',
    run: async () => sendContestReminders({ db, origin: await origin(), now }),
    onDone: (sent) => {
      if (sent) onSent?.(sent);
    },
  };
}

/**
 * One round of the reminder job now, as the runner runs it (the lease: the first server to take
 * it after REMINDER_EVERY_MS runs it; the others skip). Answers how many were sent, or undefined
 * when another server had the round.
 */
export function reminderRound({
  db,
  origin,
  now,
}: {
  db: DB;
  origin?: string;
  now?: number;
}): Promise<number | undefined> {
  return runOnce(db, reminderJob({ db, origin: async () => origin, now }));
}
