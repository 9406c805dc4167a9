// A Formik-bound input (or, with `multiline`, a textarea) with its label and error tied to it
// (DESIGN convention 11).
import { Field, Input, Textarea, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDescribedField, FieldLabel } from './describedField';

interface Props extends Omit<InputProps, 'name'> {
  name: string;
  label: string;
  helperText?: ReactNode;
  required?: boolean;
  /** A textarea of this many rows instead of a one-line input. */
  multiline?: number;
}

// Error text uses red.fg, like the required mark (FieldLabel), (red.700 light, red.300 dark), which passes 4.5:1 on
// both themes' backgrounds; Chakra's default fg.error (red.500) gives 3.76:1 on white.
export function FormField({ name, label, helperText, required, multiline, ...inputProps }: Props) {
  const { field, meta, invalid, ids, describedBy } = useDescribedField(name, helperText);
  return (
    <Field.Root invalid={invalid} required={required} ids={ids}>
      <FieldLabel label={label} required={required} />
      {multiline ? (
        <Textarea
          {...field}
          value={field.value ?? ''}
          rows={multiline}
          placeholder={inputProps.placeholder}
          autoComplete={inputProps.autoComplete}
          fontFamily={inputProps.fontFamily}
          aria-describedby={describedBy}
        />
      ) : (
        <Input
          {...field}
          value={field.value ?? ''}
          {...inputProps}
          aria-describedby={describedBy}
        />
      )}
      {helperText && !invalid ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {invalid ? <Field.ErrorText color="red.fg">{meta.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
