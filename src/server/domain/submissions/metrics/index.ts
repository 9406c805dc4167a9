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
  switch (name) {
    case 'accuracy':
      return input.kind === 'label' ? accuracy(input) : wrongTarget(name, input);
    case 'f1_macro':
      return input.kind === 'label' ? f1Macro(input) : wrongTarget(name, input);
    case 'f1_micro':
      return input.kind === 'label' ? f1Micro(input) : wrongTarget(name, input);
    case 'f1_binary':
      return input.kind === 'label'
        ? f1Binary(input, options.positiveLabel)
        : wrongTarget(name, input);
    case 'exact_match':
      return input.kind === 'label' ? exactMatch(input) : wrongTarget(name, input);
    case 'logloss':
      if (input.kind === 'probability') return binaryLogLoss(input);
      return input.kind === 'probabilities' ? multiClassLogLoss(input) : wrongTarget(name, input);
    case 'roc_auc':
      return input.kind === 'probability' ? rocAuc(input) : wrongTarget(name, input);
    case 'rmse':
      return input.kind === 'number' ? rmse(input) : wrongTarget(name, input);
    case 'mae':
      return input.kind === 'number' ? mae(input) : wrongTarget(name, input);
    case 'mape':
      return input.kind === 'number' ? mape(input) : wrongTarget(name, input);
    case 'r2':
      return input.kind === 'number' ? r2(input) : wrongTarget(name, input);
    case 'quadratic_weighted_kappa':
      return input.kind === 'number' ? quadraticWeightedKappa(input) : wrongTarget(name, input);
    case 'map_at_k':
      return input.kind === 'label_list' ? mapAtK(input, options.k) : wrongTarget(name, input);
  }
}
