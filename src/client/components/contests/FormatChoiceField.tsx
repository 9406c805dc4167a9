// The Format chooser of the wizards' step 2 and the edit dialog: each format by its name
// (Knockout, Double elimination, Groups then knockout, Swiss, League, Open). A choice writes
// SPEC's `format` and the settings that make it that (formatOfChoice), so the Formik values stay
// what the server stores; the field's errors are the `format` field's ('Please select a format').
import { useFormikContext } from 'formik';
import {
  FORMAT_CHOICES,
  FORMAT_CHOICE_LABELS,
  formatChoiceOf,
  formatOfChoice,
  isFormatChoice,
} from '../../../shared/formatChoices';
import { SelectField } from '../common/SelectField';
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
  const choose = (value: string) => {
    if (!isFormatChoice(value)) return;
    const { format, settings } = formatOfChoice(value);
    void setValues((current) => ({
      ...current,
      format,
      tournament: { ...current.tournament, ...settings },
    }));
  };
  return (
    <SelectField
      name="format"
      label="Format"
      options={[...CHOICE_OPTIONS, ...comingSoon.map((o) => ({ ...o, disabled: true }))]}
      helperText={helperText}
      disabled={disabled}
      control={{ value: formatChoiceOf(values.format, values.tournament) ?? '', onChoose: choose }}
    />
  );
}
