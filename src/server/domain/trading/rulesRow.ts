// A contest's stored trading rules and their version, read through today's schema: the rules'
// store answers them, the board orders by their metric and the recompute scores under them.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestTradingRules } from '../../platform/db/schema';
import { ZTradingRulesSchema, type TradingRules } from '../../../shared/trading/rules';

export type RulesRow = { rules: TradingRules; version: number };

/** The contest's stored rules and version (undefined: not a trading contest). */
export async function storedRules(db: DbOrTx, contestId: number): Promise<RulesRow | undefined> {
  const [row] = await db
    .select({ rules: contestTradingRules.rules, version: contestTradingRules.version })
    .from(contestTradingRules)
    .where(eq(contestTradingRules.contestId, contestId));
  // Read through the schema as it is today (a default added later applies to old rows).
  return row && { rules: ZTradingRulesSchema.parse(row.rules), version: row.version };
}
