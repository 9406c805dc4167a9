// A submission contest's evaluation settings in the wizards' step 2 (issue 31): checked by the
// Evaluation panel's own schema (evaluationForm.ts, which reads the shared ZEvaluationSettings),
// each issue placed on its field under `evaluation.`, and sent with the contest. Only when the
// format is `submission`: for any other format they are neither checked nor sent.
import { z, type ZodType } from 'zod';
import type { TEvaluationSettingsInput } from '../../../../shared/schemas/submissions';
import {
  evaluationFormSchema,
  settingsOf,
  type EvaluationFormValues,
} from '../../submissions/evaluationForm';
import type { WizardValues } from './formValues';

export interface FieldIssue {
  path: PropertyKey[];
  message: string;
}

/** The evaluation's problems of a wizard form (Formik's values or the raw ones). */
export function evaluationIssues(values: unknown): FieldIssue[] {
  const v = (values ?? {}) as { format?: unknown; evaluation?: unknown };
  if (v.format !== 'submission') return [];
  const result = evaluationFormSchema.safeParse(v.evaluation ?? {});
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: ['evaluation', ...i.path], message: i.message }));
}

/**
 * Whether the evaluation is as it started (Formik hands a schema '' as undefined): the Edit
 * Contest dialog neither sends nor checks settings left alone, so a submission contest without
 * them can still have its title changed.
 */
export function evaluationUnchanged(values: unknown, start: EvaluationFormValues): boolean {
  const now = ((values ?? {}) as { evaluation?: Partial<EvaluationFormValues> }).evaluation ?? {};
  return (Object.keys(start) as (keyof EvaluationFormValues)[]).every(
    (key) => (now[key] ?? '') === start[key],
  );
}

/**
 * A form's schema with the evaluation's check beside its own (the wizards' Setup step, the Edit
 * Contest dialog); `skip` leaves the evaluation unchecked when it says so.
 */
export function withEvaluationCheck(schema: ZodType, skip?: (values: unknown) => boolean): ZodType {
  return z.unknown().superRefine((values, ctx) => {
    const own = schema.safeParse(values);
    const evaluation = skip?.(values) ? [] : evaluationIssues(values);
    const issues = [...(own.success ? [] : own.error.issues), ...evaluation];
    for (const issue of issues) {
      ctx.addIssue({ code: 'custom', path: [...issue.path], message: issue.message });
    }
  });
}

/** What the create or update call carries: the settings of a submission contest, else none. */
export function evaluationPayload(values: WizardValues): TEvaluationSettingsInput | undefined {
  return values.format === 'submission' ? settingsOf(values.evaluation) : undefined;
}
