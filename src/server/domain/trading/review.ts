// The organiser's decision on a statement (issue 34): approve (it counts), reject with a reason
// (it does not; the trader may upload another) or disqualify with a reason (the trader stays on
// the board, marked). Only the entrant's latest statement is decided (409 not_latest), and only
// while the results are not confirmed (409 uploads_closed); each decision is audited and the entrant's traders are told, in the decision's transaction.
import { and, eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { tradingStatements as ts } from '../../platform/db/schema';
import { lockForUpdate } from '../../platform/db/dialect';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { organisedForWrite } from '../contests';
import { writeAudit } from '../audit';
import {
  ZReviewStatementInput,
  type TReviewStatementInput,
  type TStatementView,
} from '../../../shared/schemas/trading';
import { STATEMENT_MESSAGES as M } from '../../../shared/schemas/tradingStatements';
import { isLatest, presentStatement, selectStatements } from './statementRows';
import { readableStatement } from './statementReads';
import { notifyStatementReviewed } from './reviewNotice';
import { traderBoardChanged } from './boardSeam';
import { resultsConfirmed } from './statementAccess';

export async function reviewStatement(
  db: DB,
  actor: Actor,
  input: TReviewStatementInput,
): Promise<TStatementView> {
  const { statementId, status, reason } = ZReviewStatementInput.parse(input);
  // A statement the caller may not read is not found; one they read as its trader, refused.
  const seen = await readableStatement(db, actor, statementId);
  return db.transaction(async (tx) => {
    const contest = await organisedForWrite(tx, actor, seen.contestId, M.notOrganiser);
    if (await resultsConfirmed(tx, contest.id))
      throw new AppError('uploads_closed', M.reviewClosed);
    await lockForUpdate(tx, ts, eq(ts.id, statementId));
    const [before] = await selectStatements(tx).where(eq(ts.id, statementId));
    if (!before) throw new AppError('NOT_FOUND', M.notFound);
    const [latest] = await tx
      .select({ id: ts.id })
      .from(ts)
      .where(and(eq(ts.id, statementId), isLatest));
    if (!latest) throw new AppError('not_latest', M.notLatest);
    const kept = status === 'approved' ? null : (reason ?? null);
    await tx
      .update(ts)
      .set({ status, reason: kept, reviewedBy: actor.id, reviewedAt: new Date() })
      .where(eq(ts.id, statementId));
    await writeAudit({
      db: tx,
      actor,
      action: 'statement.review',
      targetType: 'trading_statement',
      targetId: statementId,
      before: { status: before.status, reason: before.reason },
      after: { status, reason: kept },
    });
    await notifyStatementReviewed(tx, {
      participantId: before.participantId,
      statementId,
      status,
      reason: kept,
      contest,
    });
    await traderBoardChanged(tx, contest.id);
    const [after] = await selectStatements(tx).where(eq(ts.id, statementId));
    return presentStatement(after!);
  });
}
