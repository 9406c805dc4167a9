// The boards' rules (issue 31 'Boards'), worked by hand: the public board takes each entrant's
// best public score, ties to the earlier submission, in the metric's direction; the private board
// takes the selected submissions (none: the best public ones up to the limit) and ranks their
// best private score the same way.
import { describe, expect, it } from 'vitest';
import {
  finalCandidates,
  privateRanking,
  publicRanking,
} from '../../src/server/domain/submissions/boards';

let nextId = 1;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 12, minute));
function sub(
  participantId: number,
  publicScore: number,
  privateScore: number,
  minute: number,
  selected = false,
) {
  return {
    id: nextId++,
    participantId,
    publicScore,
    privateScore,
    selected,
    createdAt: at(minute),
  };
}

describe('the public board', () => {
  it('ranks each entrant by their best public score, higher first for accuracy', () => {
    const rows = [sub(1, 0.8, 0.7, 1), sub(1, 0.9, 0.6, 2), sub(2, 0.85, 0.9, 3)];
    const board = publicRanking('accuracy', rows);
    expect(board.map((r) => [r.participantId, r.rank, r.score, r.entries])).toEqual([
      [1, 1, 0.9, 2],
      [2, 2, 0.85, 1],
    ]);
  });

  it('breaks a tie with the earlier submission, lower first for rmse', () => {
    const rows = [sub(1, 2.5, 1, 5), sub(2, 2.5, 1, 4), sub(3, 3, 1, 1)];
    expect(publicRanking('rmse', rows).map((r) => r.participantId)).toEqual([2, 1, 3]);
  });
});

describe('the private board', () => {
  it('takes the selected submissions, not the best public one', () => {
    const rows = [sub(1, 0.9, 0.5, 1), sub(1, 0.7, 0.8, 2, true), sub(2, 0.8, 0.7, 3)];
    const board = privateRanking('accuracy', 2, rows);
    expect(board.map((r) => [r.participantId, r.score])).toEqual([
      [1, 0.8],
      [2, 0.7],
    ]);
  });

  it('without a selection, the best public ones up to the limit', () => {
    const rows = [sub(1, 0.9, 0.5, 1), sub(1, 0.8, 0.6, 2), sub(1, 0.7, 0.99, 3)];
    const chosen = finalCandidates('accuracy', 2, rows).get(1)!;
    expect(chosen.map((r) => r.publicScore)).toEqual([0.9, 0.8]);
    expect(privateRanking('accuracy', 2, rows)[0]!.score).toBe(0.6);
  });

  it('shakes up: the public leader can fall', () => {
    const rows = [sub(1, 0.95, 0.6, 1), sub(2, 0.9, 0.8, 2)];
    expect(publicRanking('accuracy', rows)[0]!.participantId).toBe(1);
    expect(privateRanking('accuracy', 1, rows)[0]!.participantId).toBe(2);
  });
});
