// The built-in metrics of submission contests (issue 31 'Metric'): their names, how people read
// them, which way is better, and what the answer key's target column and a submission hold for
// each. The server scores with src/server/domain/submissions/metrics (computeMetric); the
// evaluation settings form, the boards and the submission checker read this list.

export const METRICS = [
  'accuracy',
  'f1_macro',
  'f1_micro',
  'f1_binary',
  'logloss',
  'roc_auc',
  'rmse',
  'mae',
  'mape',
  'r2',
  'map_at_k',
  'quadratic_weighted_kappa',
  'exact_match',
] as const;

export type MetricName = (typeof METRICS)[number];

/** Which score wins: the higher or the lower. */
export type MetricDirection = 'higher' | 'lower';

/**
 * What a target column holds, in the key and in a submission:
 * - `label`: one class label per row (any text; the key's distinct values are the classes);
 * - `probability`: binary; the key holds the two classes, the submission one column with the
 *   probability of the positive class (in [0, 1]);
 * - `probabilities`: multi-class, Kaggle's layout: one column per class, named by the class; the
 *   key holds 1 in its row's class and 0 elsewhere, the submission each class's probability
 *   (each row summing to about 1);
 * - `number`: a number per row;
 * - `label_list`: space-separated labels per row (the key: the relevant ones; a submission: its
 *   guesses, best first).
 */
export type MetricTarget = 'label' | 'probability' | 'probabilities' | 'number' | 'label_list';

/** A setting a metric needs besides the key: `k` (map_at_k), `positiveLabel` (f1_binary). */
export type MetricOption = 'k' | 'positiveLabel';

export interface MetricInfo {
  /** The name people read ('ROC AUC'). */
  label: string;
  direction: MetricDirection;
  /** What its target columns may hold; the first is the usual one. */
  targets: readonly MetricTarget[];
  options: readonly MetricOption[];
}

export const METRIC_INFO: Readonly<Record<MetricName, MetricInfo>> = {
  accuracy: { label: 'Accuracy', direction: 'higher', targets: ['label'], options: [] },
  f1_macro: { label: 'F1 (macro)', direction: 'higher', targets: ['label'], options: [] },
  f1_micro: { label: 'F1 (micro)', direction: 'higher', targets: ['label'], options: [] },
  f1_binary: {
    label: 'F1 (binary)',
    direction: 'higher',
    targets: ['label'],
    options: ['positiveLabel'],
  },
  // Binary (one column) or multi-class (one column per class): the key's columns decide.
  logloss: {
    label: 'Log loss',
    direction: 'lower',
    targets: ['probability', 'probabilities'],
    options: [],
  },
  roc_auc: { label: 'ROC AUC', direction: 'higher', targets: ['probability'], options: [] },
  rmse: { label: 'RMSE', direction: 'lower', targets: ['number'], options: [] },
  mae: { label: 'MAE', direction: 'lower', targets: ['number'], options: [] },
  mape: { label: 'MAPE', direction: 'lower', targets: ['number'], options: [] },
  r2: { label: 'R²', direction: 'higher', targets: ['number'], options: [] },
  map_at_k: { label: 'MAP@K', direction: 'higher', targets: ['label_list'], options: ['k'] },
  // Ratings are whole numbers; their order is the order of the numbers.
  quadratic_weighted_kappa: {
    label: 'Quadratic weighted kappa',
    direction: 'higher',
    targets: ['number'],
    options: [],
  },
  // Every target column of a row must equal the key's, as text.
  exact_match: { label: 'Exact match', direction: 'higher', targets: ['label'], options: [] },
};

/** Whether score `a` beats score `b` under the metric (equal scores: neither). */
export function scoreBeats(metric: MetricName, a: number, b: number): boolean {
  return METRIC_INFO[metric].direction === 'higher' ? a > b : a < b;
}

/** Where a submission is: waiting, being scored, scored, or failed (with its reason). */
export const SUBMISSION_STATUSES = ['queued', 'scoring', 'scored', 'failed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** Why a submission contest refuses a call (`reason` over REST, `data.reason` over tRPC). */
export const SUBMISSION_REFUSALS = [
  'bad_submission',
  'bad_key',
  'no_key',
  'daily_limit',
  'total_limit',
  'contest_ended',
  'selection_limit',
  'not_submission_format',
  'board_not_published',
  'already_published',
  'not_scored',
  'still_scoring',
] as const;
export type SubmissionRefusal = (typeof SUBMISSION_REFUSALS)[number];

export const SUBMISSION_MESSAGES = {
  notSubmissionFormat: 'This contest is not a submission contest',
  noKey: 'The organiser has not uploaded the answer key yet',
  notStarted: 'The contest has not started yet',
  ended: 'The contest has ended: no more submissions',
  notParticipant: 'Join the contest to submit',
  notOrganiser: 'Only the organiser can do this',
  badSubmission: 'The file does not pass the check',
  badKey: 'The answer key does not pass the check',
  noFile: 'No file was sent (field "file")',
  notFound: 'Submission not found',
  selectionLimit: (n: number) =>
    `You can select at most ${n} submission${n === 1 ? '' : 's'} for the final board: unselect one first`,
  notScored: 'Only a scored submission can be selected',
  dailyLimit: (n: number) =>
    `You have used today's ${n} submission${n === 1 ? '' : 's'}; the count resets at 00:00 UTC`,
  totalLimit: (n: number) => `You have used all ${n} submissions of this contest`,
  tooLarge: (mb: number) => `The file is larger than ${mb} MB`,
  boardNotPublished: 'The private board is not published yet',
  alreadyPublished: 'The private board is already published',
  keyChanged: 'The answer key was replaced meanwhile: save the settings again',
  scoringBusy: 'Scoring is busy: try again in a minute',
  stillScoring: (n: number) =>
    `${n} submission${n === 1 ? ' is' : 's are'} still being scored: publish once scoring is done`,
} as const;

/** 'resets at 00:00 UTC': the start of the next UTC day after `now`. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** '3 of 5 left today, resets at 00:00 UTC' */
export function remainingText(remaining: number, limit: number): string {
  return `${remaining} of ${limit} left today, resets at 00:00 UTC`;
}
