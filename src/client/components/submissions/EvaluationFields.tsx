// The evaluation settings' fields (inside the organiser's Formik form): the metric (k and the
// positive label only for the metrics that take them), the key's columns, the public share and
// the limits.
import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { MAX_FILE_MB } from '../../../shared/schemas/submissions';
import { METRIC_INFO } from '../../../shared/submissions';
import { FormField } from '../common/FormField';
import { SelectField } from '../common/SelectField';
import { METRIC_OPTIONS, type EvaluationFormValues } from './evaluationForm';

export function EvaluationFields() {
  const { values } = useFormikContext<EvaluationFormValues>();
  const options = values.metric ? METRIC_INFO[values.metric].options : [];
  return (
    <Stack gap="4">
      <SelectField name="metric" label="Metric" options={METRIC_OPTIONS} />
      {options.includes('k') ? (
        <FormField
          name="k"
          label="k"
          inputMode="numeric"
          helperText="How many guesses count"
          required
        />
      ) : null}
      {options.includes('positiveLabel') ? (
        <FormField
          name="positiveLabel"
          label="Positive label"
          helperText="The class F1 is computed for, as written in the key"
          required
        />
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField name="idColumn" label="Id column" required />
        <FormField
          name="targetColumns"
          label="Target columns"
          helperText="Comma separated, e.g. target or class_a, class_b"
          required
        />
        <FormField
          name="publicPercent"
          label="Public share (%)"
          inputMode="decimal"
          helperText="Rows scored during the contest, unless the key has a split column"
          required
        />
        <FormField name="dailyLimit" label="Submissions per day" inputMode="numeric" required />
        <FormField
          name="totalLimit"
          label="Submissions in total (optional)"
          inputMode="numeric"
          helperText="Empty: no total limit"
        />
        <FormField
          name="maxFileMb"
          label="Largest file (MB)"
          inputMode="numeric"
          helperText={`At most ${MAX_FILE_MB} MB`}
          required
        />
        <FormField
          name="selectionLimit"
          label="Final selections"
          inputMode="numeric"
          helperText="How many submissions a member may select for the final board"
          required
        />
      </SimpleGrid>
    </Stack>
  );
}
