// The words of the bracket screens: a match read out as a sentence (the winner in words, not
// colour alone), byes and places to be decided, ordinals, round labels, the manual seeding move
// and the tie-breaker sentence under a standings table.
import { describe, expect, it } from 'vitest';
import type { TMatch, TMatchSlot } from '../../src/shared/schemas/tournaments';
import {
  matchSummary,
  opponentOf,
  ordinal,
  roundLabel,
  scoreLine,
  slotName,
  winnerSide,
} from '../../src/client/components/tournaments/tournamentDisplay';
import { moveItem } from '../../src/client/components/tournaments/SeedingOrderList';
import { tieBreakerSentence } from '../../src/client/components/tournaments/StandingsTable';

function slot(over: Partial<TMatchSlot> = {}): TMatchSlot {
  return { id: 1, name: 'Alice', score: null, result: null, forfeit: false, teamId: null, ...over };
}

function match(
  participants: [TMatchSlot | null, TMatchSlot | null],
  status: TMatch['status'] = 'completed',
) {
  return { participants, status };
}

describe('matchSummary', () => {
  it('says the score and who won', () => {
    const m = match([
      slot({ score: 2, result: 'win' }),
      slot({ id: 2, name: 'Bob', score: 1, result: 'loss' }),
    ]);
    expect(matchSummary(m)).toBe('Alice 2 – 1 Bob, Alice won');
    expect(winnerSide(m)).toBe(0);
    expect(scoreLine(m)).toBe('Alice 2 – 1 Bob');
  });
  it('says a draw, a forfeit, a bye and a match still to be played', () => {
    expect(
      matchSummary(
        match([
          slot({ score: 1, result: 'draw' }),
          slot({ id: 2, name: 'Bob', score: 1, result: 'draw' }),
        ]),
      ),
    ).toBe('Alice 1 – 1 Bob, draw');
    expect(
      matchSummary(
        match([
          slot({ forfeit: true, result: 'loss' }),
          slot({ id: 2, name: 'Bob', result: 'win' }),
        ]),
      ),
    ).toBe('Alice vs Bob, Alice forfeited, Bob won');
    expect(matchSummary(match([slot(), null]))).toBe('Alice has a bye');
    expect(matchSummary(match([slot(), slot({ id: null, name: null })], 'waiting'))).toBe(
      'Alice vs TBD, waiting',
    );
  });
  it('names the sides', () => {
    expect(slotName(null)).toBe('BYE');
    expect(slotName(slot({ id: null, name: null }))).toBe('TBD');
    expect(opponentOf(match([slot(), slot({ id: 2, name: 'Bob' })]), 0)).toBe('Bob');
  });
});

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [102, '102nd'],
  ])('%i is %s', (n, text) => expect(ordinal(n)).toBe(text));
});

describe('roundLabel', () => {
  it('names a group by its letter and leaves other parts to the round name', () => {
    expect(roundLabel({ part: 'group', group: 2, roundName: 'Round 1' })).toBe('Group B, Round 1');
    expect(roundLabel({ part: 'lower', group: 2, roundName: 'Lower round 2' })).toBe(
      'Lower round 2',
    );
  });
});

describe('moveItem', () => {
  it('moves one item and keeps the others in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});

describe('tieBreakerSentence', () => {
  it('states the order', () => {
    expect(tieBreakerSentence(['points', 'head-to-head', 'difference', 'for'])).toBe(
      'Ties are broken by points, then head-to-head, then difference, then for.',
    );
    expect(tieBreakerSentence([])).toBe('');
  });
});
