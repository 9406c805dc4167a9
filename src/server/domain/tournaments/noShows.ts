// THE no-show rule (issue 29 points 2 and 3): when check-in is on, every participant who has not
// checked in is dropped: their row removed through participation's one writer (counts, ranks
// and the leaderboard follow), a participant_exits row 'no_show' written with when they joined
// (the list keeps them as 'did not check in'), and each told with `checkin_missed`. Called by
// 'Process check-ins', 'Start now', every generation of a bracket, and the start job.
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestParticipants, participantExits } from '../../platform/db/schema';
import { notifyCheckInMissed } from '../messages';
import { lockContest, removeParticipant } from '../participation';

/** The contest as the notice names it. */
interface ContestRef {
  id: number;
  slug: string;
  title: string;
}

/** Drops the contest's no-shows (the caller knows check-in is on); answers their user ids. */
export async function dropNoShows(
  tx: DbOrTx,
  contest: ContestRef,
  { origin }: { origin?: string } = {},
): Promise<number[]> {
  // Under the contest's lock: a check-in under way finishes before the drop reads who did.
  await lockContest(tx, contest.id);
  const missing = await tx
    .select({ userId: contestParticipants.userId, joinedAt: contestParticipants.joinedAt })
    .from(contestParticipants)
    .where(
      and(eq(contestParticipants.contestId, contest.id), isNull(contestParticipants.checkedInAt)),
    );
  const dropped: number[] = [];
  for (const { userId, joinedAt } of missing) {
    if (!(await removeParticipant({ db: tx, contestId: contest.id, userId }))) continue;
    await tx
      .insert(participantExits)
      .values({ contestId: contest.id, userId, kind: 'no_show', joinedAt });
    dropped.push(userId);
  }
  if (dropped.length) {
    await notifyCheckInMissed(tx, { contest, userIds: dropped }, { origin });
  }
  return dropped;
}
