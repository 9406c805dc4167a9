// How a bracket's matches read as results: a completed match as the standings take it, the
// points a contest gives, a round-robin group's participants and table.
import type { MatchResult } from '../../../shared/tournaments';
import type { TournamentContest } from './contest';
import { leagueStandings, type PlayedMatch, type Points } from './standings';
import type { BracketStore, MatchRow } from './storage';
import { MATCH_STATUS } from './status';

export function pointsOf(contest: Pick<TournamentContest, 'settings'>): Points {
  return {
    win: contest.settings.pointsWin,
    draw: contest.settings.pointsDraw,
    loss: contest.settings.pointsLoss,
  };
}

type Side = { id?: unknown; result?: unknown; forfeit?: unknown; score?: unknown } | null;

function resultOf(own: Side, other: Side): MatchResult {
  if (own?.result === 'win' || own?.result === 'loss' || own?.result === 'draw') return own.result;
  if (own?.forfeit) return 'loss';
  if (other?.result === 'draw') return 'draw';
  if (other?.result === 'loss' || other?.forfeit) return 'win';
  return 'loss';
}

/** A completed match as the standings read it (null: not completed, or nobody in it). */
export function playedOf(m: MatchRow): PlayedMatch | null {
  if (m.status < MATCH_STATUS.Completed) return null;
  const o1 = m.opponent1 as Side;
  const o2 = m.opponent2 as Side;
  const p1 = typeof o1?.id === 'number' ? o1.id : null;
  const p2 = typeof o2?.id === 'number' ? o2.id : null;
  if (p1 === null && p2 === null) return null;
  if (p1 === null || p2 === null) {
    // A bye: the one present wins.
    return { p1: (p1 ?? p2)!, p2: null, score1: null, score2: null, result1: 'win', result2: null };
  }
  return {
    p1,
    p2,
    score1: typeof o1?.score === 'number' ? o1.score : null,
    score2: typeof o2?.score === 'number' ? o2.score : null,
    result1: resultOf(o1, o2),
    result2: resultOf(o2, o1),
  };
}

/** Participants of a stage's group, from its matches (first appearance order). */
export function groupParticipants(store: BracketStore, groupId: number): number[] {
  const ids = new Set<number>();
  for (const m of store.matches) {
    if (m.group_id !== groupId) continue;
    for (const side of [m.opponent1, m.opponent2]) {
      if (typeof side?.id === 'number') ids.add(side.id);
    }
  }
  return [...ids];
}

/** A round-robin group's standings. */
export function groupStandings(store: BracketStore, groupId: number, points: Points) {
  const played = store.matches
    .filter((m) => m.group_id === groupId)
    .map(playedOf)
    .filter((p): p is PlayedMatch => p !== null && p.p2 !== null);
  return leagueStandings(groupParticipants(store, groupId), played, points, store.disqualified);
}
