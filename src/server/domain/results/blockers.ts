// What keeps a contest's standings from being frozen (issue 30 'Closing a contest'): the contest
// has not ended, or (bracket formats) a match of its bracket is still to be played with both
// sides known, has a reported result its opponent has not confirmed, or is disputed. Each
// blocker names its match, so the organiser knows where to act.
import { LIFECYCLE_ACTOR } from '../participation';
import { readMatches } from '../tournaments';
import { contestPhase, type LifecycleFacts } from '../../../shared/lifecycle';
import { hasBracket } from '../../../shared/tournaments';
import type { ContestFormat } from '../../../shared/contests';
import type { TMatch } from '../../../shared/schemas/tournaments';
import type { ResultBlockerKind, TResultBlocker } from '../../../shared/schemas/results';
import type { DbOrTx } from '../../platform/db/client';

export interface BlockerContest extends LifecycleFacts {
  id: number;
  format: ContestFormat;
}

const NOT_ENDED = 'The contest has not ended yet';

const VERB: Record<Exclude<ResultBlockerKind, 'not_ended'>, string> = {
  unfinished_match: 'is still to be played',
  unreviewed_match: 'has a reported result waiting for confirmation',
  open_dispute: 'is disputed',
};

/** 'Semi-finals, match 2: alice vs bob' ('Group 1, Round 2, match 3: …' in a groups stage). */
function matchName(m: TMatch): string {
  const sides = m.participants.map((p) => p?.name ?? 'TBD').join(' vs ');
  const group = m.group === null ? '' : `Group ${m.group}, `;
  return `${group}${m.roundName}, match ${m.number}: ${sides}`;
}

/** What still blocks a match's result from being final, if anything (the worst first). */
function blockerOf(m: TMatch): Exclude<ResultBlockerKind, 'not_ended'> | null {
  if (m.report.state === 'disputed') return 'open_dispute';
  if (m.report.state === 'pending') return 'unreviewed_match';
  // Ready or running: both sides are known and the match is not over.
  if (m.status === 'ready' || m.status === 'running') return 'unfinished_match';
  return null;
}

export async function resultBlockers(
  db: DbOrTx,
  contest: BlockerContest,
  now = Date.now(),
): Promise<TResultBlocker[]> {
  const blockers: TResultBlocker[] = [];
  if (contestPhase(contest, now) !== 'completed') {
    blockers.push({ kind: 'not_ended', message: NOT_ENDED, matchId: null });
  }
  if (hasBracket(contest.format) && contest.bracketGeneratedAt) {
    // The system reads every match, whoever asks (the reader may not see who plays whom).
    for (const m of await readMatches(db, LIFECYCLE_ACTOR, { contestId: contest.id })) {
      const kind = blockerOf(m);
      if (kind) blockers.push({ kind, message: `${matchName(m)} ${VERB[kind]}`, matchId: m.id });
    }
  }
  return blockers;
}
