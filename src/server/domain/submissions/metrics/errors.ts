// Why a metric has no value for the rows it was given. The scoring job turns it into a `failed`
// submission (or the evaluation settings into a 400) with `message` as the reason, so messages
// speak to a member or an organiser, never of code. Pure: no platform import (a worker thread
// loads this module).

export type MetricErrorCode =
  /** No rows to score (e.g. a split with no public rows). */
  | 'empty'
  /** roc_auc: the rows' answers hold one class only. */
  | 'one_class'
  /** r2: every true value of the rows is the same. */
  | 'constant_truth'
  /** mape: a true value is 0. */
  | 'zero_truth'
  /** quadratic_weighted_kappa: one rating only, in the key and the submission alike. */
  | 'one_rating'
  /** A rating that is not a whole number, or too many distinct ratings. */
  | 'bad_rating'
  /** A missing or wrong option (k, positiveLabel), or a metric used on the wrong kind of target. */
  | 'bad_options'
  /** Inputs that the submission checker should have refused (lengths, codes, NaN). */
  | 'bad_input';

export class MetricError extends Error {
  override readonly name = 'MetricError';

  constructor(
    readonly code: MetricErrorCode,
    message: string,
  ) {
    super(message);
  }
}
