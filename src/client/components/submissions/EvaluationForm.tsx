// The organiser's evaluation settings with the answer key and an optional sample, saved through
// PUT /api/contests/{id}/evaluation (sendEvaluation.ts: multipart, the settings as JSON and the
// files) with a progress bar. A key that does not pass the check comes back with its lines; nothing is kept.
// Saving a new key or metric re-scores every submission (the panel shows the progress).
import { Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import type { TEvaluationView } from '../../../shared/schemas/submissions';
import { useMarkStale } from '../../lib/invalidation';
import { keyedToasts } from '../../lib/toaster';
import type { CsvRefusal } from '../../lib/uploadCsv';
import { useZodForm } from '../../lib/useZodForm';
import { FocusFirstError } from '../common/FocusFirstError';
import { SubmitButton } from '../common/FormButtons';
import { CsvFileInput } from './CsvFileInput';
import { EvaluationFields } from './EvaluationFields';
import {
  evaluationFormSchema,
  initialEvaluationValues,
  settingsOf,
  type EvaluationFormValues,
} from './evaluationForm';
import { ProblemLines } from './ProblemLines';
import {
  forgetKeyRefusal,
  keptKeyRefusal,
  sendEvaluation,
  type SentEvaluation,
} from './sendEvaluation';
import { UploadProgress } from './UploadProgress';

const toasts = keyedToasts('evaluation');

export function EvaluationForm({
  contestId,
  view,
}: {
  contestId: number;
  /** The saved settings; null before the first save. */
  view: TEvaluationView | null;
}) {
  const [key, setKey] = useState<File | null>(null);
  const [sample, setSample] = useState<File | null>(null);
  const [share, setShare] = useState<number | null>(null);
  // A key the wizard sent just before was refused: its lines show here.
  const [refusal, setRefusal] = useState<CsvRefusal | null>(() => keptKeyRefusal(contestId));
  const [pickers, setPickers] = useState(0);
  const markStale = useMarkStale();
  const needsKey = !view?.keyReady;

  async function save(values: EvaluationFormValues): Promise<SentEvaluation> {
    setRefusal(null);
    forgetKeyRefusal(contestId);
    setShare(0);
    try {
      return await sendEvaluation(contestId, settingsOf(values), { key, sample }, setShare);
    } finally {
      setShare(null);
      // The upload changes what setEvaluation changes (lib/invalidation), refused or not.
      markStale('submissions.setEvaluation');
    }
  }

  const form = useZodForm({
    initialValues: initialEvaluationValues(view),
    schema: evaluationFormSchema,
    submit: save,
    onSuccess: (saved) => {
      if (!saved.ok) {
        setRefusal(saved.refusal);
        return;
      }
      toasts.success('Evaluation saved', key ? 'The answer key is in place.' : undefined);
      setKey(null);
      setSample(null);
      setPickers((n) => n + 1);
    },
  });

  return (
    <Formik {...form} enableReinitialize>
      <Form noValidate aria-label="Evaluation settings">
        <FocusFirstError />
        <Stack gap="4">
          <EvaluationFields />
          <CsvFileInput
            key={`key-${pickers}`}
            label={needsKey ? 'Answer key' : 'Replace the answer key (optional)'}
            helperText="CSV or .csv.gz: the id column, the target columns and optionally a split column (public or private). Never shown to members."
            onChange={setKey}
            required={needsKey}
          />
          <CsvFileInput
            key={`sample-${pickers}`}
            label="Sample submission (optional)"
            helperText="Without one, members download a sample made from the key's ids."
            onChange={setSample}
          />
          {share !== null ? <UploadProgress share={share} label="Sending the answer key" /> : null}
          {refusal ? (
            <ProblemLines refusal={refusal} label="Why the evaluation was refused" />
          ) : null}
          <SubmitButton alignSelf="flex-start" disabled={needsKey && !key}>
            Save evaluation
          </SubmitButton>
        </Stack>
      </Form>
    </Formik>
  );
}
