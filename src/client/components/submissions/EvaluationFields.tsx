// The evaluation settings' fields (inside the organiser's Formik form): the metric (k and the
// positive label only for the metrics that take them), the key's columns, the public share and
// the limits. The panel's form holds them at its root; the wizards and the Edit Contest dialog
// under `evaluation` (`prefix`).
import { SimpleGrid, Stack } from '@chakra-ui/react';
import { getIn, useFormikContext } from 'formik';
import { MAX_FILE_MB } from '../../../shared/schemas/submissions';
import { METRIC_INFO } from '../../../shared/submissions';
import { FormField } from '../common/FormField';
import { SelectField } from '../common/SelectField';
import { METRIC_OPTIONS, type EvaluationFormValues } from './evaluationForm';

export function EvaluationFields({ prefix = '' }: { prefix?: '' | 'evaluation.' }) {
  const { values } = useFormikContext<unknown>();
  const own = (prefix ? getIn(values, prefix.slice(0, -1)) : values) as EvaluationFormValues;
  const options = own.metric ? METRIC_INFO[own.metric].options : [];
  const n = (field: keyof EvaluationFormValues) => `${prefix}${field}`;
  return (
    <Stack gap="4">
      <SelectField name={n('metric')} label="Metric" options={METRIC_OPTIONS} />
      {options.includes('k') ? (
        <FormField
          name={n('k')}
          label="k"
          inputMode="numeric"
          helperText="How many guesses count"
          required
        />
      ) : null}
      {options.includes('positiveLabel') ? (
        <FormField
          name={n('positiveLabel')}
          label="Positive label"
          helperText="The class F1 is computed for, as written in the key"
          required
        />
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField name={n('idColumn')} label="Id column" required />
        <FormField
          name={n('targetColumns')}
          label="Target columns"
          helperText="Comma separated, e.g. target or class_a, class_b"
          required
        />
        <FormField
          name={n('publicPercent')}
          label="Public share (%)"
          inputMode="decimal"
          helperText="Rows scored during the contest, unless the key has a split column"
          required
        />
        <FormField
          name={n('dailyLimit')}
          label="Submissions per day"
          inputMode="numeric"
          required
        />
        <FormField
          name={n('totalLimit')}
          label="Submissions in total (optional)"
          inputMode="numeric"
          helperText="Empty: no total limit"
        />
        <FormField
          name={n('maxFileMb')}
          label="Largest file (MB)"
          inputMode="numeric"
          helperText={`At most ${MAX_FILE_MB} MB`}
          required
        />
        <FormField
          name={n('selectionLimit')}
          label="Final selections"
          inputMode="numeric"
          helperText="How many submissions a member may select for the final board"
          required
        />
      </SimpleGrid>
    </Stack>
  );
}
