// A Formik-bound textarea with its label and error tied to it, like FormField.
import { Field, Textarea, type TextareaProps } from '@chakra-ui/react';
import { useField } from 'formik';
import type { ReactNode } from 'react';

interface Props extends Omit<TextareaProps, 'name'> {
  name: string;
  label: string;
  helperText?: ReactNode;
}

export function TextareaField({ name, label, helperText, ...textareaProps }: Props) {
  const [field, meta] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <Textarea {...field} value={field.value ?? ''} {...textareaProps} />
      {helperText && !invalid ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {invalid ? <Field.ErrorText color="red.fg">{meta.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
