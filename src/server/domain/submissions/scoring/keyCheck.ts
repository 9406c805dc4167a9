// Whether a metric can score an answer key the organiser uploads, checked once at upload so a
// scoring job fails only for what the member sent: the key's kind and columns suit the metric,
// and the metric has a value on both parts of the split (it is scored there with perfect
// predictions), so no member's failure can reveal a property of the private rows.
import { METRIC_INFO, type MetricName } from '../../../../shared/submissions';
import type { AnswerKey, FileProblem, PredictionColumn, Submission, TruthColumn } from '../files';
import { computeMetric, MetricError, selectRows } from '../metrics';
import { metricInputOf } from './align';
import { metricOptionsFor, splitRows } from './score';

/** The prediction equal to the truth. */
function perfect(truth: TruthColumn, rows: number): PredictionColumn {
  switch (truth.kind) {
    case 'number':
    case 'probability':
    case 'label':
    case 'label_list':
      return truth;
    case 'probabilities': {
      const w = truth.classes.length;
      const values = new Float64Array(rows * w);
      for (let row = 0; row < rows; row++) values[row * w + (truth.codes[row] ?? 0)] = 1;
      return { kind: 'probabilities', columns: truth.columns, classes: truth.classes, values };
    }
  }
}

export function perfectSubmission(key: AnswerKey): Submission {
  return { predictions: key.truth.map((t) => perfect(t, key.rows)), rows: key.rows };
}

/** The classes a member chooses from: the label columns' (all of them), or the class columns. */
export function classesOf(key: AnswerKey): string[] | null {
  const classes = new Set<string>();
  for (const truth of key.truth) {
    if (truth.kind === 'label' || truth.kind === 'probabilities') {
      for (const c of truth.classes) classes.add(c);
    }
  }
  return classes.size > 0 ? [...classes] : null;
}

/** What keeps `metric` from scoring this key; empty when nothing does. */
export function keyProblems(
  key: AnswerKey,
  metric: MetricName,
  positiveLabel: string | undefined,
): FileProblem[] {
  const info = METRIC_INFO[metric];
  if (metric === 'f1_binary') {
    const classes = classesOf(key) ?? [];
    const options = metricOptionsFor(key, { metric, positiveLabel });
    if (positiveLabel === undefined || positiveLabel.trim() === '') {
      return [{ line: null, message: 'F1 (binary) needs the positive label' }];
    }
    if (!classes.includes(options.positiveLabel ?? '')) {
      return [
        {
          line: null,
          message: `The positive label ${JSON.stringify(positiveLabel)} is not one of the answer key's classes (${classes.map((c) => JSON.stringify(c)).join(', ')})`,
        },
      ];
    }
  }
  const { publicRows, privateRows } = splitRows(key);
  if (publicRows.length === 0) {
    return [
      {
        line: null,
        message: `No row of the answer key is public (of ${key.rows} rows): mark some rows public in its split column, or raise the public fraction`,
      },
    ];
  }
  try {
    const input = metricInputOf(key, perfectSubmission(key), metric);
    // k does not change whether MAP@K has a value; the settings check its own
    const options = { ...metricOptionsFor(key, { metric, positiveLabel }), k: 1 };
    const problems: FileProblem[] = [];
    for (const [part, rows] of [
      ['public', publicRows],
      ['private', privateRows],
    ] as const) {
      if (rows.length === 0) continue;
      try {
        computeMetric(metric, selectRows(input, rows), options);
      } catch (error) {
        if (!(error instanceof MetricError)) throw error;
        // a wrong option or column count is the settings', whichever part met it first
        if (error.code === 'bad_options') return [{ line: null, message: error.message }];
        problems.push({
          line: null,
          message: `${info.label} has no value on the ${part} rows of this answer key: ${error.message}`,
        });
      }
    }
    return problems;
  } catch (error) {
    if (!(error instanceof MetricError)) throw error;
    return [{ line: null, message: error.message }];
  }
}
