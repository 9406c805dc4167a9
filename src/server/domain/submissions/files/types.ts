// What reading an answer key or a submission file gives back (issue 31): aligned columns in
// compact arrays ready for the metrics, or every problem found, each with its line. These are
// plain data (typed arrays and arrays), so they cross a worker thread's postMessage as they are.
import type { IdIndex } from './idIndex';

export type { IdIndex };

/** What a target column holds. */
export type TargetKind =
  /** a class label per row (text or numbers: 'cat', '3'); accuracy, F1, kappa */
  | 'label'
  /** binary: the key holds 0 or 1, a submission a probability of 1 in [0, 1]; AUC, log loss */
  | 'probability'
  /** multi-class, Kaggle's layout: one column per class; the key one-hot, a submission a
   * probability per class, each row summing to 1 */
  | 'probabilities'
  /** a finite number; RMSE, MAE, MAPE, R² */
  | 'number'
  /** space-separated labels, in order for a prediction; MAP@k */
  | 'label_list';

/** One thing wrong with a file: its line (1 is the header), or null for the file as a whole. */
export interface FileProblem {
  line: number | null;
  message: string;
}

/** A file that does not pass: the first problems (at most 100 by default) and how many in all. */
export interface FileRefusal {
  ok: false;
  problems: FileProblem[];
  total: number;
}

/** Numbers per row: the truth or a prediction of a 'number' column. */
export interface NumberColumn {
  kind: 'number';
  column: string;
  values: Float64Array;
}

/** Binary: 0 or 1 in the key, the probability of 1 (within [0, 1]) in a submission. */
export interface ProbabilityColumn {
  kind: 'probability';
  column: string;
  values: Float64Array;
}

/** Codes index `classes`, the key's classes of the column (numbers in numeric order when every
 * class is a number, otherwise text in code-unit order, as numpy's unique sorts). */
export interface LabelColumn {
  kind: 'label';
  column: string;
  codes: Int32Array;
  classes: readonly string[];
}

/** Labels per row (a prediction's in its order). */
export interface LabelListColumn {
  kind: 'label_list';
  column: string;
  lists: readonly (readonly string[])[];
}

/** Multi-class: `classes` are the class columns in the key's order, `columns` the same names. */
interface ClassColumns {
  kind: 'probabilities';
  columns: readonly string[];
  classes: readonly string[];
}

/** The truth of one target column of the key, row i being the key's row i; for
 * 'probabilities', the true class of each row, indexing `classes`. */
export type TruthColumn =
  | NumberColumn
  | ProbabilityColumn
  | LabelColumn
  | (ClassColumns & { codes: Int32Array })
  | LabelListColumn;

/** A submission's predictions for one target column, row i being the key's row i; for
 * 'probabilities', row-major, rows × classes: values[i * classes.length + c]. */
export type PredictionColumn =
  | NumberColumn
  | ProbabilityColumn
  | LabelColumn
  | (ClassColumns & { values: Float64Array })
  | LabelListColumn;

/** How a row came to be public or private. */
export type SplitSource = 'column' | 'hash';

export interface AnswerKey {
  kind: TargetKind;
  idColumn: string;
  /** the target columns read (for 'probabilities', the class columns) */
  targetColumns: readonly string[];
  /** how many rows the key has */
  rows: number;
  /** the ids in the key's row order, found by bytes (findId) or text (findIdText), read back with
   * idAt; not a Map of strings, several times slower to fill and probe on a million rows */
  ids: IdIndex;
  /** one per target column (a single one for 'probabilities') */
  truth: readonly TruthColumn[];
  /** 1 where the row is public, 0 where private */
  publicMask: Uint8Array;
  publicCount: number;
  split: SplitSource;
}

export type AnswerKeyResult = { ok: true; key: AnswerKey } | FileRefusal;

export interface Submission {
  /** one per target column of the key, in the same order, aligned to the key's rows */
  predictions: readonly PredictionColumn[];
  rows: number;
}

export type SubmissionResult = { ok: true; submission: Submission } | FileRefusal;

/** Limits on the bytes of a file, stated in the messages. */
export interface InputLimits {
  /** the most bytes a file may hold once unpacked (gzip); at most 2 GB */
  maxBytes: number;
  /** the most columns (default 10,000) */
  maxColumns?: number;
  /** the most bytes in one row (default 1 MB) */
  maxRowBytes?: number;
}

export interface AnswerKeyOptions extends InputLimits {
  kind: TargetKind;
  /** default 'id' */
  idColumn?: string;
  /** default ['target']; for 'probabilities', the class columns (default: every column of the
   * header but the id and split columns) */
  targetColumns?: readonly string[];
  /** default 'split'; the column is optional in the key */
  splitColumn?: string;
  /** the share of rows that are public when the key has no split column (default 0.3) */
  publicFraction?: number;
  /** the contest's secret seed for the split by hash (required when the key has no split column) */
  seed?: string;
  /** default 100 */
  maxProblems?: number;
}

export interface SubmissionOptions extends InputLimits {
  /** how far a multi-class row's sum may be from 1 (default 1e-3) */
  sumTolerance?: number;
  /** default 100 */
  maxProblems?: number;
}
