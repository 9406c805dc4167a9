// The standings and naming rules as pure functions (issue 19): league tie-breakers in their
// stated order (points, head-to-head, difference, for), shared ranks when everything ties,
// Swiss points then Buchholz with a bye worth a win, the knockout seeding after groups, and
// the names of rounds.
import { describe, expect, it } from 'vitest';
import {
  leagueStandings,
  swissStandings,
  type PlayedMatch,
} from '../../src/server/domain/tournaments/standings';
import { knockoutSlots } from '../../src/server/domain/tournaments/progress';
import { roundName, groupLetterName } from '../../src/server/domain/tournaments/names';

const POINTS = { win: 3, draw: 1, loss: 0 };
const game = (p1: number, p2: number, s1: number, s2: number): PlayedMatch => ({
  p1,
  p2,
  score1: s1,
  score2: s2,
  result1: s1 > s2 ? 'win' : s1 < s2 ? 'loss' : 'draw',
  result2: s2 > s1 ? 'win' : s2 < s1 ? 'loss' : 'draw',
});

describe('leagueStandings', () => {
  it('counts played, won, drawn, lost, for, against, difference and points', () => {
    const rows = leagueStandings([1, 2], [game(1, 2, 3, 1), game(2, 1, 2, 2)], POINTS);
    expect(rows[0]).toMatchObject({
      participantId: 1,
      rank: 1,
      played: 2,
      won: 1,
      drawn: 1,
      lost: 0,
      for: 5,
      against: 3,
      difference: 2,
      points: 4,
    });
    expect(rows[1]).toMatchObject({ participantId: 2, rank: 2, points: 1, difference: -2 });
  });

  it('breaks a tie on points by head-to-head before difference', () => {
    // 1 and 2 both have 6 points; 2 has the better difference, but 1 beat 2.
    const rows = leagueStandings(
      [1, 2, 3, 4],
      [
        game(1, 2, 1, 0),
        game(2, 3, 9, 0),
        game(2, 4, 9, 0),
        game(1, 3, 1, 0),
        game(4, 1, 1, 0),
        game(3, 4, 0, 0),
      ],
      POINTS,
    );
    expect(rows.slice(0, 2).map((r) => [r.participantId, r.points])).toEqual([
      [1, 6],
      [2, 6],
    ]);
  });

  it('then difference, then for; level on everything shares a rank', () => {
    const byDifference = leagueStandings(
      [1, 2, 3],
      [game(1, 3, 3, 0), game(2, 3, 1, 0), game(1, 2, 0, 0)],
      POINTS,
    );
    expect(byDifference.map((r) => r.participantId)).toEqual([1, 2, 3]);
    const byFor = leagueStandings(
      [1, 2, 3],
      [game(1, 3, 3, 2), game(2, 3, 1, 0), game(1, 2, 1, 1)],
      POINTS,
    );
    expect(byFor.map((r) => r.participantId)).toEqual([1, 2, 3]);
    const level = leagueStandings([1, 2], [game(1, 2, 1, 1)], POINTS);
    expect(level.map((r) => r.rank)).toEqual([1, 1]);
  });

  it('uses the contest’s points', () => {
    const rows = leagueStandings([1, 2], [game(1, 2, 1, 1)], { win: 2, draw: 2, loss: 0 });
    expect(rows.map((r) => r.points)).toEqual([2, 2]);
  });
});

describe('swissStandings', () => {
  it('ranks by points, then Buchholz; a bye is a win', () => {
    const bye: PlayedMatch = {
      p1: 4,
      p2: null,
      score1: null,
      score2: null,
      result1: 'win',
      result2: null,
    };
    const rows = swissStandings([1, 2, 3, 4], [game(1, 2, 1, 0), bye, game(3, 4, 1, 0)], POINTS);
    // 1, 3 and 4 have 3 points; 1 met 2 (0 points), 3 met 4 (3 points): 3 before 1; 4 met 3.
    expect(rows.map((r) => [r.participantId, r.points, r.buchholz])).toEqual([
      [3, 3, 3],
      [4, 3, 3],
      [1, 3, 0],
      [2, 0, 3],
    ]);
    expect(rows.map((r) => r.rank)).toEqual([1, 1, 3, 4]);
    expect(rows.find((r) => r.participantId === 4)).toMatchObject({ played: 2, won: 1, lost: 1 });
  });
});

describe('knockoutSlots', () => {
  it('pairs group winners with runners-up of other groups', () => {
    for (const groups of [2, 3, 4, 5, 8]) {
      const qualifiers = [0, 1].map((place) =>
        Array.from({ length: groups }, (_, g) => ({ id: 100 * place + g + 1, group: g })),
      );
      const slots = knockoutSlots(qualifiers);
      const groupOf = (id: number | null) => (id === null ? null : (id % 100) - 1);
      for (let i = 0; i < slots.length; i += 2) {
        const [a, b] = [slots[i]!, slots[i + 1]!];
        if (a !== null && b !== null) expect(groupOf(a)).not.toBe(groupOf(b));
      }
      expect(slots.filter((s) => s !== null)).toHaveLength(2 * groups);
    }
  });
});

describe('names', () => {
  it('names knockout rounds from the end, and groups by letter', () => {
    expect([1, 2, 3, 4].map((n) => roundName('upper', 'single_elimination', n, 4))).toEqual([
      'Round 1',
      'Quarter-finals',
      'Semi-finals',
      'Final',
    ]);
    expect(roundName('final', 'double_elimination', 2, 2)).toBe('Grand final reset');
    expect(roundName('lower', 'double_elimination', 4, 4)).toBe('Lower final');
    expect(groupLetterName(1)).toBe('Group A');
    expect(groupLetterName(27)).toBe('Group 27');
  });
});
