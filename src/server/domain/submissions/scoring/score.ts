// A checked submission's two scores: the metric on the key's public rows (shown during the
// contest) and on its private rows (the final board), both from the one reading of the file, and
// both computed before either is answered, so a failure never tells which part it came from.
import type { MetricName } from '../../../../shared/submissions';
import { type AnswerKey, classLookup, type Submission } from '../files';
import { computeMetric, MetricError, type MetricOptions, selectRows } from '../metrics';
import { metricInputOf } from './align';

export interface ScoreSettings {
  metric: MetricName;
  /** map_at_k */
  k?: number;
  /** f1_binary: the positive class as the organiser typed it ('1' or '1.0' for a class '1') */
  positiveLabel?: string;
}

export interface RowScores {
  publicScore: number;
  /** null when every row of the key is public */
  privateScore: number | null;
}

/** The rows of the key on each side of the split, in key order. */
export function splitRows(key: AnswerKey): { publicRows: Int32Array; privateRows: Int32Array } {
  const publicRows = new Int32Array(key.publicCount);
  const privateRows = new Int32Array(key.rows - key.publicCount);
  let p = 0;
  let q = 0;
  const mask = key.publicMask;
  for (let row = 0; row < key.rows; row++) {
    if (mask[row] === 1) publicRows[p++] = row;
    else privateRows[q++] = row;
  }
  return { publicRows, privateRows };
}

/**
 * The metric's options for this key: the positive label as the key spells it, since f1_binary
 * finds it by text and the classes of a numeric column are matched by number ('1.0' is '1').
 */
export function metricOptionsFor(key: AnswerKey, settings: ScoreSettings): MetricOptions {
  const options: MetricOptions = {};
  if (settings.k !== undefined) options.k = settings.k;
  const label = settings.positiveLabel;
  if (label !== undefined) {
    const truth = key.truth[0];
    const classes = truth?.kind === 'label' ? truth.classes : null;
    const code = classes ? classLookup(classes)(label.trim()) : -1;
    options.positiveLabel = classes && code !== -1 ? (classes[code] ?? label) : label;
  }
  return options;
}

export function scoreRows(
  key: AnswerKey,
  submission: Submission,
  settings: ScoreSettings,
): RowScores {
  const { publicRows, privateRows } = splitRows(key);
  if (publicRows.length === 0) {
    throw new MetricError(
      'empty',
      'The answer key has no public rows, so there is no public score: the organiser must make some rows public',
    );
  }
  const input = metricInputOf(key, submission, settings.metric);
  const options = metricOptionsFor(key, settings);
  // an all-public key scores its input as it is, without a copy
  const publicInput = privateRows.length === 0 ? input : selectRows(input, publicRows);
  const publicScore = computeMetric(settings.metric, publicInput, options);
  const privateScore =
    privateRows.length === 0
      ? null
      : computeMetric(settings.metric, selectRows(input, privateRows), options);
  return { publicScore, privateScore };
}
