// The evaluation settings form's values (text, as typed) and their way to the settings the server
// takes (ZEvaluationSettings): the target columns comma separated, the public share in per cent,
// an empty total limit none. The form checks its values by the shared schema itself, each issue
// placed on the field it is about.
import { z } from 'zod';
import {
  EVALUATION_DEFAULTS,
  ZEvaluationSettings,
  type TEvaluationSettingsInput,
  type TEvaluationView,
} from '../../../shared/schemas/submissions';
import { METRIC_INFO, METRICS, type MetricName } from '../../../shared/submissions';

export interface EvaluationFormValues {
  metric: MetricName | '';
  k: string;
  positiveLabel: string;
  idColumn: string;
  targetColumns: string;
  publicPercent: string;
  dailyLimit: string;
  totalLimit: string;
  maxFileMb: string;
  selectionLimit: string;
}

export const METRIC_OPTIONS = [
  { value: '', label: 'Choose a metric', disabled: true },
  ...METRICS.map((m) => ({
    value: m,
    label: `${METRIC_INFO[m].label} (${METRIC_INFO[m].direction} is better)`,
  })),
];

/** '30' for 0.3, without a float's tail. */
const percentOf = (fraction: number) => String(Number((fraction * 100).toPrecision(10)));

export function initialEvaluationValues(view: TEvaluationView | null): EvaluationFormValues {
  const d = EVALUATION_DEFAULTS;
  return {
    metric: view?.metric ?? '',
    k: view?.k != null ? String(view.k) : '',
    positiveLabel: view?.positiveLabel ?? '',
    idColumn: view?.idColumn ?? d.idColumn,
    targetColumns: (view?.targetColumns ?? d.targetColumns).join(', '),
    publicPercent: percentOf(view?.publicFraction ?? d.publicFraction),
    dailyLimit: String(view?.dailyLimit ?? d.dailyLimit),
    totalLimit: view?.totalLimit != null ? String(view.totalLimit) : '',
    maxFileMb: String(view?.maxFileMb ?? d.maxFileMb),
    selectionLimit: String(view?.selectionLimit ?? d.selectionLimit),
  };
}

/** A typed number ('' stays missing, for the schema to name; text that is no number: NaN). */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

export function settingsOf(v: EvaluationFormValues): TEvaluationSettingsInput {
  const info = v.metric ? METRIC_INFO[v.metric] : null;
  const percent = numberOf(v.publicPercent);
  return {
    metric: v.metric as MetricName,
    // Only what the metric takes: a k left from another metric is not sent.
    k: info?.options.includes('k') ? numberOf(v.k) : undefined,
    positiveLabel: info?.options.includes('positiveLabel')
      ? v.positiveLabel.trim() || undefined
      : undefined,
    idColumn: v.idColumn,
    targetColumns: v.targetColumns
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    publicFraction: percent === undefined ? (undefined as never) : percent / 100,
    dailyLimit: numberOf(v.dailyLimit) as number,
    totalLimit: numberOf(v.totalLimit) ?? null,
    maxFileMb: numberOf(v.maxFileMb) as number,
    selectionLimit: numberOf(v.selectionLimit) as number,
  };
}

/** The form field an issue of the settings is about. */
function fieldOf(path: PropertyKey[]): keyof EvaluationFormValues {
  const head = String(path[0] ?? 'metric');
  return head === 'publicFraction' ? 'publicPercent' : (head as keyof EvaluationFormValues);
}

const NUMBER_FIELDS: readonly (keyof EvaluationFormValues)[] = [
  'k',
  'publicPercent',
  'dailyLimit',
  'totalLimit',
  'maxFileMb',
  'selectionLimit',
];

const REQUIRED: Partial<Record<keyof EvaluationFormValues, string>> = {
  publicPercent: 'Enter the public share',
  dailyLimit: 'Enter the daily limit',
  maxFileMb: 'Enter the largest file size',
  selectionLimit: 'Enter the selection limit',
};

// Formik hands its schema the values with every '' turned to undefined: each field is optional
// here and read back as '' (the settings' own rules then say what is missing).
const text = z.string().optional();
const FIELDS = [
  'metric',
  'k',
  'positiveLabel',
  'idColumn',
  'targetColumns',
  'publicPercent',
  'dailyLimit',
  'totalLimit',
  'maxFileMb',
  'selectionLimit',
] as const satisfies readonly (keyof EvaluationFormValues)[];

export const evaluationFormSchema = z
  .object(
    Object.fromEntries(FIELDS.map((f) => [f, text])) as Record<
      (typeof FIELDS)[number],
      typeof text
    >,
  )
  .superRefine((values, ctx) => {
    const v = Object.fromEntries(
      FIELDS.map((f) => [f, values[f] ?? '']),
    ) as unknown as EvaluationFormValues;
    for (const [field, message] of Object.entries(REQUIRED)) {
      if (!v[field as keyof EvaluationFormValues].trim()) {
        ctx.addIssue({ code: 'custom', path: [field], message });
      }
    }
    const result = ZEvaluationSettings.safeParse(settingsOf(v));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path);
      if (REQUIRED[field] && !v[field].trim()) continue;
      // Text that is no number reaches the settings as NaN: say so in words.
      const typed = v[field].trim();
      const notNumber =
        NUMBER_FIELDS.includes(field) && typed !== '' && Number.isNaN(Number(typed));
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: notNumber ? 'Enter a number' : issue.message,
      });
    }
  });
