// The Edit Contest dialog's part for a submission contest (issue 31): the Evaluation panel's
// fields (under `evaluation.`, sent with the update) and an optional new answer key (and sample),
// sent after the update by the panel's own send (sendEvaluation.ts). A refused key keeps the
// dialog open with its lines; the contest's other changes are saved already, which it says.
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { TEvaluationSettingsInput } from '../../../shared/schemas/submissions';
import { useMarkStale } from '../../lib/invalidation';
import type { CsvRefusal } from '../../lib/uploadCsv';
import { CsvFileInput } from '../submissions/CsvFileInput';
import { EvaluationFields } from '../submissions/EvaluationFields';
import { ProblemLines } from '../submissions/ProblemLines';
import { sendEvaluation, type EvaluationFiles } from '../submissions/sendEvaluation';
import { UploadProgress } from '../submissions/UploadProgress';

const NO_FILES: EvaluationFiles = { key: null, sample: null };

/** The chosen files, the send's progress and a refusal, kept by the dialog across renders. */
export function useEvaluationKeySend() {
  const [files, setFiles] = useState<EvaluationFiles>(NO_FILES);
  const [share, setShare] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<CsvRefusal | null>(null);
  const markStale = useMarkStale();
  return {
    files,
    setFiles,
    share,
    refusal,
    reset() {
      setFiles(NO_FILES);
      setRefusal(null);
    },
    /** Sends the settings with the chosen files; false when refused (the lines show). */
    async send(contestId: number, settings: TEvaluationSettingsInput): Promise<boolean> {
      setRefusal(null);
      setShare(0);
      try {
        const sent = await sendEvaluation(contestId, settings, files, setShare);
        if (!sent.ok) setRefusal(sent.refusal);
        return sent.ok;
      } finally {
        setShare(null);
        markStale('submissions.setEvaluation');
      }
    },
  };
}

export type EvaluationKeySend = ReturnType<typeof useEvaluationKeySend>;

export function EditEvaluationFields({
  keySend,
  keyStored,
  canSendKey,
}: {
  keySend: EvaluationKeySend;
  keyStored: boolean;
  /** False while the format is only being changed to submission: the key comes after saving. */
  canSendKey: boolean;
}) {
  const { files, setFiles, share, refusal } = keySend;
  return (
    <Stack gap="4" role="group" aria-labelledby="edit-evaluation-heading">
      <Heading as="h3" size="sm" id="edit-evaluation-heading">
        Evaluation
      </Heading>
      <EvaluationFields prefix="evaluation." />
      {canSendKey ? (
        <>
          <CsvFileInput
            label={keyStored ? 'Replace the answer key (optional)' : 'Answer key (optional)'}
            helperText="CSV or .csv.gz: the id column, the target columns and optionally a split column (public or private). Never shown to members."
            onChange={(key) => setFiles({ ...files, key })}
          />
          <CsvFileInput
            label="Sample submission (optional)"
            helperText="Sent with a new answer key."
            onChange={(sample) => setFiles({ ...files, sample })}
          />
        </>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Save first: the answer key is uploaded in the Evaluation section of the contest page.
        </Text>
      )}
      {share !== null ? <UploadProgress share={share} label="Sending the answer key" /> : null}
      {refusal ? (
        <ProblemLines
          refusal={refusal}
          label="The other changes are saved; the answer key was refused"
        />
      ) : null}
    </Stack>
  );
}
