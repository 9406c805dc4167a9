// Trading statements written straight into a contest for the board's tests (issue 34): a parsed
// statement scored by the engine, stored as the uploads store it (storeParsedStatement), and
// its row inserted with whatever status and time a test needs. The upload path is another
// slice's; this is only its row's shape.
import type { DB } from '../../src/server/platform/db/client';
import { tradingStatements } from '../../src/server/platform/db/schema';
import {
  scoreStatement,
  scoredColumns,
  storeParsedStatement,
  type TradingWindow,
} from '../../src/server/domain/trading';
import type { ParsedStatement } from '../../src/shared/trading/statement';
import type { TradingRules } from '../../src/shared/trading/rules';
import type { StatementStatus } from '../../src/shared/trading/review';

export interface StatementRowArgs {
  contestId: number;
  participantId: number;
  userId: number;
  parsed: ParsedStatement;
  rules: TradingRules;
  window: TradingWindow;
  status?: StatementStatus;
  createdAt?: Date;
  rulesVersion?: number;
}

/** Answers the row's id. */
export async function insertStatementRow(
  db: DB,
  privateDir: string,
  a: StatementRowArgs,
): Promise<number> {
  const scored = scoreStatement(a.parsed, a.rules, a.window);
  const storedFile = await storeParsedStatement(privateDir, a.parsed);
  const times = a.parsed.trades.map((t) => t.closeTime).sort();
  const [row] = await db
    .insert(tradingStatements)
    .values({
      contestId: a.contestId,
      participantId: a.participantId,
      userId: a.userId,
      storedFile,
      fileName: `statement.${a.parsed.format === 'csv' ? 'csv' : 'html'}`,
      sizeBytes: 1000,
      format: a.parsed.format,
      accountNumber: a.parsed.account.number,
      accountServer: a.parsed.account.server,
      currency: a.parsed.account.currency,
      ownerName: a.parsed.account.name,
      coversFrom: times.length ? new Date(times[0]!) : null,
      coversTo: times.length ? new Date(times.at(-1)!) : null,
      ...scoredColumns(scored),
      rulesVersion: a.rulesVersion ?? 1,
      ownership: 'proven',
      flags: [],
      status: a.status ?? 'counted',
      ...(a.createdAt ? { createdAt: a.createdAt } : {}),
    })
    .returning({ id: tradingStatements.id });
  return row!.id;
}
