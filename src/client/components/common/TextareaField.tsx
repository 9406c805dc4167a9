// A Formik-bound textarea with its label and error tied to it; with `maxLength`, a counter of the
// characters used.
import { Field, HStack, Text, Textarea, type TextareaProps } from '@chakra-ui/react';
import { useField } from 'formik';
import type { ReactNode } from 'react';
import { useFieldDescription } from './fieldDescription';

interface Props extends Omit<TextareaProps, 'name'> {
  name: string;
  label: string;
  helperText?: ReactNode;
  required?: boolean;
  maxLength?: number;
}

export function TextareaField({
  name,
  label,
  helperText,
  required,
  maxLength,
  ...textareaProps
}: Props) {
  const [field, meta] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  const length = (field.value ?? '').length;
  const { ids, describedBy } = useFieldDescription({ invalid, helper: Boolean(helperText) });
  return (
    <Field.Root invalid={invalid} required={required} ids={ids}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator color="red.fg" /> : null}
      </Field.Label>
      <Textarea
        {...field}
        value={field.value ?? ''}
        maxLength={maxLength}
        {...textareaProps}
        aria-describedby={describedBy}
      />
      <HStack justify="space-between" w="full" gap="3" align="flex-start">
        {invalid ? (
          <Field.ErrorText color="red.fg">{meta.error}</Field.ErrorText>
        ) : helperText ? (
          <Field.HelperText>{helperText}</Field.HelperText>
        ) : (
          <span />
        )}
        {maxLength ? (
          <Text fontSize="sm" color="fg.muted" flexShrink={0}>
            {length}/{maxLength}
          </Text>
        ) : null}
      </HStack>
    </Field.Root>
  );
}
