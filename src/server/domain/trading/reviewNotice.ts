// Telling an entrant's traders of the organiser's decision on their statement (issue 34): the
// member who takes part, or every member of a registered team ('statement_reviewed', with the
// organiser's reason).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestParticipants as cp, teamMembers } from '../../platform/db/schema';
import { notifyMany } from '../messages';
import type { StatementDecision } from '../../../shared/trading/review';

async function tradersOf(db: DbOrTx, participantId: number): Promise<number[]> {
  const [entrant] = await db
    .select({ userId: cp.userId, teamId: cp.teamId })
    .from(cp)
    .where(eq(cp.id, participantId));
  if (!entrant) return [];
  if (entrant.teamId === null) return [entrant.userId];
  const members = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, entrant.teamId), eq(teamMembers.state, 'member')));
  return [...new Set([entrant.userId, ...members.map((m) => m.userId)])];
}

const TITLES: Record<StatementDecision, string> = {
  approved: 'Your statement was approved',
  rejected: 'Your statement was rejected',
  disqualified: 'You were disqualified from a trading contest',
};

export async function notifyStatementReviewed(
  tx: DbOrTx,
  review: {
    participantId: number;
    statementId: number;
    status: StatementDecision;
    reason: string | null;
    contest: { slug: string; title: string };
  },
): Promise<void> {
  const { status, reason, contest } = review;
  const body =
    status === 'approved'
      ? `Your statement #${review.statementId} to ${contest.title} counts on the board.`
      : status === 'rejected'
        ? `Your statement #${review.statementId} to ${contest.title} does not count: ${reason}. You may upload another.`
        : `Your statement #${review.statementId} to ${contest.title} was disqualified: ${reason}. You stay on the board, marked, below the ranked traders.`;
  await notifyMany(
    tx,
    (await tradersOf(tx, review.participantId)).map((userId) => ({
      userId,
      kind: 'statement_reviewed',
      title: TITLES[status],
      body,
      link: `/contests/${contest.slug}`,
    })),
  );
}
