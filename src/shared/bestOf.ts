// Best-of-N matches (issue 29): a tournament plays each match as best of 1, 3, 5 or 7 games
// (optionally another N for its final rounds), and a result of a best-of-N match is reported
// with each game's scores. One rule, here, checks that a report agrees with N: the server refuses
// what it says is wrong and the report dialog says the same before sending.
import type { ScorePair } from './tournaments';

export const BEST_OF_VALUES = [1, 3, 5, 7] as const;
export type BestOf = (typeof BEST_OF_VALUES)[number];

export const BEST_OF_LABELS: Record<BestOf, string> = {
  1: 'Best of 1',
  3: 'Best of 3',
  5: 'Best of 5',
  7: 'Best of 7',
};

/** `finalsBestOf` 0: the final rounds are played like the others. */
export const FINALS_SAME = 0;

/** The N of a match: the finals' own where it is set and the match is in the final rounds. */
export function bestOfFor(
  settings: { bestOf?: number; finalsBestOf?: number },
  inFinalRounds: boolean,
): number {
  const base = settings.bestOf ?? 1;
  const finals = settings.finalsBestOf ?? FINALS_SAME;
  return inFinalRounds && finals !== FINALS_SAME ? finals : base;
}

/** Games a participant must win to take a best-of-N match: ceil(N/2). */
export function gamesToWin(bestOf: number): number {
  return Math.ceil(bestOf / 2);
}

/**
 * Why a reported result disagrees with its match's best-of-N, or null when it agrees. A best of 1
 * takes the match's scores only (its points, goals, rounds); a longer match takes every game's
 * scores in order: at most N games, each with a winner, the winner first to ceil(N/2) game wins
 * (no game after that), and the match's scores are the games each side won.
 */
export function bestOfProblem(
  bestOf: number,
  scores: Readonly<ScorePair>,
  games: readonly Readonly<ScorePair>[] | null | undefined,
): string | null {
  if (bestOf <= 1) {
    return games && games.length > 0
      ? 'This match is best of 1: give its score only, without games'
      : null;
  }
  const need = gamesToWin(bestOf);
  if (!games || games.length === 0) {
    return `This match is best of ${bestOf}: give the score of each game played`;
  }
  if (games.length > bestOf) {
    return `This match is best of ${bestOf}: at most ${bestOf} games are played`;
  }
  const won: ScorePair = [0, 0];
  for (const [i, [a, b]] of games.entries()) {
    if (won[0] === need || won[1] === need) {
      return `Game ${i + 1} cannot be played: the match was won after game ${i}`;
    }
    if (a === b) return `Game ${i + 1} has no winner: one side must score more`;
    won[a > b ? 0 : 1] += 1;
  }
  if (won[0] !== need && won[1] !== need) {
    return `This match is best of ${bestOf}: the winner takes ${need} games`;
  }
  if (scores[0] !== won[0] || scores[1] !== won[1]) {
    return `The match's score is the games each side won: ${won[0]}-${won[1]}`;
  }
  return null;
}

/** The match's scores from its games (games won by each side). */
export function scoresFromGames(games: readonly Readonly<ScorePair>[]): ScorePair {
  const won: ScorePair = [0, 0];
  for (const [a, b] of games) if (a !== b) won[a > b ? 0 : 1] += 1;
  return won;
}
