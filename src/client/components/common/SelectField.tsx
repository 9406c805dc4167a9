// A Formik-bound native select with its label tied to it.
import { Field, NativeSelect } from '@chakra-ui/react';
import { useDescribedField } from './describedField';

interface Props {
  name: string;
  label: string;
  /** A disabled option is shown but cannot be chosen (the wizard's 'Coming soon' choices). */
  options: readonly { value: string; label: string; disabled?: boolean }[];
  helperText?: string;
  /** Called after Formik's own change handling, for fields that depend on this one. */
  onValueChange?: (value: string) => void;
  /** Shown, read-only (a value that can no longer change). */
  disabled?: boolean;
  /**
   * For a select that stands for more than its field (the format chooser): what it shows, and
   * what a choice writes, in place of the field's own value and change.
   */
  control?: { value: string; onChoose: (value: string) => void };
}

export function SelectField({
  name,
  label,
  options,
  onValueChange,
  helperText,
  disabled,
  control,
}: Props) {
  const { field, meta, helpers, invalid, ids, describedBy } = useDescribedField(name, helperText);
  return (
    <Field.Root invalid={invalid} ids={ids} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field
          name={field.name}
          value={control ? control.value : (field.value ?? '')}
          onBlur={field.onBlur}
          aria-describedby={describedBy}
          onChange={(e) => {
            if (control) return control.onChoose(e.target.value);
            void helpers.setValue(e.target.value);
            onValueChange?.(e.target.value);
          }}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
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
