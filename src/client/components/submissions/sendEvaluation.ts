// The one send of evaluation settings with files: PUT /api/contests/{id}/evaluation (multipart,
// the settings as JSON first, then the answer key and the sample), with progress. Used by the
// Evaluation panel, the wizards (the key after the contest is created) and the Edit Contest
// dialog. A refusal comes back as a CsvRefusal, with the key's lines when it did not pass.
import type { TEvaluationSettingsInput } from '../../../shared/schemas/submissions';
import { CsvRefusal, uploadCsv } from '../../lib/uploadCsv';

export interface EvaluationFiles {
  key: File | null;
  sample: File | null;
}

export type SentEvaluation = { ok: true } | { ok: false; refusal: CsvRefusal };

export async function sendEvaluation(
  contestId: number,
  settings: TEvaluationSettingsInput,
  files: EvaluationFiles,
  onProgress?: (share: number) => void,
): Promise<SentEvaluation> {
  const form = new FormData();
  // The settings first: the server reads them before the files' bytes.
  form.append('settings', JSON.stringify(settings));
  if (files.key) form.append('key', files.key);
  if (files.sample) form.append('sample', files.sample);
  try {
    await uploadCsv<unknown>({
      method: 'PUT',
      url: `/api/contests/${contestId}/evaluation`,
      form,
      onProgress,
      fallback: 'The evaluation could not be saved',
    });
    return { ok: true };
  } catch (error) {
    const refusal =
      error instanceof CsvRefusal ? error : new CsvRefusal('The evaluation could not be saved', 0);
    return { ok: false, refusal };
  }
}

/**
 * A key refused right after the wizard created its contest, kept for the contest page's
 * Evaluation panel to show until the next send (the member is taken there): the contest exists,
 * the refusal is not hidden. Only in this tab's memory: a reload shows the panel without a key.
 */
const refusedKeys = new Map<number, CsvRefusal>();

export function keepKeyRefusal(contestId: number, refusal: CsvRefusal): void {
  refusedKeys.set(contestId, refusal);
}

/** The kept refusal, read without forgetting it (React may run a state initializer twice). */
export function keptKeyRefusal(contestId: number): CsvRefusal | null {
  return refusedKeys.get(contestId) ?? null;
}

/** Forgets it once the organiser sends the evaluation again. */
export function forgetKeyRefusal(contestId: number): void {
  refusedKeys.delete(contestId);
}
