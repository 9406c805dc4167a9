// A participant's upload (issue 31 'Submitting'): a CSV (or .csv.gz) and an optional description,
// sent with a progress bar to POST /api/contests/{id}/submissions. A file that does not pass the
// check comes back with every problem and its line (it does not count); a limit or the end says
// its message. The list below shows the new submission as soon as it is stored.
import { Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { z } from 'zod';
import {
  DESCRIPTION_MAX,
  ZDescription,
  scoreText,
  type TEvaluationView,
} from '../../../shared/schemas/submissions';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { FocusFirstError } from '../common/FocusFirstError';
import { FormField } from '../common/FormField';
import { SubmitButton } from '../common/FormButtons';
import { CsvFileInput } from './CsvFileInput';
import { ProblemLines } from './ProblemLines';
import { UploadProgress } from './UploadProgress';
import { useFileUpload } from './useFileUpload';

const toasts = keyedToasts('submission');

const schema = z.object({ description: ZDescription });
const EMPTY = { description: '' };

interface SentView {
  status: string;
  publicScore: number | null;
}

export function SubmitForm({ evaluation }: { evaluation: TEvaluationView }) {
  // An upload is no tRPC mutation (the table of lib/invalidation has no row for it): the list,
  // the counts and the boards are read again here.
  const utils = trpc.useUtils();
  const { file, share, refusal, setRefusal, picker, upload, choose, clear } = useFileUpload({
    maxMb: evaluation.maxFileMb,
    words: {
      noFile: 'Choose the file to submit',
      tooLarge: `The file is larger than ${evaluation.maxFileMb} MB`,
      fallback: 'The submission could not be sent',
    },
    onSettled: () => void utils.submissions.invalidate(),
  });

  function send(values: typeof EMPTY) {
    const description = values.description.trim();
    return upload<SentView>(
      `/api/contests/${evaluation.contestId}/submissions`,
      description ? { description } : {},
    );
  }

  const form = useZodForm({
    initialValues: EMPTY,
    schema,
    submit: send,
    onSuccess: (sent, { resetForm }) => {
      if (!sent.ok) {
        setRefusal(sent.refusal);
        return;
      }
      const { view } = sent;
      toasts.success(
        'Submission received',
        view.status === 'scored' && view.publicScore !== null
          ? `Public score: ${scoreText(view.publicScore)}`
          : 'It is being scored: the score shows in the list.',
      );
      resetForm();
      clear();
    },
  });

  return (
    <Formik {...form}>
      <Form noValidate aria-label="Upload a submission">
        <FocusFirstError />
        <Stack gap="3">
          <CsvFileInput
            key={picker}
            label="Submission file"
            helperText={`CSV or .csv.gz with the columns ${[evaluation.idColumn, ...evaluation.targetColumns].join(', ')}; at most ${evaluation.maxFileMb} MB.`}
            onChange={choose}
            required
          />
          <FormField
            name="description"
            label="Description (optional)"
            multiline={2}
            helperText={`What this one tries, for your own list (at most ${DESCRIPTION_MAX} characters).`}
          />
          {share !== null ? <UploadProgress share={share} label="Sending the submission" /> : null}
          {refusal ? <ProblemLines refusal={refusal} label="Why the file was refused" /> : null}
          <SubmitButton alignSelf="flex-start" disabled={!file}>
            Submit
          </SubmitButton>
        </Stack>
      </Form>
    </Formik>
  );
}
