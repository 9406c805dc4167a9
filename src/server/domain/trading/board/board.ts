// A trading contest's board (issue 34): each entrant's latest statement, in the board's order
// (order.ts), named as the bracket names entrants (the member's username, or the team's name),
// its curve thinned for the row's small chart. Whoever may see the contest reads it (404
// otherwise, as for a missing one).
import type { DB } from '../../../platform/db/client';
import { contestVisibleTo, readVisibleOrNotFound, type Viewer } from '../../contests';
import { storedRules } from '../rulesRow';
import { BOARD_CURVE_POINTS, type TTradingBoard } from '../../../../shared/schemas/trading';
import { downsampleCurve } from '../curve';
import { latestStatements } from './latest';
import { placeBoard } from './order';

export async function tradingBoard(
  db: DB,
  viewer: Viewer,
  contestId: number,
): Promise<TTradingBoard> {
  const contest = await readVisibleOrNotFound(db, viewer, contestId);
  const [stored, rows] = await Promise.all([
    storedRules(db, contest.id),
    latestStatements(db, contest.id, contestVisibleTo(viewer)),
  ]);
  // A contest without rules is not a trading one: its board is empty, ranked by the default.
  const metric = stored?.rules.metric ?? 'return_pct';
  return {
    contestId: contest.id,
    metric,
    rows: placeBoard(rows, metric).map((r) => ({
      participantId: r.participantId,
      entrantName: r.teamName ?? r.username,
      rank: r.rank,
      statementId: r.statementId,
      status: r.status,
      disqualified: r.disqualified,
      figures: r.figures,
      breaches: r.breaches,
      curve: downsampleCurve(r.curve, BOARD_CURVE_POINTS),
      uploadedAt: r.uploadedAt,
    })),
  };
}
