// A trading contest's rules (issue 34), stored one row per contest (contest_trading_rules): read
// by whoever may see the contest, set by its organiser (creator, moderators, admins) on a contest
// of the Open format, the one ranked on its leaderboard. Setting them makes the contest a trading
// contest (`scoring: trading`); each change is audited and counts a new version, and every
// entrant's statement is scored again under it (board/recompute.ts) once it is committed. A
// completed contest's rules are final (its places are the results).
import { sql } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { contestTradingRules } from '../../platform/db/schema';
import { storedRules, type RulesRow } from './rulesRow';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import {
  organisedForWrite,
  readVisibleOrNotFound,
  type ContestRow,
  type Viewer,
} from '../contests';
import { writeAudit } from '../audit';
import { recomputeTraders } from './board/recompute';
import {
  ZTradingRulesSchema,
  tradingRuleTexts,
  type TradingRulesInput,
} from '../../../shared/trading/rules';
import {
  TRADING_RULE_REFUSALS as M,
  type TTradingRulesView,
} from '../../../shared/schemas/trading';

function viewOf(
  contest: Pick<ContestRow, 'id' | 'startDate' | 'endDate'>,
  row: RulesRow | undefined,
): TTradingRulesView {
  const window =
    contest.startDate && contest.endDate
      ? { startsAt: contest.startDate, endsAt: contest.endDate }
      : null;
  return {
    contestId: contest.id,
    scoring: row ? 'trading' : 'manual',
    rules: row?.rules ?? null,
    texts: row ? tradingRuleTexts(row.rules, window) : [],
    version: row?.version ?? null,
  };
}

/** The contest's rules as `viewer` may see them (a contest they cannot see: 404). */
export async function readTradingRules(
  db: DB,
  viewer: Viewer,
  contestId: number,
): Promise<TTradingRulesView> {
  const contest = await readVisibleOrNotFound(db, viewer, contestId);
  return viewOf(contest, await storedRules(db, contest.id));
}

/**
 * Sets the contest's rules (its organiser; Open format only; not once completed), audited;
 * then scores every entrant's statement again (`privateDir` holds them) and answers the rules.
 */
export async function saveTradingRules(
  db: DB,
  actor: Actor,
  input: TradingRulesInput & { contestId: number },
  { privateDir }: { privateDir: string },
): Promise<TTradingRulesView> {
  const { contestId, ...sent } = input;
  const rules = ZTradingRulesSchema.parse(sent);
  const view = await db.transaction(async (tx) => {
    const contest = await organisedForWrite(tx, actor, contestId, M.notOrganiser);
    if (contest.format !== 'open') throw new AppError('not_open_format', M.notOpenFormat);
    if (contest.status === 'completed') {
      throw new AppError('contest_completed', M.contestCompleted);
    }
    const before = await storedRules(tx, contest.id);
    const [written] = await tx
      .insert(contestTradingRules)
      .values({ contestId: contest.id, rules })
      .onConflictDoUpdate({
        target: contestTradingRules.contestId,
        set: {
          rules,
          version: sql`${contestTradingRules.version} + 1`,
          updatedAt: new Date(),
        },
      })
      .returning({ version: contestTradingRules.version });
    await writeAudit({
      db: tx,
      actor,
      action: 'contest.trading_rules',
      targetType: 'contest',
      targetId: contest.id,
      before: before ? { rules: before.rules } : { scoring: 'manual' },
      after: { rules },
    });
    return viewOf(contest, { rules, version: written!.version });
  });
  await recomputeTraders(db, privateDir, contestId);
  return view;
}
