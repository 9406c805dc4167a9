// A Formik-bound native select with its label tied to it.
import { Field, NativeSelect } from '@chakra-ui/react';
import { useField } from 'formik';

interface Props {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** Called after Formik's own change handling, for fields that depend on this one. */
  onValueChange?: (value: string) => void;
}

export function SelectField({ name, label, options, onValueChange }: Props) {
  const [field, meta, helpers] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={field.name}
          value={field.value ?? ''}
          onBlur={field.onBlur}
          onChange={(e) => {
            void helpers.setValue(e.target.value);
            onValueChange?.(e.target.value);
          }}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {invalid ? <Field.ErrorText color="red.fg">{meta.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
