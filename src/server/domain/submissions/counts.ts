// An entrant's submission counts against the contest's limits (issue 31 'Limits'): today's (UTC)
// and all, failed ones never counted, and their selections. The one rule the upload, the
// evaluation read ('3 of 5 left today') and the REST answer use.
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { submissions } from '../../platform/db/schema';
import { nextUtcMidnight } from '../../../shared/submissions';

export interface EntrantCounts {
  today: number;
  total: number;
  selected: number;
}

const COUNTED = ['queued', 'scoring', 'scored'] as const;

export function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export async function entrantCounts(
  db: DbOrTx,
  participantId: number,
  now: Date,
): Promise<EntrantCounts> {
  const mine = and(
    eq(submissions.participantId, participantId),
    inArray(submissions.status, COUNTED),
  );
  const [all] = await db
    .select({
      total: count(),
      selected: sql<number>`coalesce(sum(case when ${submissions.selected} then 1 else 0 end), 0)`,
    })
    .from(submissions)
    .where(mine);
  const [today] = await db
    .select({ n: count() })
    .from(submissions)
    .where(and(mine, gte(submissions.createdAt, utcDayStart(now))));
  return {
    total: Number(all?.total ?? 0),
    today: Number(today?.n ?? 0),
    selected: Number(all?.selected ?? 0),
  };
}

/** What is left: today's count, the total (null: no total limit), and when today's resets. */
export function remaining(
  limits: { dailyLimit: number; totalLimit: number | null },
  counts: EntrantCounts,
  now: Date,
) {
  const remainingTotal =
    limits.totalLimit === null ? null : Math.max(0, limits.totalLimit - counts.total);
  const today = Math.max(0, limits.dailyLimit - counts.today);
  return {
    remainingToday: remainingTotal === null ? today : Math.min(today, remainingTotal),
    remainingTotal,
    resetsAt: nextUtcMidnight(now),
    selected: counts.selected,
  };
}
