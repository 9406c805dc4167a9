// Quadratic weighted kappa: scikit-learn 1.2's cohen_kappa_score(truth, predicted,
// weights='quadratic'). The ratings are the distinct values of both sides in numeric order, and
// the weight of a disagreement is the square of the distance between their POSITIONS in that
// order (not between the values), as scikit-learn does.

import { MetricError } from './errors';
import type { NumberInput } from './input';

/** More distinct ratings than this is not a rating scale (and would need a huge matrix). */
export const MAX_RATINGS = 1000;

function rating(value: number): number {
  if (!Number.isInteger(value)) {
    throw new MetricError('bad_rating', 'Quadratic weighted kappa needs whole-number ratings');
  }
  return value;
}

export function quadraticWeightedKappa(input: NumberInput): number {
  const { truth, predicted } = input;
  const n = truth.length;
  const distinct = new Set<number>();
  for (let i = 0; i < n; i++) {
    distinct.add(rating(truth[i]!) + 0);
    distinct.add(rating(predicted[i]!) + 0);
    if (distinct.size > MAX_RATINGS) {
      throw new MetricError(
        'bad_rating',
        `Quadratic weighted kappa takes at most ${MAX_RATINGS} distinct ratings`,
      );
    }
  }
  const ratings = Float64Array.from(distinct).sort();
  const position = new Map<number, number>();
  ratings.forEach((value, index) => position.set(value, index));
  const r = ratings.length;
  // confusion[i * r + j]: rows of true rating i predicted as j.
  const confusion = new Float64Array(r * r);
  for (let i = 0; i < n; i++) {
    confusion[position.get(truth[i]! + 0)! * r + position.get(predicted[i]! + 0)!]!++;
  }
  const trueCounts = new Float64Array(r);
  const predictedCounts = new Float64Array(r);
  for (let i = 0; i < r; i++) {
    for (let j = 0; j < r; j++) {
      trueCounts[i]! += confusion[i * r + j]!;
      predictedCounts[j]! += confusion[i * r + j]!;
    }
  }
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < r; i++) {
    for (let j = 0; j < r; j++) {
      const weight = (i - j) * (i - j);
      observed += weight * confusion[i * r + j]!;
      expected += weight * ((trueCounts[i]! * predictedCounts[j]!) / n);
    }
  }
  if (expected === 0) {
    throw new MetricError(
      'one_rating',
      'Quadratic weighted kappa is not defined when the key and the submission hold one and the same rating on every row',
    );
  }
  return 1 - observed / expected;
}
