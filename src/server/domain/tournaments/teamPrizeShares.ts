// A captain's prize shares (issue 30 'Prizes from places'): before the contest starts, the
// captain says how the team's prize is split among its members (percentages totalling exactly
// 100 %, shared/prizeShares.ts), or goes back to an equal split (no shares). A change of the
// roster (a member joins, leaves or is removed) clears them, so shares always belong to the
// members they were set for; results read them at the freeze (domain/results/standings.ts).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { teamMembers } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import {
  PRIZE_SHARE_MESSAGES,
  prizeSharesProblem,
  shareBasisPoints,
} from '../../../shared/prizeShares';
import type { TPrizeShareLine } from '../../../shared/schemas/teams';
import { changeTeam, hasStarted, type TeamChangeArgs } from './teamChange';
import { teamError } from './teamErrors';

/** Back to an equal split: called by every change of the team's members. */
export async function clearPrizeShares(tx: DbOrTx, teamId: number): Promise<void> {
  await tx.update(teamMembers).set({ prizeShare: null }).where(eq(teamMembers.teamId, teamId));
}

/** The captain sets how the team's prize is split (an empty list: equally), before the start. */
export async function setPrizeShares(
  args: TeamChangeArgs & { shares: TPrizeShareLine[] },
): Promise<void> {
  const { shares } = args;
  await changeTeam(args, 'captain', async ({ tx, team, contest, now }) => {
    if (hasStarted(contest, now)) throw teamError('started', PRIZE_SHARE_MESSAGES.started);
    if (!shares.length) {
      await clearPrizeShares(tx, team.id);
      return;
    }
    const members = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.state, 'member')));
    const problem = prizeSharesProblem(
      shares,
      members.map((m) => m.userId),
    );
    if (problem) {
      const field = problem.index === null ? 'shares' : `shares.${problem.index}.percent`;
      throw new AppError('BAD_REQUEST', problem.message, { details: { field } });
    }
    for (const share of shares) {
      await tx
        .update(teamMembers)
        .set({ prizeShare: shareBasisPoints(share.percent)! })
        .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, share.userId)));
    }
  });
}
