// The Format chooser of the wizards' step 2 and the edit dialog: each format by its name
// (Knockout, Double elimination, Groups then knockout, Swiss, League, Open). A choice writes
// SPEC's `format` and the settings that make it that (formatOfChoice), so the Formik values stay
// what the server stores; the field's errors are the `format` field's ('Please select a format').
import { Field, NativeSelect } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import {
  FORMAT_CHOICES,
  FORMAT_CHOICE_LABELS,
  formatChoiceOf,
  formatOfChoice,
  isFormatChoice,
} from '../../../shared/formatChoices';
import { useDescribedField } from '../common/describedField';
import type { TournamentFormValues } from './wizard/formValues';

interface Props {
  /** Shown disabled after the real ones: 'Live (Coming soon)'. */
  comingSoon?: readonly { value: string; label: string }[];
  helperText?: string;
  /** Shown, read-only (the bracket is generated). */
  disabled?: boolean;
}

const CHOICE_OPTIONS = FORMAT_CHOICES.map((c) => ({ value: c, label: FORMAT_CHOICE_LABELS[c] }));

export function FormatChoiceField({ comingSoon = [], helperText, disabled }: Props) {
  const { values, setValues } = useFormikContext<{
    format: string;
    tournament: TournamentFormValues;
  }>();
  const { field, meta, invalid, ids, describedBy } = useDescribedField('format', helperText);
  const choice = formatChoiceOf(values.format, values.tournament) ?? '';
  return (
    <Field.Root invalid={invalid} ids={ids} disabled={disabled}>
      <Field.Label>Format</Field.Label>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field
          name={field.name}
          value={choice}
          onBlur={field.onBlur}
          aria-describedby={describedBy}
          onChange={(e) => {
            const value = e.target.value;
            if (!isFormatChoice(value)) return;
            const { format, settings } = formatOfChoice(value);
            void setValues((current) => ({
              ...current,
              format,
              tournament: { ...current.tournament, ...settings },
            }));
          }}
        >
          {CHOICE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
          {comingSoon.map((o) => (
            <option key={o.value} value={o.value} disabled>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helperText && !invalid ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {invalid ? <Field.ErrorText color="red.fg">{meta.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
