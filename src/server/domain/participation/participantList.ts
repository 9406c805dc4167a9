// The participants dialog of moderators and admins ('View Participants'): one page of a
// contest's members in rank order.
import { asc, eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { countRows, onePage } from '../../platform/db/pages';
import { contestParticipants, contests, users } from '../../platform/db/schema';
import type { TContestParticipant } from '../../../shared/schemas/contests';
import { notFound } from '../contests';
import { rankOrder, ranksOfPage } from './contestParticipants';

/**
 * One page of a contest's participants for moderators and admins ('View Participants'): ranked
 * members first by rank, then the unranked (no score yet) in the order they joined. Unknown
 * contest: 404.
 */
export async function listParticipants({
  db,
  id,
  page,
  pageSize,
}: {
  db: DB;
  id: number;
  page: number;
  pageSize: number;
}): Promise<{
  scoreDecimals: number;
  items: TContestParticipant[];
  total: number;
  page: number;
  pageSize: number;
}> {
  const [contest] = await db
    .select({
      id: contests.id,
      scoreDecimals: contests.scoreDecimals,
      scoreOrder: contests.scoreOrder,
    })
    .from(contests)
    .where(eq(contests.id, id));
  if (!contest) throw notFound();
  const where = eq(contestParticipants.contestId, id);
  const query = db
    .select({
      userId: contestParticipants.userId,
      username: users.username,
      joinedAt: contestParticipants.joinedAt,
      score: contestParticipants.score,
    })
    .from(contestParticipants)
    .innerJoin(users, eq(users.id, contestParticipants.userId))
    .where(where)
    // Rank order (the unscored last), ties in the order they joined.
    .orderBy(
      ...rankOrder(contest.scoreOrder),
      asc(contestParticipants.joinedAt),
      asc(contestParticipants.id),
    )
    .$dynamic();
  const rows = await onePage(query, { page, pageSize });
  const ranks = await ranksOfPage(
    db,
    id,
    contest.scoreOrder,
    (page - 1) * pageSize,
    rows.map((r) => r.score),
  );
  // The new key first (see present()).
  const items = rows.map((r, i) => ({ rank: ranks[i]!, ...r }));
  const total = await countRows(db, contestParticipants, where);
  return { scoreDecimals: contest.scoreDecimals, items, total, page, pageSize };
}
