// Submission contests (issue 31): the organiser's evaluation settings (the form in both wizards'
// step 2, the Edit Contest dialog, `PUT /api/contests/{id}/evaluation`), what members and
// organisers read of them, a submission as listed, and the boards.
import { z } from 'zod';
import { METRICS, METRIC_INFO, SUBMISSION_STATUSES, type MetricName } from '../submissions';
import { ZContestId } from './contestId';
import { ZRowId } from './rowId';

export const EVALUATION_DEFAULTS = {
  idColumn: 'id',
  targetColumns: ['target'],
  publicFraction: 0.3,
  dailyLimit: 5,
  maxFileMb: 20,
  selectionLimit: 2,
} as const;

/** The largest file a contest may allow (the key's limit too). */
export const MAX_FILE_MB = 200;
/** At most this many characters in a submission's description. */
export const DESCRIPTION_MAX = 500;

const columnName = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${what}`)
    .max(100, `The ${what} is at most 100 characters`)
    .refine((s) => !/[",\r\n]/.test(s), `The ${what} cannot hold commas, quotes or line breaks`);

export const ZEvaluationSettings = z
  .object({
    metric: z.enum(METRICS, { message: 'Choose a metric' }),
    k: z.number().int().min(1, 'k is at least 1').max(1000, 'k is at most 1,000').optional(),
    positiveLabel: z.string().trim().max(100).optional(),
    idColumn: columnName('id column').default(EVALUATION_DEFAULTS.idColumn),
    targetColumns: z
      .array(columnName('target column'))
      .min(1, 'Name at least one target column')
      .max(1000, 'At most 1,000 target columns')
      .default([...EVALUATION_DEFAULTS.targetColumns]),
    publicFraction: z
      .number()
      .gt(0, 'The public share is more than 0')
      .lt(1, 'The public share is less than 1 (the rest decides the final board)')
      .default(EVALUATION_DEFAULTS.publicFraction),
    dailyLimit: z
      .number()
      .int('A whole number')
      .min(1, 'At least 1 a day')
      .max(1000, 'At most 1,000 a day')
      .default(EVALUATION_DEFAULTS.dailyLimit),
    totalLimit: z
      .number()
      .int('A whole number')
      .min(1, 'At least 1 in total')
      .max(100_000)
      .nullable()
      .optional(),
    maxFileMb: z
      .number()
      .int('A whole number of MB')
      .min(1, 'At least 1 MB')
      .max(MAX_FILE_MB, `At most ${MAX_FILE_MB} MB`)
      .default(EVALUATION_DEFAULTS.maxFileMb),
    selectionLimit: z
      .number()
      .int('A whole number')
      .min(1, 'At least 1')
      .max(100, 'At most 100')
      .default(EVALUATION_DEFAULTS.selectionLimit),
  })
  .superRefine((v, ctx) => {
    const info = METRIC_INFO[v.metric];
    if (info.options.includes('k') && v.k === undefined) {
      ctx.addIssue({ code: 'custom', path: ['k'], message: `${info.label} needs k` });
    }
    if (info.options.includes('positiveLabel') && !v.positiveLabel) {
      ctx.addIssue({
        code: 'custom',
        path: ['positiveLabel'],
        message: `${info.label} needs the positive label`,
      });
    }
    if (v.targetColumns.includes(v.idColumn)) {
      ctx.addIssue({
        code: 'custom',
        path: ['targetColumns'],
        message: 'A target column cannot be the id column',
      });
    }
  });
export type TEvaluationSettings = z.infer<typeof ZEvaluationSettings>;
export type TEvaluationSettingsInput = z.input<typeof ZEvaluationSettings>;

/** The evaluation as members read it (no key content, ever). */
export const ZEvaluationView = z.object({
  contestId: z.number().int(),
  metric: z.enum(METRICS),
  metricLabel: z.string(),
  direction: z.enum(['higher', 'lower']),
  k: z.number().int().nullable(),
  positiveLabel: z.string().nullable(),
  idColumn: z.string(),
  targetColumns: z.array(z.string()),
  publicFraction: z.number(),
  dailyLimit: z.number().int(),
  totalLimit: z.number().int().nullable(),
  maxFileMb: z.number().int(),
  selectionLimit: z.number().int(),
  /** Whether the key is in place (members cannot submit before). */
  keyReady: z.boolean(),
  /** Whether the private board is published. */
  published: z.boolean(),
  publishedAt: z.date().nullable(),
  /** The caller's entrant's counts; null for a caller who is not a participant. */
  mine: z
    .object({
      remainingToday: z.number().int(),
      /** null: no total limit */
      remainingTotal: z.number().int().nullable(),
      resetsAt: z.date(),
      selected: z.number().int(),
    })
    .nullable(),
  /** The organiser's view of the key: null for members. */
  key: z
    .object({
      fileName: z.string().nullable(),
      rows: z.number().int().nullable(),
      publicRows: z.number().int().nullable(),
      split: z.enum(['column', 'hash']).nullable(),
      uploadedAt: z.date().nullable(),
      version: z.number().int(),
      /** Submissions scored under the current version, of all. */
      scored: z.number().int(),
      total: z.number().int(),
    })
    .nullable(),
});
export type TEvaluationView = z.infer<typeof ZEvaluationView>;

export const ZSubmissionView = z.object({
  id: z.number().int(),
  contestId: z.number().int(),
  participantId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  publicScore: z.number().nullable(),
  /** Null for members until the private board is published. */
  privateScore: z.number().nullable(),
  selected: z.boolean(),
  error: z.string().nullable(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  description: z.string().nullable(),
  createdAt: z.date(),
  scoredAt: z.date().nullable(),
});
export type TSubmissionView = z.infer<typeof ZSubmissionView>;

export const ZSubmissionListInput = z.object({
  contestId: ZContestId,
  /** Organisers: only their own (as a participant). Members always see their own. */
  mine: z.boolean().optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

export const ZSubmissionId = z.object({ id: ZRowId('submission') });

export const ZSelectSubmission = z.object({ id: ZRowId('submission'), selected: z.boolean() });

export const BOARDS = ['public', 'private'] as const;
export type Board = (typeof BOARDS)[number];

export const ZBoardInput = z.object({
  contestId: ZContestId,
  board: z.enum(BOARDS).default('public'),
});

export const ZBoardEntry = z.object({
  rank: z.number().int(),
  participantId: z.number().int(),
  userId: z.number().int(),
  teamId: z.number().int().nullable(),
  name: z.string(),
  score: z.number(),
  submissionId: z.number().int(),
  submittedAt: z.date(),
  /** Private board: the entrant's public rank (null: not on the public board). */
  publicRank: z.number().int().nullable(),
  entries: z.number().int(),
});
export type TBoardEntry = z.infer<typeof ZBoardEntry>;

export const ZBoard = z.object({
  board: z.enum(BOARDS),
  metric: z.enum(METRICS),
  direction: z.enum(['higher', 'lower']),
  published: z.boolean(),
  entries: z.array(ZBoardEntry),
});
export type TBoard = z.infer<typeof ZBoard>;

export const ZDescription = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX, `The description is at most ${DESCRIPTION_MAX} characters`)
  .optional();

/** '0.91734': a score at full precision, without a trailing float artefact. */
export function scoreText(score: number): string {
  return String(Number(score.toPrecision(12)));
}

export function metricLabel(metric: MetricName): string {
  return METRIC_INFO[metric].label;
}
