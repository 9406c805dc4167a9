// The scoring metrics of submission contests (issue 31) against scikit-learn's figures in
// tests/fixtures/scoring (every metric of every case, on all rows and on each split, to 1e-9
// relative), plus small cases worked by hand: perfect and worst predictions, ties, and the
// inputs on which a metric has no value.

import { describe, expect, it } from 'vitest';
import {
  computeMetric,
  MetricError,
  selectRows,
  type MetricErrorCode,
} from '../../src/server/domain/submissions/metrics';
import { METRIC_INFO, METRICS, type MetricName } from '../../src/shared/submissions';
import { loadScoringCase, scoringCases, type Part } from '../helpers/scoringFixtures';

function expectRelative(actual: number, expected: number): void {
  const scale = Math.max(Math.abs(expected), Number.MIN_VALUE);
  expect(Math.abs(actual - expected) / scale, `${actual} vs ${expected}`).toBeLessThanOrEqual(1e-9);
}

function expectMetricError(run: () => number, code: MetricErrorCode): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(MetricError);
  expect((caught as MetricError).code).toBe(code);
  // A sentence for a member, not a code.
  expect((caught as MetricError).message).toMatch(/^[A-Z].{20,}/);
}

describe('metric fixtures (scikit-learn 1.2)', () => {
  const covered = new Set<MetricName>();
  for (const name of scoringCases()) {
    const fixture = loadScoringCase(name);
    for (const [metric, figures] of Object.entries(fixture.expected) as [
      MetricName,
      Record<Part, number>,
    ][]) {
      covered.add(metric);
      it(`${name}: ${metric} on all, public and private rows`, () => {
        const input = fixture.input(metric);
        for (const part of ['all', 'public', 'private'] as const) {
          const rows = selectRows(input, fixture.rows[part]);
          expectRelative(computeMetric(metric, rows, fixture.options), figures[part]);
        }
      });
    }
  }

  it('cover every metric', () => {
    expect([...covered].sort()).toEqual([...METRICS].sort());
  });
});

const labels = (classes: string[], truth: string[], predicted: string[]) => ({
  kind: 'label' as const,
  classes,
  truth: Int32Array.from(truth, (t) => classes.indexOf(t)),
  predicted: Int32Array.from(predicted, (p) => classes.indexOf(p)),
});
const probability = (truth: number[], predicted: number[]) => ({
  kind: 'probability' as const,
  truth: Uint8Array.from(truth),
  predicted: Float64Array.from(predicted),
});
const numbers = (truth: number[], predicted: number[]) => ({
  kind: 'number' as const,
  truth: Float64Array.from(truth),
  predicted: Float64Array.from(predicted),
});

