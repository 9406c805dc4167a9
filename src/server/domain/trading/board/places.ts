// The trading board written as the contest's leaderboard (issue 34), the way a bracket's
// placement is (tournaments/placement.ts): each ranked entrant's place is their score, the
// contest ranking lower scores first in whole numbers, so the leaderboard, its live updates and
// the results' final places (participation's finalStandings) need nothing of their own. Pending
// and disqualified entrants, and members without a counting statement, have no score. The
// contest is not completed here: that stays the lifecycle's (the end date, the organiser).
import { and, eq, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { contests } from '../../../platform/db/schema';
import { announceLeaderboardChanges } from '../../../platform/events';
import { applyScores, clearScores, rerankContest } from '../../participation';
import { storedRules } from '../rulesRow';
import { latestStatements } from './latest';
import { placeBoard } from './order';

/** In the caller's transaction; a contest without trading rules is left alone. */
export async function placeTraders(tx: DbOrTx, contestId: number): Promise<void> {
  const stored = await storedRules(tx, contestId);
  if (!stored) return;
  const switched = await tx
    .update(contests)
    .set({ scoreOrder: 'lower', scoreDecimals: 0 })
    .where(
      and(
        eq(contests.id, contestId),
        or(ne(contests.scoreOrder, 'lower'), ne(contests.scoreDecimals, 0)),
      ),
    )
    .returning({ id: contests.id });
  // Scores typed by hand before: ranked again the other way round before any place moves them.
  if (switched.length) await rerankContest({ db: tx, contestId });
  const placed = placeBoard(await latestStatements(tx, contestId), stored.rules.metric).filter(
    (r) => r.rank !== null,
  );
  await applyScores({
    db: tx,
    contestId,
    scores: placed.map((r) => ({ participantId: r.participantId, score: r.rank! })),
  });
  await clearScores({ db: tx, contestId, keep: placed.map((r) => r.participantId) });
  // applyScores tells the leaderboard only when a place moved; a figure, a curve or a pending
  // row changes the trading board too, and its readers watch the same channel (once per commit).
  await announceLeaderboardChanges({ db: tx, contestIds: [contestId] });
}
