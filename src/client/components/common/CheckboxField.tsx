// A Formik-bound checkbox; the visible label is its name, the description its explanation.
import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { useField } from 'formik';
import { useId } from 'react';

export function CheckboxField({
  name,
  label,
  description,
  disabled,
}: {
  name: string;
  label: string;
  description?: string;
  /** Shown, read-only (a value that can no longer change). */
  disabled?: boolean;
}) {
  const [field, , helpers] = useField<boolean>(name);
  const descriptionId = useId();
  return (
    <Stack gap="1">
      <Checkbox.Root
        checked={field.value}
        onCheckedChange={(e) => void helpers.setValue(e.checked === true)}
        colorPalette="purple"
        name={name}
        disabled={disabled}
      >
        <Checkbox.HiddenInput
          onBlur={field.onBlur}
          aria-describedby={description ? descriptionId : undefined}
        />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      {description ? (
        <Text id={descriptionId} fontSize="sm" color="fg.muted" ps="7">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
