// What a metric reads: the key's answers and a submission's predictions, already aligned by id
// (row i of `truth` and row i of `predicted` belong to the same id) and already checked by the
// submission checker. Laid out for a million rows: typed arrays, labels as codes into a class
// list, multi-class probabilities as one row-major array. `kind` is the metric's target
// (MetricTarget in src/shared/submissions.ts).

import { MetricError } from './errors';

/** Class labels as codes: `classes[code]` is the label's text. */
export interface LabelInput {
  kind: 'label';
  classes: readonly string[];
  /** The key's label codes, rows x columns, row-major. */
  truth: Int32Array;
  /**
   * The submission's label codes, the same layout; -1 is a label outside `classes` (allowed for
   * accuracy and exact_match, where it is simply wrong).
   */
  predicted: Int32Array;
  /** Target columns per row (default 1); only exact_match takes more than one. */
  columns?: number;
}

/** Binary probabilities: `truth[i]` is 1 when row i is of the positive class, else 0. */
export interface ProbabilityInput {
  kind: 'probability';
  truth: Uint8Array;
  /** The probability (or any score, for roc_auc) of the positive class. */
  predicted: Float64Array;
}

/** Multi-class probabilities in Kaggle's layout: one column per class. */
export interface ProbabilitiesInput {
  kind: 'probabilities';
  classes: readonly string[];
  /** The code of each row's true class. */
  truth: Int32Array;
  /** rows x classes.length, row-major: `predicted[i * classes.length + c]` is P(row i is class c). */
  predicted: Float64Array;
}

export interface NumberInput {
  kind: 'number';
  truth: Float64Array;
  predicted: Float64Array;
}

/** Space-separated labels, split: the key's relevant labels, the submission's guesses best first. */
export interface LabelListInput {
  kind: 'label_list';
  truth: readonly (readonly string[])[];
  predicted: readonly (readonly string[])[];
}

export type MetricInput =
  LabelInput | ProbabilityInput | ProbabilitiesInput | NumberInput | LabelListInput;

/** Values per row of `predicted` (and of `truth`, except for probabilities). */
function width(input: MetricInput): number {
  if (input.kind === 'label') return input.columns ?? 1;
  if (input.kind === 'probabilities') return input.classes.length;
  return 1;
}

/** How many rows the input holds. */
export function rowCount(input: MetricInput): number {
  return input.kind === 'probabilities' ? input.truth.length : input.truth.length / width(input);
}

/** Copies the given rows of `from` (each `w` values wide) into `into`, in their order. */
function copyRows<A extends { [index: number]: number }>(
  into: A,
  from: ArrayLike<number>,
  rows: ArrayLike<number>,
  w = 1,
): A {
  for (let i = 0; i < rows.length; i++) {
    const start = rows[i]! * w;
    for (let c = 0; c < w; c++) into[i * w + c] = from[start + c]!;
  }
  return into;
}

/**
 * The same input restricted to the given rows, in their order (the public or the private part of
 * the key). Copies: a million rows cost a few megabytes.
 */
export function selectRows(input: MetricInput, rows: ArrayLike<number>): MetricInput {
  const n = rows.length;
  switch (input.kind) {
    case 'label': {
      const w = input.columns ?? 1;
      return {
        ...input,
        truth: copyRows(new Int32Array(n * w), input.truth, rows, w),
        predicted: copyRows(new Int32Array(n * w), input.predicted, rows, w),
      };
    }
    case 'probability': {
      return {
        ...input,
        truth: copyRows(new Uint8Array(n), input.truth, rows),
        predicted: copyRows(new Float64Array(n), input.predicted, rows),
      };
    }
    case 'probabilities': {
      const w = input.classes.length;
      return {
        ...input,
        truth: copyRows(new Int32Array(n), input.truth, rows),
        predicted: copyRows(new Float64Array(n * w), input.predicted, rows, w),
      };
    }
    case 'number': {
      return {
        ...input,
        truth: copyRows(new Float64Array(n), input.truth, rows),
        predicted: copyRows(new Float64Array(n), input.predicted, rows),
      };
    }
    case 'label_list':
      return {
        ...input,
        truth: Array.from(rows, (row) => input.truth[row]!),
        predicted: Array.from(rows, (row) => input.predicted[row]!),
      };
  }
}

/**
 * Refuses inputs whose shapes disagree or that hold no rows; returns the row count. Values
 * (codes in range, finite numbers) are checked by each metric as it reads them.
 */
export function checkShape(input: MetricInput): number {
  const w = width(input);
  if (!Number.isInteger(w) || w < 1) {
    throw new MetricError('bad_input', 'The answer key needs at least one target column');
  }
  const truthLength = input.kind === 'probabilities' ? input.truth.length * w : input.truth.length;
  if (
    truthLength !== input.predicted.length ||
    input.truth.length % (input.kind === 'label' ? w : 1) !== 0
  ) {
    throw new MetricError('bad_input', 'The submission and the answer key differ in rows');
  }
  const n = rowCount(input);
  if (n === 0) throw new MetricError('empty', 'There are no rows to score');
  return n;
}
