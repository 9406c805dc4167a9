// The participant row a member takes part as: their own, or in team mode their registered team's
// (any member of it). Submissions are sent and discussions written as that entrant.
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestParticipants as cp, teamMembers } from '../../platform/db/schema';

/**
 * The rows of contest_participants `userId` takes part as in the contest: the condition on its
 * own, for a statement that asks it beside other things (the discussion's right to write).
 */
export function entrantRows(contestId: number | SQL, userId: number | SQL): SQL {
  return and(
    eq(cp.contestId, contestId),
    or(
      eq(cp.userId, userId),
      sql`${cp.teamId} IN (SELECT ${teamMembers.teamId} FROM ${teamMembers}
        WHERE ${teamMembers.contestId} = ${contestId} AND ${teamMembers.userId} = ${userId}
        AND ${teamMembers.state} = 'member')`,
    ),
  )!;
}

/** The participant row `userId` takes part as, or null when they take no part. */
export async function entrantOf(
  db: DbOrTx,
  contestId: number,
  userId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: cp.id })
    .from(cp)
    .where(entrantRows(contestId, userId))
    .limit(1);
  return row?.id ?? null;
}
