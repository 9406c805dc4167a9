// Who may send a trading contest a statement, and when (issue 34): a contest with trading rules,
// the caller's entrant (their own row, or in team mode their registered team's), from the start
// date until the organiser confirms the results (a statement covering the whole window exists
// only once the window has closed, so a completed contest still takes them).
import { eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { contestResults } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { readVisibleOrNotFound, type ContestRow, type Viewer } from '../contests';
import { entrantOf } from '../participation';
import type { TradingRules } from '../../../shared/trading/rules';
import { STATEMENT_MESSAGES as M } from '../../../shared/schemas/tradingStatements';
import type { TradingWindow } from './figures';
import { storedRules } from './rulesRow';
import { scoringWindow } from './window';

export interface TradingContest {
  contest: ContestRow;
  rules: TradingRules;
  rulesVersion: number;
}

/** A trading contest the viewer may see: 404 hidden, 409 not_trading_contest without rules. */
export async function visibleTradingContest(
  db: DB,
  viewer: Viewer,
  contestId: number,
): Promise<TradingContest> {
  const contest = await readVisibleOrNotFound(db, viewer, contestId);
  const stored = await storedRules(db, contest.id);
  if (!stored) throw new AppError('not_trading_contest', M.notTradingContest);
  return { contest, rules: stored.rules, rulesVersion: stored.version };
}

/** The contest and the caller's entrant in it (403 not_participant for anyone else). */
export async function admitTrader(db: DB, actor: Actor, contestId: number) {
  const trading = await visibleTradingContest(db, actor, contestId);
  const participantId = await entrantOf(db, trading.contest.id, actor.id);
  if (participantId === null) throw new AppError('not_participant', M.notParticipant);
  return { ...trading, participantId };
}

/**
 * Whether the contest's results are confirmed: its places are its results then, and no upload
 * or review may move them (the organiser reopens the results first).
 */
export async function resultsConfirmed(db: DbOrTx, contestId: number): Promise<boolean> {
  const [results] = await db
    .select({ status: contestResults.status })
    .from(contestResults)
    .where(eq(contestResults.contestId, contestId));
  return results?.status === 'confirmed';
}

/** The window statements are scored in; uploads open at the start and close at confirmation. */
export async function assertTakesStatements(
  db: DbOrTx,
  contest: Pick<ContestRow, 'id' | 'startDate' | 'endDate'>,
  now = new Date(),
): Promise<TradingWindow> {
  if (!contest.startDate || contest.startDate > now) {
    throw new AppError('not_started', M.notStarted);
  }
  if (await resultsConfirmed(db, contest.id)) throw new AppError('uploads_closed', M.uploadsClosed);
  // The one window every scoring uses (the recompute too): no end date bounds nothing there.
  return scoringWindow(contest);
}
