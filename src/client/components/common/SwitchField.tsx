// A Formik-bound switch; the visible label is the switch's accessible name.
import { Stack, Switch, Text } from '@chakra-ui/react';
import { useField } from 'formik';

export function SwitchField({
  name,
  label,
  description,
}: {
  name: string;
  label: string;
  description?: string;
}) {
  const [field, , helpers] = useField<boolean>(name);
  return (
    <Stack gap="1">
      <Switch.Root
        checked={field.value}
        onCheckedChange={(e) => void helpers.setValue(e.checked)}
        colorPalette="purple"
        name={name}
      >
        <Switch.HiddenInput onBlur={field.onBlur} />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{label}</Switch.Label>
      </Switch.Root>
      {description ? (
        <Text fontSize="sm" color="fg.muted" ps="12">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
