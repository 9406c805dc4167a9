// Metrics on numbers, as scikit-learn 1.2 computes them: the square root of
// mean_squared_error, mean_absolute_error, mean_absolute_percentage_error (a fraction) and
// r2_score. Sums are compensated so a million rows agree with numpy's pairwise sums.

import { MetricError } from './errors';
import type { NumberInput } from './input';
import { Sum } from './sum';

function finite(value: number): number {
  if (!Number.isFinite(value)) throw new MetricError('bad_input', 'Every row needs a number');
  return value;
}

export function rmse(input: NumberInput): number {
  const { truth, predicted } = input;
  const total = new Sum();
  for (let i = 0; i < truth.length; i++) {
    const d = finite(truth[i]! - predicted[i]!);
    total.add(d * d);
  }
  return Math.sqrt(total.value / truth.length);
}

export function mae(input: NumberInput): number {
  const { truth, predicted } = input;
  const total = new Sum();
  for (let i = 0; i < truth.length; i++) total.add(Math.abs(finite(truth[i]! - predicted[i]!)));
  return total.value / truth.length;
}

/** numpy's float64 machine epsilon: scikit-learn divides by max(|truth|, this). */
const FLOAT64_EPSILON = 2 ** -52;

/**
 * Mean of |prediction - truth| / |truth|, a fraction (0.12 for 12 %). A true value of exactly 0
 * has no percentage error: refused (scikit-learn would divide by 2^-52 and return a huge
 * number). The organiser's key is checked with the same rule when mape is chosen.
 */
export function mape(input: NumberInput): number {
  const { truth, predicted } = input;
  const total = new Sum();
  for (let i = 0; i < truth.length; i++) {
    const t = truth[i]!;
    if (t === 0) {
      throw new MetricError(
        'zero_truth',
        'MAPE is not defined when a true value is 0: choose another metric or a key without zeros',
      );
    }
    total.add(Math.abs(finite(predicted[i]! - t)) / Math.max(Math.abs(t), FLOAT64_EPSILON));
  }
  return total.value / truth.length;
}

/**
 * 1 - (sum of squared errors) / (sum of squared deviations of the truth from its mean). Refused
 * when every true value is the same (the ratio is 0/0 or x/0; scikit-learn would return 1 or 0).
 */
export function r2(input: NumberInput): number {
  const { truth, predicted } = input;
  const n = truth.length;
  const truthSum = new Sum();
  let constant = true;
  for (let i = 0; i < n; i++) {
    truthSum.add(finite(truth[i]!));
    if (truth[i] !== truth[0]) constant = false;
  }
  if (constant) {
    throw new MetricError(
      'constant_truth',
      'R² is not defined when every true value of the rows scored is the same',
    );
  }
  const mean = truthSum.value / n;
  const residuals = new Sum();
  const deviations = new Sum();
  for (let i = 0; i < n; i++) {
    const e = finite(truth[i]! - predicted[i]!);
    residuals.add(e * e);
    const d = truth[i]! - mean;
    deviations.add(d * d);
  }
  return 1 - residuals.value / deviations.value;
}
