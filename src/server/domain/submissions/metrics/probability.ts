// Metrics on probabilities, as scikit-learn 1.2 computes them: log_loss (binary and
// multi-class) and roc_auc_score (binary).

import { MetricError } from './errors';
import type { ProbabilitiesInput, ProbabilityInput } from './input';
import { Sum } from './sum';

/** scikit-learn's log_loss clips each probability to [EPS, 1 - EPS] (its `eps=1e-15`). */
const EPS = 1e-15;
const ONE_MINUS_EPS = 1 - EPS;

function clip(p: number): number {
  if (!(p >= 0 && p <= 1)) {
    throw new MetricError('bad_input', 'Log loss needs probabilities between 0 and 1');
  }
  return p < EPS ? EPS : p > ONE_MINUS_EPS ? ONE_MINUS_EPS : p;
}

/**
 * Binary log loss: the row's probabilities are [1 - p, p] after clipping p, divided by their
 * sum (scikit-learn's renormalisation), then the mean of -ln(probability of the true class).
 */
export function binaryLogLoss(input: ProbabilityInput): number {
  const { truth, predicted } = input;
  const total = new Sum();
  for (let i = 0; i < truth.length; i++) {
    const p = clip(predicted[i]!);
    const q = 1 - p;
    total.add(-Math.log((truth[i] === 1 ? p : q) / (q + p)));
  }
  return total.value / truth.length;
}

/**
 * Multi-class log loss: each probability clipped, each row divided by its sum, then the mean of
 * -ln(probability of the true class).
 */
export function multiClassLogLoss(input: ProbabilitiesInput): number {
  const { truth, predicted } = input;
  const classes = input.classes.length;
  const total = new Sum();
  for (let i = 0; i < truth.length; i++) {
    const t = truth[i]!;
    if (!(t >= 0 && t < classes)) {
      throw new MetricError('bad_input', 'Log loss needs a class of the answer key on every row');
    }
    const start = i * classes;
    // numpy sums a row of fewer than 8 values left to right; beyond, the error is still ~1e-16.
    let rowSum = 0;
    for (let c = start; c < start + classes; c++) rowSum += clip(predicted[c]!);
    total.add(-Math.log(clip(predicted[start + t]!) / rowSum));
  }
  return total.value / truth.length;
}

/**
 * Area under the ROC curve: the chance that a random positive row scores above a random negative
 * one, ties counting half, which equals scikit-learn's trapezoid over its curve. Sorts the
 * positives' and the negatives' scores once each (typed-array sorts, no comparator) and walks
 * them together: O(n log n). The count 2·U stays an exact integer below 2^53 up to about 10^8
 * rows, so the only rounding is the final division.
 */
export function rocAuc(input: ProbabilityInput): number {
  const { truth, predicted } = input;
  const n = truth.length;
  let positives = 0;
  for (let i = 0; i < n; i++) if (truth[i] === 1) positives++;
  const negatives = n - positives;
  if (positives === 0 || negatives === 0) {
    throw new MetricError(
      'one_class',
      'ROC AUC is not defined when the rows scored hold only one of the two classes',
    );
  }
  const pos = new Float64Array(positives);
  const neg = new Float64Array(negatives);
  for (let i = 0, p = 0, q = 0; i < n; i++) {
    const score = predicted[i]!;
    if (Number.isNaN(score))
      throw new MetricError('bad_input', 'ROC AUC needs a number on every row');
    // + 0 turns -0 into 0, which a typed-array sort would otherwise order before 0.
    if (truth[i] === 1) pos[p++] = score + 0;
    else neg[q++] = score + 0;
  }
  pos.sort();
  neg.sort();
  let twiceU = 0;
  let below = 0; // negatives scoring below the current positive score
  for (let i = 0; i < positives;) {
    const score = pos[i]!;
    let end = i + 1;
    while (end < positives && pos[end] === score) end++;
    while (below < negatives && neg[below]! < score) below++;
    let tied = below;
    while (tied < negatives && neg[tied] === score) tied++;
    twiceU += (end - i) * (2 * below + (tied - below));
    below = tied;
    i = end;
  }
  return twiceU / (2 * positives * negatives);
}
