// The glue between the file readers and the metrics: a checked submission and its answer key,
// whose columns are laid out for reading (one per target column, labels coded per column), turned
// into the one input a metric reads (metrics/input.ts). Copies only where the layouts differ.
import { METRIC_INFO, type MetricName } from '../../../../shared/submissions';
import type { AnswerKey, PredictionColumn, Submission, TruthColumn } from '../files';
import { MetricError, type MetricInput } from '../metrics';

type Of<T, K> = Extract<T, { kind: K }>;

function mismatch(): never {
  // checkSubmission builds one prediction per truth column, of the same kind: this is a bug
  throw new Error('metricInputOf: the submission was not checked against this answer key');
}

function pairs<K extends TruthColumn['kind']>(
  key: AnswerKey,
  submission: Submission,
  kind: K,
): { truth: Of<TruthColumn, K>; predicted: Of<PredictionColumn, K> }[] {
  if (submission.predictions.length !== key.truth.length || submission.rows !== key.rows) {
    mismatch();
  }
  return key.truth.map((truth, i) => {
    const predicted = submission.predictions[i];
    if (truth.kind !== kind || predicted?.kind !== kind) mismatch();
    return { truth: truth as Of<TruthColumn, K>, predicted: predicted as Of<PredictionColumn, K> };
  });
}

/** The one pair of a metric that scores a single target column. */
function single<T>(list: readonly T[], metric: MetricName): T {
  const [only] = list;
  if (list.length !== 1 || only === undefined) {
    throw new MetricError(
      'bad_options',
      `${METRIC_INFO[metric].label} scores one target column; this answer key has ${list.length}`,
    );
  }
  return only;
}

/**
 * Label codes of several columns in one class list: each column's codes index its own classes
 * (the key's, which the submission's codes index too), so they are mapped into the union of the
 * columns' classes, row-major. A code of -1 (a label outside the classes) stays -1.
 */
function labelInput(
  columns: readonly { truth: Of<TruthColumn, 'label'>; predicted: Of<PredictionColumn, 'label'> }[],
  rows: number,
): MetricInput {
  const classes: string[] = [];
  const union = new Map<string, number>();
  const into = (list: readonly string[]): Int32Array =>
    Int32Array.from(list, (label) => {
      let code = union.get(label);
      if (code === undefined) {
        code = classes.length;
        classes.push(label);
        union.set(label, code);
      }
      return code;
    });
  const w = columns.length;
  const truth = new Int32Array(rows * w);
  const predicted = new Int32Array(rows * w);
  columns.forEach((column, c) => {
    const truthMap = into(column.truth.classes);
    // the same list unless the submission was checked against another reading of the key
    const predictedMap =
      column.predicted.classes === column.truth.classes ? truthMap : into(column.predicted.classes);
    const t = column.truth.codes;
    const p = column.predicted.codes;
    for (let row = 0; row < rows; row++) {
      truth[row * w + c] = truthMap[t[row]!] ?? -1;
      const code = p[row]!;
      predicted[row * w + c] = code < 0 ? -1 : (predictedMap[code] ?? -1);
    }
  });
  return w === 1
    ? { kind: 'label', classes, truth, predicted }
    : { kind: 'label', classes, truth, predicted, columns: w };
}

/** What `metric` reads for this key and submission (aligned row for row by the checker). */
export function metricInputOf(
  key: AnswerKey,
  submission: Submission,
  metric: MetricName,
): MetricInput {
  const info = METRIC_INFO[metric];
  if (!info.targets.includes(key.kind)) {
    throw new MetricError(
      'bad_options',
      `${info.label} cannot score a target of kind '${key.kind}' (it scores ${info.targets.join(' or ')})`,
    );
  }
  switch (key.kind) {
    case 'label': {
      const columns = pairs(key, submission, 'label');
      // exact_match compares every target column of a row; the others score one
      return labelInput(metric === 'exact_match' ? columns : [single(columns, metric)], key.rows);
    }
    case 'probability': {
      const { truth, predicted } = single(pairs(key, submission, 'probability'), metric);
      return {
        kind: 'probability',
        truth: Uint8Array.from(truth.values, (v) => (v === 1 ? 1 : 0)),
        predicted: predicted.values,
      };
    }
    case 'probabilities': {
      const { truth, predicted } = single(pairs(key, submission, 'probabilities'), metric);
      return {
        kind: 'probabilities',
        classes: truth.classes,
        truth: truth.codes,
        predicted: predicted.values,
      };
    }
    case 'number': {
      const { truth, predicted } = single(pairs(key, submission, 'number'), metric);
      return { kind: 'number', truth: truth.values, predicted: predicted.values };
    }
    case 'label_list': {
      const { truth, predicted } = single(pairs(key, submission, 'label_list'), metric);
      return { kind: 'label_list', truth: truth.lists, predicted: predicted.lists };
    }
  }
}
