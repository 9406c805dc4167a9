// A participant's upload (issue 31 'Submitting'): a CSV (or .csv.gz) and an optional description,
// sent with a progress bar to POST /api/contests/{id}/submissions. A file that does not pass the
// check comes back with every problem and its line (it does not count); a limit or the end says
// its message. The list below shows the new submission as soon as it is stored.
import { Button, Field, Stack, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';
import {
  DESCRIPTION_MAX,
  scoreText,
  type TEvaluationView,
} from '../../../shared/schemas/submissions';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { CsvRefusal, uploadCsv } from '../../lib/uploadCsv';
import { CsvFileInput } from './CsvFileInput';
import { ProblemLines } from './ProblemLines';
import { UploadProgress } from './UploadProgress';

const toasts = keyedToasts('submission');

interface SentView {
  status: string;
  publicScore: number | null;
}

export function SubmitForm({ evaluation }: { evaluation: TEvaluationView }) {
  const descriptionId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [share, setShare] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<CsvRefusal | null>(null);
  const [picker, setPicker] = useState(0);
  // An upload is not a tRPC mutation: the list, the counts and the board are read again here.
  const utils = trpc.useUtils();
  const tooLarge = !!file && file.size > evaluation.maxFileMb * 1024 * 1024;

  async function send() {
    if (!file) return;
    if (tooLarge) {
      setRefusal(new CsvRefusal(`The file is larger than ${evaluation.maxFileMb} MB`, 413));
      return;
    }
    const form = new FormData();
    if (description.trim()) form.append('description', description.trim());
    form.append('file', file);
    setRefusal(null);
    setShare(0);
    try {
      const view = await uploadCsv<SentView>({
        method: 'POST',
        url: `/api/contests/${evaluation.contestId}/submissions`,
        form,
        onProgress: setShare,
        fallback: 'The submission could not be sent',
      });
      toasts.success(
        'Submission received',
        view.status === 'scored' && view.publicScore !== null
          ? `Public score: ${scoreText(view.publicScore)}`
          : 'It is being scored: the score shows in the list.',
      );
      setFile(null);
      setDescription('');
      setPicker((n) => n + 1);
    } catch (error) {
      setRefusal(
        error instanceof CsvRefusal ? error : new CsvRefusal('The submission could not be sent', 0),
      );
    } finally {
      setShare(null);
      void utils.submissions.invalidate();
    }
  }

  return (
    <Stack
      as="form"
      gap="3"
      aria-label="Upload a submission"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <CsvFileInput
        key={picker}
        label="Submission file"
        helperText={`CSV or .csv.gz with the columns ${[evaluation.idColumn, ...evaluation.targetColumns].join(', ')}; at most ${evaluation.maxFileMb} MB.`}
        onChange={(f) => {
          setFile(f);
          setRefusal(null);
        }}
        required
      />
      <Field.Root>
        <Field.Label htmlFor={descriptionId}>Description (optional)</Field.Label>
        <Textarea
          id={descriptionId}
          rows={2}
          maxLength={DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field.Root>
      {share !== null ? <UploadProgress share={share} label="Sending the submission" /> : null}
      {refusal ? <ProblemLines refusal={refusal} label="Why the file was refused" /> : null}
      <Button
        type="submit"
        colorPalette="purple"
        alignSelf="flex-start"
        loading={share !== null}
        disabled={!file}
      >
        Submit
      </Button>
    </Stack>
  );
}
