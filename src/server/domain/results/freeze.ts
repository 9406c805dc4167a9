// Freezing a contest's standings (issue 30 'Closing a contest'): an active contest that has
// started is completed first (as an organiser's early completion); one not started is refused
// (409 not_started); anything still blocking (an unfinished, unreviewed or disputed match) is
// refused with the blockers named (409 results_blocked); else the standings are stored as they
// stand, with their prizes, and the freeze is audited. Frozen or confirmed results answer as they
// are.
import type { DbOrTx } from '../../platform/db/client';
import { contestResults } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import type { ContestRow } from '../contests';
import { completeContest } from '../participation';
import { writeAudit } from '../audit';
import { contestPhase } from '../../../shared/lifecycle';
import { RESULT_MESSAGES, type TResults } from '../../../shared/schemas/results';
import { resultBlockers } from './blockers';
import { computeStandings } from './standings';
import { organiserContest, presentResults, storedResults, type StoredResults } from './stored';

/**
 * Freezes the contest's standings in the caller's transaction (its row locked by the caller).
 * Blocked: refused, or with `whenBlocked: 'skip'` (the job) nothing is done and null answered.
 */
export async function freezeContest(
  tx: DbOrTx,
  actor: Actor,
  contest: ContestRow,
  { whenBlocked = 'refuse' }: { whenBlocked?: 'refuse' | 'skip' } = {},
): Promise<StoredResults | null> {
  let ended = contest;
  if (contest.status === 'active') {
    const phase = contestPhase(contest);
    if (phase !== 'live' && phase !== 'completed') {
      throw new AppError('not_started', RESULT_MESSAGES.not_started);
    }
    // Rolled back with the rest when something blocks the freeze.
    await completeContest(tx, { contestId: contest.id, origin: actor.origin });
    ended = { ...contest, status: 'completed' };
  } else if (contest.status !== 'completed') {
    throw new AppError('not_started', RESULT_MESSAGES.not_started);
  }
  const blockers = await resultBlockers(tx, ended);
  if (blockers.length) {
    if (whenBlocked === 'skip') return null;
    throw new AppError('results_blocked', RESULT_MESSAGES.results_blocked, {
      details: { blockers },
    });
  }
  const { standings, remainder } = await computeStandings(tx, ended);
  const now = new Date();
  const values = {
    status: 'frozen' as const,
    standings,
    remainder,
    frozenAt: now,
    confirmedAt: null,
    confirmedBy: null,
    confirmedByName: null,
    reopenReason: null,
    updatedAt: now,
  };
  const [row] = await tx
    .insert(contestResults)
    .values({ contestId: contest.id, ...values })
    .onConflictDoUpdate({ target: contestResults.contestId, set: values })
    .returning();
  await writeAudit({
    db: tx,
    actor,
    action: 'contest.results.freeze',
    targetType: 'contest',
    targetId: contest.id,
    after: {
      status: 'frozen',
      places: standings
        .filter((s) => s.place !== null)
        .map((s) => ({ place: s.placeText, name: s.name, prize: s.prize })),
      remainder,
    },
  });
  return row!;
}

export async function freezeResults(
  tx: DbOrTx,
  actor: Actor,
  input: { contestId: number },
): Promise<TResults> {
  const contest = await organiserContest(tx, actor, input.contestId);
  let row = await storedResults(tx, contest.id);
  if (!row || row.status === 'open') row = (await freezeContest(tx, actor, contest))!;
  return presentResults(tx, { ...contest, status: 'completed' }, row, actor);
}
