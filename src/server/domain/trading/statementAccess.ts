// Who may send a trading contest a statement, and when (issue 34): a contest with trading rules,
// the caller's entrant (their own row, or in team mode their registered team's), from the start
// date until the organiser confirms the results (a statement covering the whole window exists
// only once the window has closed, so a completed contest still takes them).
import { eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { contestResults, contestTradingRules } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { notFound, readVisible, type ContestRow, type Viewer } from '../contests';
import { entrantOf } from '../participation';
import { ZTradingRulesSchema, type TradingRules } from '../../../shared/trading/rules';
import { STATEMENT_MESSAGES as M } from '../../../shared/schemas/tradingStatements';
import type { TradingWindow } from './figures';

export interface TradingContest {
  contest: ContestRow;
  rules: TradingRules;
  rulesVersion: number;
}

/** The rules row as the schema reads it today (a default added later applies to old rows). */
export async function rulesOf(db: DbOrTx, contestId: number) {
  const [row] = await db
    .select({ rules: contestTradingRules.rules, version: contestTradingRules.version })
    .from(contestTradingRules)
    .where(eq(contestTradingRules.contestId, contestId));
  return row && { rules: ZTradingRulesSchema.parse(row.rules), version: row.version };
}

/** A trading contest the viewer may see: 404 hidden, 409 not_trading_contest without rules. */
export async function visibleTradingContest(
  db: DB,
  viewer: Viewer,
  contestId: number,
): Promise<TradingContest> {
  const contest = await readVisible(db, viewer, contestId);
  if (!contest) throw notFound();
  const stored = await rulesOf(db, contest.id);
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

/** The window statements are scored in; uploads open at the start and close at confirmation. */
export async function assertTakesStatements(
  db: DbOrTx,
  contest: Pick<ContestRow, 'id' | 'startDate' | 'endDate'>,
  now = new Date(),
): Promise<TradingWindow> {
  if (!contest.startDate || contest.startDate > now) {
    throw new AppError('not_started', M.notStarted);
  }
  const [results] = await db
    .select({ status: contestResults.status })
    .from(contestResults)
    .where(eq(contestResults.contestId, contest.id));
  if (results?.status === 'confirmed') throw new AppError('uploads_closed', M.uploadsClosed);
  // A contest without an end date is scored up to now (its window still open).
  return { startsAt: contest.startDate, endsAt: contest.endDate ?? now };
}
