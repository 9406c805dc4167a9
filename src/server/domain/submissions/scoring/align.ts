// From the readers' columns (files/: the key's truth, a submission's predictions, both aligned to
// the key's rows) to what a metric reads (metrics/input.ts). Label codes of a prediction already
// index its truth column's classes (the checker refuses any other label); exact_match reads every
// target column of a row, the other label metrics the first.
import { METRIC_INFO, type MetricName } from '../../../../shared/submissions';
import type { AnswerKey, PredictionColumn, Submission, TruthColumn } from '../files';
import { MetricError, type MetricInput } from '../metrics';

function mismatch(): never {
  throw new MetricError('bad_input', 'The submission does not match the answer key');
}

function labels(truth: readonly TruthColumn[], predicted: readonly PredictionColumn[]) {
  const w = truth.length;
  const n = truth[0]!.kind === 'label' ? truth[0]!.codes.length : 0;
  const t = new Int32Array(n * w);
  const p = new Int32Array(n * w);
  truth.forEach((column, c) => {
    const guess = predicted[c];
    if (column.kind !== 'label' || guess?.kind !== 'label') mismatch();
    for (let i = 0; i < n; i++) {
      t[i * w + c] = column.codes[i]!;
      p[i * w + c] = guess.codes[i]!;
    }
  });
  return { truth: t, predicted: p, columns: w };
}

export function metricInputOf(
  key: AnswerKey,
  submission: Submission,
  metric: MetricName,
): MetricInput {
  const truth = key.truth[0]!;
  const predicted = submission.predictions[0];
  if (!predicted || predicted.kind !== truth.kind) mismatch();
  if (!METRIC_INFO[metric].targets.includes(truth.kind)) {
    throw new MetricError(
      'bad_options',
      `${METRIC_INFO[metric].label} cannot score a target of kind '${truth.kind}'`,
    );
  }
  switch (truth.kind) {
    case 'label': {
      if (predicted.kind !== 'label') mismatch();
      const all = metric === 'exact_match' ? key.truth : [truth];
      return { kind: 'label', classes: truth.classes, ...labels(all, submission.predictions) };
    }
    case 'probability': {
      if (predicted.kind !== 'probability') mismatch();
      const t = new Uint8Array(truth.values.length);
      for (let i = 0; i < t.length; i++) t[i] = truth.values[i]! >= 0.5 ? 1 : 0;
      return { kind: 'probability', truth: t, predicted: predicted.values };
    }
    case 'probabilities':
      if (predicted.kind !== 'probabilities') mismatch();
      return {
        kind: 'probabilities',
        classes: truth.classes,
        truth: truth.codes,
        predicted: predicted.values,
      };
    case 'number':
      if (predicted.kind !== 'number') mismatch();
      return { kind: 'number', truth: truth.values, predicted: predicted.values };
    case 'label_list':
      if (predicted.kind !== 'label_list') mismatch();
      return { kind: 'label_list', truth: truth.lists, predicted: predicted.lists };
  }
}
