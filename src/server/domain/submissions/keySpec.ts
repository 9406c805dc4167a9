// How a contest's answer key is read, from its evaluation settings: the target kind the metric
// scores (log loss: one probability column, or one column per class), the columns, the split.
import { METRIC_INFO, type MetricName, type MetricTarget } from '../../../shared/submissions';
import type { KeySpec } from './scoring';

export function targetKindOf(metric: MetricName, targetColumns: readonly string[]): MetricTarget {
  const targets = METRIC_INFO[metric].targets;
  if (targets.includes('probabilities') && targetColumns.length > 1) return 'probabilities';
  return targets[0]!;
}

export function keySpecOf(evaluation: {
  metric: MetricName;
  idColumn: string;
  targetColumns: readonly string[];
  publicFraction: number;
  splitSeed: string;
}): KeySpec {
  return {
    kind: targetKindOf(evaluation.metric, evaluation.targetColumns),
    idColumn: evaluation.idColumn,
    targetColumns: [...evaluation.targetColumns],
    publicFraction: evaluation.publicFraction,
    seed: evaluation.splitSeed,
  };
}
