// The payouts' round: winners without a payout method reminded after 3 and 7 days
// (PAYOUT_REMINDER_DAYS, counted in the line's `reminders`), and lines still unclaimed after the
// platform's payoutClaimDays forfeited (audited as the system's, the winner told). Each line in
// its own transaction, each write conditional on the line being as it was read, so two servers
// (or two rounds) never remind or forfeit twice.
import { and, eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { contests, payouts } from '../../platform/db/schema';
import type { Job } from '../../platform/jobs';
import { writeAudit } from '../audit';
import { getPlatformSettings } from '../settings';
import { LIFECYCLE_ACTOR } from '../participation';
import { PAYOUT_REMINDER_DAYS } from '../../../shared/payouts';
import { askForMethod, noticeLineColumns, tellOrganiserOfForfeit, tellStep } from './notices';

const DAY_MS = 24 * 3600 * 1000;

/** How many of the reminder days a line of this age has passed. */
function remindersDue(ageMs: number): number {
  return PAYOUT_REMINDER_DAYS.filter((days) => ageMs >= days * DAY_MS).length;
}

/** One round: answers how many lines it reminded or forfeited. */
export async function payoutReminderRound({
  db,
  now = Date.now(),
}: {
  db: DB;
  now?: number;
}): Promise<number> {
  const claimDays = (await getPlatformSettings({ db })).payoutClaimDays;
  const waiting = await db
    .select({
      id: payouts.id,
      ...noticeLineColumns,
      reminders: payouts.reminders,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .leftJoin(contests, eq(contests.id, payouts.contestId))
    .where(eq(payouts.status, 'awaiting_method'));
  let acted = 0;
  for (const line of waiting) {
    const age = now - line.createdAt.getTime();
    const unchanged = and(
      eq(payouts.id, line.id),
      eq(payouts.status, 'awaiting_method'),
      eq(payouts.reminders, line.reminders),
    );
    if (age >= claimDays * DAY_MS) {
      const reason = `Not claimed within ${claimDays} days`;
      const done = await db.transaction(async (tx) => {
        const forfeited = await tx
          .update(payouts)
          .set({ status: 'forfeited', reason, updatedAt: new Date(now) })
          .where(unchanged)
          .returning({ id: payouts.id });
        if (!forfeited.length) return false;
        await writeAudit({
          db: tx,
          actor: LIFECYCLE_ACTOR,
          action: 'payout.forfeited',
          targetType: 'payout',
          targetId: line.id,
          before: { status: 'awaiting_method' },
          after: { status: 'forfeited', reason },
        });
        await tellStep(tx, line, {
          title: 'Your prize was forfeited',
          what: `forfeited: ${reason}.`,
        });
        await tellOrganiserOfForfeit(tx, line.id);
        return true;
      });
      if (done) acted++;
      continue;
    }
    const due = remindersDue(age);
    if (due <= line.reminders) continue;
    const done = await db.transaction(async (tx) => {
      // One reminder however many days passed since the last round: the count catches up.
      const reminded = await tx
        .update(payouts)
        .set({ reminders: due, updatedAt: new Date(now) })
        .where(unchanged)
        .returning({ id: payouts.id });
      if (!reminded.length) return false;
      await askForMethod(tx, line, { reminder: true, claimDays });
      return true;
    });
    if (done) acted++;
  }
  return acted;
}

/**
 * The payouts' daily round as a background job (one server, by its lease): winners without a
 * payout method reminded after 3 and 7 days (PAYOUT_REMINDER_DAYS), and lines unclaimed after the
 * platform's payoutClaimDays forfeited (audited as the system's, the winner told).
 */
export function payoutReminderJob({ db }: { db: DB }): Job<number> {
  return {
    name: 'payoutReminders',
    everyMs: 60 * 60_000,
    lease: 'payoutReminders',
    run: () => payoutReminderRound({ db }),
  };
}
