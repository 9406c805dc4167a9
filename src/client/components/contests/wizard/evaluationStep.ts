// A submission contest's evaluation settings in the wizards' step 2 (issue 31): checked by the
// Evaluation panel's own schema (evaluationForm.ts, which reads the shared ZEvaluationSettings),
// each issue placed on its field under `evaluation.`, and sent with the contest. Only when the
// format is `submission`: for any other format they are neither checked nor sent.
import { z, type ZodType } from 'zod';
import type { TEvaluationSettingsInput } from '../../../../shared/schemas/submissions';
import { evaluationFormSchema, settingsOf } from '../../submissions/evaluationForm';
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

/** The Setup step's schema with the evaluation's check beside the step's own. */
export function withEvaluationCheck(schema: ZodType): ZodType {
  return z.unknown().superRefine((values, ctx) => {
    const own = schema.safeParse(values);
    const issues = [...(own.success ? [] : own.error.issues), ...evaluationIssues(values)];
    for (const issue of issues) {
      ctx.addIssue({ code: 'custom', path: [...issue.path], message: issue.message });
    }
  });
}

/** What the create or update call carries: the settings of a submission contest, else none. */
export function evaluationPayload(values: WizardValues): TEvaluationSettingsInput | undefined {
  return values.format === 'submission' ? settingsOf(values.evaluation) : undefined;
}
