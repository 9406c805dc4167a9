// A Formik-bound textarea with its label and error tied to it; with `maxLength`, a counter of the
// characters used.
import { Field, HStack, Text, Textarea, type TextareaProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDescribedField, FieldLabel } from './describedField';

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
  const { field, meta, invalid, ids, describedBy } = useDescribedField(name, helperText);
  const length = (field.value ?? '').length;
  return (
    <Field.Root invalid={invalid} required={required} ids={ids}>
      <FieldLabel label={label} required={required} />
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
