// Standings tables, as pure functions of the results: a league's or a group's (played, won,
// drawn, lost, for, against, difference, points; ranked by points, then head-to-head points
// among the tied, then difference, then for), and Swiss (points, then Buchholz: the sum of the
// opponents' points). Participants level on every tie-breaker share a rank.
import type { MatchResult } from '../../../shared/tournaments';

export interface Points {
  win: number;
  draw: number;
  loss: number;
}

/** One completed match between two participants (a bye has `p2` null: a win for `p1`). */
export interface PlayedMatch {
  p1: number;
  p2: number | null;
  score1: number | null;
  score2: number | null;
  result1: MatchResult;
  result2: MatchResult | null;
}

export interface StandingRow {
  participantId: number;
  rank: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  for: number;
  against: number;
  difference: number;
  points: number;
  /** Swiss only. */
  buchholz: number | null;
  /** Disqualified by an organiser: ranked last of the table. */
  disqualified?: true;
}

function emptyRow(participantId: number): StandingRow {
  return {
    participantId,
    rank: 0,
    played: 0,
    won: 0,
    drawn: 0,
    lost: 0,
    for: 0,
    against: 0,
    difference: 0,
    points: 0,
    buchholz: null,
  };
}

function pointsOf(result: MatchResult, points: Points): number {
  return result === 'win' ? points.win : result === 'draw' ? points.draw : points.loss;
}

function record(row: StandingRow, result: MatchResult, own: number, other: number, points: Points) {
  row.played += 1;
  if (result === 'win') row.won += 1;
  else if (result === 'draw') row.drawn += 1;
  else row.lost += 1;
  row.for += own;
  row.against += other;
  row.difference = row.for - row.against;
  row.points += pointsOf(result, points);
}

/** The table rows of these participants from these matches (unranked, in participant order). */
export function tally(
  participants: readonly number[],
  matches: readonly PlayedMatch[],
  points: Points,
): Map<number, StandingRow> {
  const rows = new Map(participants.map((id) => [id, emptyRow(id)]));
  for (const m of matches) {
    const r1 = rows.get(m.p1);
    if (m.p2 === null) {
      // A bye: a win without scores.
      if (r1) record(r1, 'win', 0, 0, points);
      continue;
    }
    const r2 = rows.get(m.p2);
    if (r1) record(r1, m.result1, m.score1 ?? 0, m.score2 ?? 0, points);
    if (r2 && m.result2) record(r2, m.result2, m.score2 ?? 0, m.score1 ?? 0, points);
  }
  return rows;
}

/**
 * A disqualified player is placed last of those still in (after everyone not disqualified,
 * whatever their points): the rows in that order, theirs marked. Stable, so each part keeps the
 * order of its tie-breakers.
 */
function disqualifiedLast(list: StandingRow[], disqualified: ReadonlySet<number>): StandingRow[] {
  if (!disqualified.size) return list;
  for (const row of list) if (disqualified.has(row.participantId)) row.disqualified = true;
  return [...list.filter((r) => !r.disqualified), ...list.filter((r) => r.disqualified)];
}

/**
 * A table's order and ranks: by `key` (each figure higher first, in turn), the disqualified last,
 * then competition ranking (1, 2, 2, 4) of those level on every figure.
 */
function rankByKeys(
  list: StandingRow[],
  key: (row: StandingRow) => number[],
  disqualified: ReadonlySet<number>,
): StandingRow[] {
  list.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i]! - ka[i]!;
    return 0;
  });
  const rows = disqualifiedLast(list, disqualified);
  const level = (a: StandingRow, b: StandingRow) =>
    a.disqualified === b.disqualified && key(a).every((v, i) => v === key(b)[i]);
  rows.forEach((row, i) => {
    row.rank = i > 0 && level(rows[i - 1]!, row) ? rows[i - 1]!.rank : i + 1;
  });
  return rows;
}

/**
 * The ranked table of one kind: the tally, then the kind's own figures to rank by, in turn, worked
 * out from the tallied rows (and the matches, for tie-breakers among the tied).
 */
function standingsBy(
  rankKeys: (
    rows: Map<number, StandingRow>,
    matches: readonly PlayedMatch[],
    points: Points,
  ) => (row: StandingRow) => number[],
) {
  return (
    participants: readonly number[],
    matches: readonly PlayedMatch[],
    points: Points,
    disqualified: ReadonlySet<number> = new Set(),
  ): StandingRow[] => {
    const rows = tally(participants, matches, points);
    return rankByKeys([...rows.values()], rankKeys(rows, matches, points), disqualified);
  };
}

/**
 * A league's or a group's table: points, then the points of the matches among those level on
 * points (head-to-head), then goal difference, then goals for.
 */
export const leagueStandings = standingsBy((rows, matches, points) => {
  // Head-to-head points inside each group level on points.
  const headToHead = new Map<number, number>();
  const byPoints = new Map<number, number[]>();
  for (const row of rows.values()) {
    const level = byPoints.get(row.points);
    if (level) level.push(row.participantId);
    else byPoints.set(row.points, [row.participantId]);
  }
  for (const level of byPoints.values()) {
    if (level.length < 2) {
      headToHead.set(level[0]!, 0);
      continue;
    }
    const members = new Set(level);
    const among = matches.filter((m) => m.p2 !== null && members.has(m.p1) && members.has(m.p2));
    const mini = tally(level, among, points);
    for (const id of level) headToHead.set(id, mini.get(id)!.points);
  }
  return (r) => [r.points, headToHead.get(r.participantId)!, r.difference, r.for];
});

/** Swiss: points, then Buchholz (the sum of the points of everyone met; a bye adds nothing). */
export const swissStandings = standingsBy((rows, matches) => {
  for (const row of rows.values()) row.buchholz = 0;
  for (const m of matches) {
    if (m.p2 === null) continue;
    const r1 = rows.get(m.p1);
    const r2 = rows.get(m.p2);
    if (r1 && r2) {
      r1.buchholz! += r2.points;
      r2.buchholz! += r1.points;
    }
  }
  return (r) => [r.points, r.buchholz!];
});
