// The scoring metrics of submission contests (issue 31), one door for the scoring job:
// computeMetric(name, input, options) gives a metric's value on rows already aligned by id, as
// scikit-learn 1.2 computes it (tests/fixtures/scoring holds its figures; they agree to 1e-9).
// Pure and synchronous: no database, no platform import, so a worker thread can load it.
//
// A metric with no value on its rows throws a MetricError whose `message` a member can read
// (`code` says which case): roc_auc on one class ('one_class'), r2 on a constant truth
// ('constant_truth'), mape on a true 0 ('zero_truth'), kappa on a single shared rating
// ('one_rating'), no rows ('empty'). f1 of a class never true nor predicted is 0, as in
// scikit-learn.

import { METRIC_INFO, type MetricName } from '../../../../shared/submissions';
import { accuracy, exactMatch, f1Binary, f1Macro, f1Micro } from './classification';
import { MetricError } from './errors';
import { checkShape, type MetricInput } from './input';
import { quadraticWeightedKappa } from './kappa';
import { binaryLogLoss, multiClassLogLoss, rocAuc } from './probability';
import { mapAtK } from './ranking';
import { mae, mape, r2, rmse } from './regression';

export { MetricError, type MetricErrorCode } from './errors';
export {
  rowCount,
  selectRows,
  type LabelInput,
  type LabelListInput,
  type MetricInput,
  type NumberInput,
  type ProbabilitiesInput,
  type ProbabilityInput,
} from './input';

export interface MetricOptions {
  /** map_at_k: how many guesses of a row count. */
  k?: number;
  /** f1_binary: the label (as in the key) of the positive class. */
  positiveLabel?: string;
}

function wrongTarget(name: MetricName, input: MetricInput): never {
  throw new MetricError(
    'bad_options',
    `${METRIC_INFO[name].label} cannot score a target of kind '${input.kind}'`,
  );
}

/** A metric's scorer for one kind of target. */
type Scorer<K extends MetricInput['kind']> = (
  input: Extract<MetricInput, { kind: K }>,
  options: MetricOptions,
) => number;

/** Each metric's scorer for each kind of target it reads (see METRIC_INFO[name].targets). */
const SCORERS: Record<MetricName, { [K in MetricInput['kind']]?: Scorer<K> }> = {
  accuracy: { label: accuracy },
  f1_macro: { label: f1Macro },
  f1_micro: { label: f1Micro },
  f1_binary: { label: (input, options) => f1Binary(input, options.positiveLabel) },
  exact_match: { label: exactMatch },
  logloss: { probability: binaryLogLoss, probabilities: multiClassLogLoss },
  roc_auc: { probability: rocAuc },
  rmse: { number: rmse },
  mae: { number: mae },
  mape: { number: mape },
  r2: { number: r2 },
  quadratic_weighted_kappa: { number: quadraticWeightedKappa },
  map_at_k: { label_list: (input, options) => mapAtK(input, options.k) },
};

/**
 * The value of metric `name` on `input` (see input.ts for each kind's layout; `input.kind` must
 * be one of METRIC_INFO[name].targets). Throws MetricError when the metric has no value there.
 */
export function computeMetric(
  name: MetricName,
  input: MetricInput,
  options: MetricOptions = {},
): number {
  if (!METRIC_INFO[name].targets.includes(input.kind)) wrongTarget(name, input);
  checkShape(input);
  // The table pairs each kind with its own input type; TypeScript cannot follow that pairing.
  const score = SCORERS[name][input.kind] as Scorer<MetricInput['kind']> | undefined;
  if (!score) wrongTarget(name, input);
  return score(input, options);
}
