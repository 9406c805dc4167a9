// Step 2's part for a submission contest (issue 31): the Evaluation panel's fields (under
// `evaluation.`), the answer key and an optional sample. The files are held by the wizard (a step
// unmounts when the member moves on) and sent once the contest is created; a draft cannot keep a
// file, which the key's help says.
import { Heading, Stack, Text } from '@chakra-ui/react';
import { CsvFileInput } from '../../submissions/CsvFileInput';
import { EvaluationFields } from '../../submissions/EvaluationFields';
import type { EvaluationFiles } from '../../submissions/sendEvaluation';

export function EvaluationStepFields({
  files,
  onFiles,
  drafts,
}: {
  files: EvaluationFiles;
  onFiles: (files: EvaluationFiles) => void;
  /** Whether this wizard saves drafts (the member's). */
  drafts: boolean;
}) {
  return (
    <Stack gap="4" role="group" aria-labelledby="wizard-evaluation-heading">
      <Heading as="h3" size="sm" id="wizard-evaluation-heading">
        Evaluation
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Members upload prediction files, scored at once against your hidden answer key with the
        metric chosen here.
      </Text>
      <EvaluationFields prefix="evaluation." />
      <CsvFileInput
        label="Answer key (optional now)"
        helperText={
          'CSV or .csv.gz: the id column, the target columns and optionally a split column ' +
          '(public or private). Never shown to members. Sent once the contest is created; ' +
          'without it, upload it in the Evaluation section of the contest page before the start.' +
          (drafts
            ? ' A draft keeps these settings but not the file: choose it again after a reload.'
            : '')
        }
        onChange={(key) => onFiles({ ...files, key })}
      />
      {files.key ? (
        <Text fontSize="sm" data-testid="chosen-key">
          Answer key chosen: {files.key.name}
        </Text>
      ) : null}
      <CsvFileInput
        label="Sample submission (optional)"
        helperText="Without one, members download a sample made from the key's ids."
        onChange={(sample) => onFiles({ ...files, sample })}
      />
      {files.sample ? <Text fontSize="sm">Sample chosen: {files.sample.name}</Text> : null}
    </Stack>
  );
}