describe('computeMetric on small cases worked by hand', () => {
  it('classification: perfect, worst, and per-class F1', () => {
    const perfect = labels(['a', 'b'], ['a', 'b', 'b'], ['a', 'b', 'b']);
    const worst = labels(['a', 'b'], ['a', 'b', 'b'], ['b', 'a', 'a']);
    for (const metric of ['accuracy', 'f1_macro', 'f1_micro', 'exact_match'] as const) {
      expect(computeMetric(metric, perfect)).toBe(1);
      expect(computeMetric(metric, worst)).toBe(0);
    }
    expect(computeMetric('f1_binary', perfect, { positiveLabel: 'b' })).toBe(1);
    expect(computeMetric('f1_binary', worst, { positiveLabel: 'b' })).toBe(0);

    // a: tp 1, 1 predicted, 2 true -> 2/3; b: tp 1, 3 predicted, 1 true -> 1/2; c: 0.
    const mixed = labels(['a', 'b', 'c', 'd'], ['a', 'a', 'b', 'c'], ['a', 'b', 'b', 'b']);
    // d occurs nowhere: left out of the mean, as scikit-learn does without `labels`.
    expect(computeMetric('f1_macro', mixed)).toBeCloseTo((2 / 3 + 1 / 2 + 0) / 3, 15);
    expect(computeMetric('f1_micro', mixed)).toBe(0.5);
    expect(computeMetric('accuracy', mixed)).toBe(0.5);
    // A label outside the key's classes is simply wrong for accuracy.
    expect(computeMetric('accuracy', labels(['a'], ['a', 'a'], ['a', 'zebra']))).toBe(0.5);
  });

  it('exact_match with several target columns needs every column right', () => {
    const input = {
      kind: 'label' as const,
      classes: ['x', 'y'],
      columns: 2,
      truth: Int32Array.from([0, 1, 0, 0, 1, 1]),
      predicted: Int32Array.from([0, 1, 0, 1, -1, 1]),
    };
    expect(computeMetric('exact_match', input)).toBe(1 / 3);
    expectMetricError(() => computeMetric('accuracy', input), 'bad_options');
  });

  it('f1_binary: the positive label is required and must be a class; no positive row gives 0', () => {
    const input = labels(['0', '1'], ['0', '0'], ['0', '0']);
    expect(computeMetric('f1_binary', input, { positiveLabel: '1' })).toBe(0);
    expectMetricError(() => computeMetric('f1_binary', input), 'bad_options');
    expectMetricError(
      () => computeMetric('f1_binary', input, { positiveLabel: 'yes' }),
      'bad_options',
    );
    const three = labels(['a', 'b', 'c'], ['a', 'b', 'c'], ['a', 'b', 'c']);
    expectMetricError(
      () => computeMetric('f1_binary', three, { positiveLabel: 'a' }),
      'bad_options',
    );
  });

  it('roc_auc: perfect 1, worst 0, ties half, one class refused', () => {
    expect(computeMetric('roc_auc', probability([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9]))).toBe(1);
    expect(computeMetric('roc_auc', probability([0, 0, 1, 1], [0.9, 0.8, 0.2, 0.1]))).toBe(0);
    // scikit-learn's documented example.
    expect(computeMetric('roc_auc', probability([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]))).toBe(0.75);
    // Pairs (positive, negative): (0.5, 0.5) half, the three others won: 3.5 / 4.
    expect(computeMetric('roc_auc', probability([0, 1, 0, 1], [0.5, 0.5, 0.2, 0.9]))).toBe(0.875);
    // Every score equal: a coin; -0 and 0 are the same score.
    expect(computeMetric('roc_auc', probability([0, 1, 0, 1], [-0, 0, 0, -0]))).toBe(0.5);
    expectMetricError(() => computeMetric('roc_auc', probability([1, 1], [0.2, 0.9])), 'one_class');
  });

  it('logloss: clipped at 1e-15, rows renormalised', () => {
    // Sure and wrong: -ln(1e-15) = 15 ln 10.
    expect(computeMetric('logloss', probability([1], [0]))).toBeCloseTo(15 * Math.LN10, 12);
    // The other way round, 1 is clipped to the double nearest 1 - 1e-15, which leaves 1.11e-15
    // (not 1e-15) to the true class, as it does in numpy.
    expect(computeMetric('logloss', probability([0], [1]))).toBe(-Math.log(1 - (1 - 1e-15)));
    // Sure and right: the clip leaves about 1e-15, not 0.
    const perfect = computeMetric('logloss', probability([1, 0], [1, 0]));
    expect(perfect).toBeGreaterThan(0);
    expect(perfect).toBeLessThan(2e-15);
    expect(computeMetric('logloss', probability([1, 0], [0.5, 0.5]))).toBeCloseTo(Math.LN2, 15);
    // Multi-class: rows [0.2, 0.2, 0.4] and [1, 1, 2] both become [1/4, 1/4, 1/2] (true: last).
    const multi = {
      kind: 'probabilities' as const,
      classes: ['a', 'b', 'c'],
      truth: Int32Array.from([2, 2]),
      predicted: Float64Array.from([0.2, 0.2, 0.4, 0.25, 0.25, 0.5]),
    };
    expect(computeMetric('logloss', multi)).toBeCloseTo(Math.LN2, 15);
    expectMetricError(() => computeMetric('logloss', probability([1], [1.5])), 'bad_input');
  });

  it('regression: rmse, mae, mape, r2 by hand; perfect; degenerate truths refused', () => {
    const input = numbers([1, 2, 3], [1, 2, 5]);
    expect(computeMetric('rmse', input)).toBe(Math.sqrt(4 / 3));
    expect(computeMetric('mae', input)).toBe(2 / 3);
    expect(computeMetric('mape', input)).toBeCloseTo(2 / 9, 15);
    // Mean 2, squared deviations 2, squared errors 4: 1 - 4/2.
    expect(computeMetric('r2', input)).toBe(-1);
    const perfect = numbers([1, 2, 3], [1, 2, 3]);
    expect(computeMetric('rmse', perfect)).toBe(0);
    expect(computeMetric('mae', perfect)).toBe(0);
    expect(computeMetric('mape', perfect)).toBe(0);
    expect(computeMetric('r2', perfect)).toBe(1);

    expectMetricError(() => computeMetric('r2', numbers([4, 4, 4], [4, 4, 4])), 'constant_truth');
    expectMetricError(() => computeMetric('mape', numbers([1, 0], [1, 0])), 'zero_truth');
    expectMetricError(() => computeMetric('rmse', numbers([1], [Number.NaN])), 'bad_input');
  });

  it('quadratic_weighted_kappa: by hand, by position of the ratings, one rating refused', () => {
    // Two ratings: weighted and plain kappa agree: (3/4 - 1/2) / (1 - 1/2).
    expect(computeMetric('quadratic_weighted_kappa', numbers([0, 0, 1, 1], [0, 1, 1, 1]))).toBe(
      0.5,
    );
    expect(computeMetric('quadratic_weighted_kappa', numbers([0, 5, 10], [0, 5, 10]))).toBe(1);
    // Ratings 0, 1, 10: 10 is the third rating, at distance 1 from 1 (scikit-learn's weights).
    // Observed: one (1, 10) pair, weight 1. Expected: true counts [1, 2, 0], predicted [1, 1, 1],
    // weights (0,1)=1, (0,2)=4, (1,0)=1, (1,2)=1 -> (1 + 4 + 2 + 2) / 3 = 3.
    expect(computeMetric('quadratic_weighted_kappa', numbers([0, 1, 1], [0, 1, 10]))).toBeCloseTo(
      1 - 1 / 3,
      15,
    );
    expectMetricError(
      () => computeMetric('quadratic_weighted_kappa', numbers([3, 3], [3, 3])),
      'one_rating',
    );
    expectMetricError(
      () => computeMetric('quadratic_weighted_kappa', numbers([1, 2], [1, 2.5])),
      'bad_rating',
    );
  });

  it('map_at_k: Kaggle apk by hand', () => {
    const lists = (truth: string[][], predicted: string[][]) => ({
      kind: 'label_list' as const,
      truth,
      predicted,
    });
    // Hits at ranks 1 and 3: (1/1 + 2/3) / 2; a repeated guess counts once.
    expect(computeMetric('map_at_k', lists([['a', 'b']], [['a', 'x', 'b']]), { k: 3 })).toBe(
      (1 + 2 / 3) / 2,
    );
    expect(computeMetric('map_at_k', lists([['a', 'b']], [['a', 'a', 'b']]), { k: 3 })).toBe(
      (1 + 2 / 3) / 2,
    );
    // Over min(relevant, k): one guess, k = 1, right -> 1. Guesses past k do not count.
    expect(computeMetric('map_at_k', lists([['a', 'b']], [['a', 'b']]), { k: 1 })).toBe(1);
    expect(computeMetric('map_at_k', lists([['b']], [['a', 'b']]), { k: 1 })).toBe(0);
    // A row with nothing relevant scores 0; the mean is over rows.
    expect(computeMetric('map_at_k', lists([[], ['a']], [['a'], ['a']]), { k: 2 })).toBe(0.5);
    expectMetricError(() => computeMetric('map_at_k', lists([['a']], [['a']])), 'bad_options');
    expectMetricError(
      () => computeMetric('map_at_k', lists([['a']], [['a']]), { k: 0 }),
      'bad_options',
    );
  });

  it('refuses no rows, unequal lengths and a target of the wrong kind', () => {
    expectMetricError(() => computeMetric('rmse', numbers([], [])), 'empty');
    expectMetricError(() => computeMetric('rmse', numbers([1, 2], [1])), 'bad_input');
    expectMetricError(() => computeMetric('rmse', probability([1], [1])), 'bad_options');
  });

  it('every metric names a direction, targets and a label', () => {
    for (const metric of METRICS) {
      expect(METRIC_INFO[metric].label).not.toBe('');
      expect(METRIC_INFO[metric].targets.length).toBeGreaterThan(0);
    }
  });
});
