// Metrics on class labels, as scikit-learn 1.2 computes them: accuracy_score, f1_score
// (average='macro' | 'micro' | 'binary') and the share of rows matching exactly.

import { MetricError } from './errors';
import type { LabelInput } from './input';

function singleColumn(input: LabelInput, metric: string): void {
  if ((input.columns ?? 1) !== 1) {
    throw new MetricError('bad_options', `${metric} needs a single target column`);
  }
}

/** Share of rows whose label is right; a label outside the classes (-1) is wrong. */
export function accuracy(input: LabelInput): number {
  singleColumn(input, 'Accuracy');
  const { truth, predicted } = input;
  let right = 0;
  for (let i = 0; i < truth.length; i++) if (truth[i] === predicted[i]) right++;
  return right / truth.length;
}

/**
 * Share of rows whose every target column equals the key's. With one column it is accuracy;
 * with several, a row counts only when all of them match.
 */
export function exactMatch(input: LabelInput): number {
  const w = input.columns ?? 1;
  const { truth, predicted } = input;
  const rows = truth.length / w;
  let right = 0;
  for (let row = 0; row < rows; row++) {
    let same = true;
    for (let c = row * w; c < row * w + w; c++) {
      if (truth[c] !== predicted[c]) {
        same = false;
        break;
      }
    }
    if (same) right++;
  }
  return right / rows;
}

interface ClassCounts {
  /** Rows of the class predicted as the class. */
  hits: Float64Array;
  /** Rows predicted as the class. */
  predicted: Float64Array;
  /** Rows truly of the class. */
  actual: Float64Array;
}

function classCounts(input: LabelInput, metric: string): ClassCounts {
  singleColumn(input, metric);
  const classes = input.classes.length;
  const counts: ClassCounts = {
    hits: new Float64Array(classes),
    predicted: new Float64Array(classes),
    actual: new Float64Array(classes),
  };
  const { truth, predicted } = input;
  for (let i = 0; i < truth.length; i++) {
    const t = truth[i]!;
    const p = predicted[i]!;
    if (!(t >= 0 && t < classes && p >= 0 && p < classes)) {
      throw new MetricError('bad_input', `${metric} needs a label of the answer key on every row`);
    }
    counts.actual[t]!++;
    counts.predicted[p]!++;
    if (t === p) counts.hits[t]!++;
  }
  return counts;
}

/** F1 of one class: 2·tp / (2·tp + fp + fn); 0 when the class is never true nor predicted. */
function classF1(counts: ClassCounts, c: number): number {
  const denominator = counts.predicted[c]! + counts.actual[c]!;
  return denominator === 0 ? 0 : (2 * counts.hits[c]!) / denominator;
}

/**
 * The mean of the per-class F1 over the classes that occur among the rows (true or predicted),
 * as scikit-learn does without `labels`; a class absent from both is left out, not counted as 0.
 */
export function f1Macro(input: LabelInput): number {
  const counts = classCounts(input, 'F1 (macro)');
  let total = 0;
  let present = 0;
  for (let c = 0; c < input.classes.length; c++) {
    if (counts.predicted[c]! + counts.actual[c]! === 0) continue;
    total += classF1(counts, c);
    present++;
  }
  return total / present;
}

/** F1 of the pooled counts of every class (with every row labelled, it equals accuracy). */
export function f1Micro(input: LabelInput): number {
  const counts = classCounts(input, 'F1 (micro)');
  let hits = 0;
  let sizes = 0;
  for (let c = 0; c < input.classes.length; c++) {
    hits += counts.hits[c]!;
    sizes += counts.predicted[c]! + counts.actual[c]!;
  }
  return (2 * hits) / sizes;
}

/**
 * F1 of the positive label, on two classes. 0 when no row is positive, true or predicted
 * (scikit-learn's zero_division default).
 */
export function f1Binary(input: LabelInput, positiveLabel: string | undefined): number {
  if (positiveLabel === undefined) {
    throw new MetricError('bad_options', 'F1 (binary) needs the positive label');
  }
  if (input.classes.length > 2) {
    throw new MetricError(
      'bad_options',
      `F1 (binary) needs two classes, the answer key has ${input.classes.length}: choose F1 (macro) or F1 (micro)`,
    );
  }
  const positive = input.classes.indexOf(positiveLabel);
  if (positive < 0) {
    throw new MetricError(
      'bad_options',
      `The positive label '${positiveLabel}' is not one of the answer key's labels`,
    );
  }
  return classF1(classCounts(input, 'F1 (binary)'), positive);
}
