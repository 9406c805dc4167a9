// Reading statements (issue 34): a contest's list (organisers: all, or their own entrant's with
// `mine`; a trader: their entrant's, so a team sees its members' uploads), newest first; one
// statement with its parsed trades paged, each counted or with the reason it is not.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { tradingStatements as ts } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { isOrganiser } from '../../../shared/contests';
import type { TStatementView } from '../../../shared/schemas/trading';
import {
  STATEMENT_MESSAGES as M,
  type TStatementDetail,
} from '../../../shared/schemas/tradingStatements';
import { entrantOf } from '../participation';
import { readParsedStatement } from './parsedStore';
import { visibleTradingContest } from './statementAccess';
import { presentStatement, readableBy, selectStatements } from './statementRows';

interface Page {
  page: number;
  pageSize: number;
}

export async function listStatements(
  db: DB,
  viewer: Actor,
  input: { contestId: number; mine?: boolean } & Page,
): Promise<{ items: TStatementView[]; total: number } & Page> {
  const { contest } = await visibleTradingContest(db, viewer, input.contestId);
  let where: SQL;
  if (isOrganiser(contest, viewer) && !input.mine) where = eq(ts.contestId, contest.id);
  else {
    const entrant = await entrantOf(db, contest.id, viewer.id);
    if (entrant === null) throw new AppError('not_participant', M.notParticipant);
    where = and(eq(ts.contestId, contest.id), eq(ts.participantId, entrant))!;
  }
  const [rows, [total]] = await Promise.all([
    selectStatements(db)
      .where(where)
      .orderBy(desc(ts.createdAt), desc(ts.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(ts).where(where),
  ]);
  return {
    items: rows.map(presentStatement),
    total: total?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** One statement row the viewer may read, with its stored file's name (404 otherwise). */
export async function readableStatement(db: DB, viewer: Actor, statementId: number) {
  const [row] = await selectStatements(db).where(and(eq(ts.id, statementId), readableBy(viewer)));
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

/** One statement as the lists show it (the upload's answer). */
export async function statementView(db: DB, viewer: Actor, statementId: number) {
  return presentStatement(await readableStatement(db, viewer, statementId));
}

export async function readStatement(
  { db, privateDir }: { db: DB; privateDir: string },
  viewer: Actor,
  input: { statementId: number } & Page,
): Promise<TStatementDetail> {
  const row = await readableStatement(db, viewer, input.statementId);
  const parsed = await readParsedStatement(privateDir, row.storedFile);
  const why = new Map(row.excluded.map((e) => [e.ticket, e]));
  const start = (input.page - 1) * input.pageSize;
  const items = parsed.trades.slice(start, start + input.pageSize).map((t) => {
    const excluded = why.get(t.ticket);
    return {
      ...t,
      counted: !excluded,
      excluded: excluded?.reason ?? null,
      message: excluded?.message ?? null,
    };
  });
  return {
    statement: presentStatement(row),
    trades: { items, total: parsed.trades.length, page: input.page, pageSize: input.pageSize },
  };
}
