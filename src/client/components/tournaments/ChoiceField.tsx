// A Formik-bound group of radio buttons under a visible label (the group's accessible name).
import { Field, RadioGroup, Stack } from '@chakra-ui/react';
import { useField } from 'formik';

export function ChoiceField({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const [field, meta, helpers] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root invalid={invalid}>
      <RadioGroup.Root
        name={name}
        value={field.value}
        onValueChange={(e) => void helpers.setValue(e.value ?? '')}
        colorPalette="purple"
        size="sm"
      >
        <RadioGroup.Label fontWeight="medium" mb="2">
          {label}
        </RadioGroup.Label>
        <Stack gap="2">
          {options.map((o) => (
            <RadioGroup.Item key={o.value} value={o.value}>
              <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {invalid ? <Field.ErrorText color="red.fg">{meta.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
