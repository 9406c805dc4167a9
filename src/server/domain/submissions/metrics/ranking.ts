// MAP@K as Kaggle computes it (benhamner/Metrics `apk` and `mapk`, the fixture's definition):
// for each row, the precision at each guess (of the first k) that is relevant and not already
// guessed, summed and divided by min(number of relevant labels, k); a row with no relevant label
// scores 0. The score is the mean over rows.

import { MetricError } from './errors';
import type { LabelListInput } from './input';
import { Sum } from './sum';

/** Average precision at k of one row. */
export function averagePrecisionAtK(
  relevant: readonly string[],
  guesses: readonly string[],
  k: number,
): number {
  if (relevant.length === 0) return 0;
  const limit = Math.min(guesses.length, k);
  let hits = 0;
  let score = 0;
  for (let j = 0; j < limit; j++) {
    const guess = guesses[j]!;
    // Lists are short (k is small): a linear search beats building a Set per row.
    if (relevant.includes(guess) && guesses.indexOf(guess) === j) {
      hits++;
      score += hits / (j + 1);
    }
  }
  return score / Math.min(relevant.length, k);
}

export function mapAtK(input: LabelListInput, k: number | undefined): number {
  if (k === undefined || !Number.isInteger(k) || k < 1) {
    throw new MetricError('bad_options', 'MAP@K needs k, a whole number of at least 1');
  }
  const total = new Sum();
  for (let i = 0; i < input.truth.length; i++) {
    total.add(averagePrecisionAtK(input.truth[i]!, input.predicted[i]!, k));
  }
  return total.value / input.truth.length;
}
