// A submission's two scores (issue 31 'Scoring'): the metric on the key's public rows and on its
// private rows, from one reading of the file. The rows of each part are found once per key.
import type { MetricName } from '../../../../shared/submissions';
import type { AnswerKey, Submission } from '../files';
import { computeMetric, MetricError, selectRows } from '../metrics';
import { metricInputOf } from './align';

export interface ScoreSettings {
  metric: MetricName;
  k?: number;
  positiveLabel?: string;
}

export interface Parts {
  public: Int32Array;
  private: Int32Array;
}

/** The key's row numbers of each part, in key order. */
export function partsOf(key: AnswerKey): Parts {
  const pub = new Int32Array(key.publicCount);
  const priv = new Int32Array(key.rows - key.publicCount);
  let p = 0;
  let q = 0;
  for (let row = 0; row < key.rows; row++) {
    if (key.publicMask[row]) pub[p++] = row;
    else priv[q++] = row;
  }
  return { public: pub, private: priv };
}

export function scoreRows(
  key: AnswerKey,
  submission: Submission,
  settings: ScoreSettings,
  parts: Parts = partsOf(key),
): { publicScore: number; privateScore: number | null } {
  if (parts.public.length === 0) {
    throw new MetricError('empty', 'The answer key has no public rows to score');
  }
  const input = metricInputOf(key, submission, settings.metric);
  const options = { k: settings.k, positiveLabel: settings.positiveLabel };
  const publicScore = computeMetric(settings.metric, selectRows(input, parts.public), options);
  const privateScore = parts.private.length
    ? computeMetric(settings.metric, selectRows(input, parts.private), options)
    : null;
  return { publicScore, privateScore };
}
