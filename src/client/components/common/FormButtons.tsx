// The buttons every Formik form ends with: a save button that waits for a change, and the
// Cancel + submit pair of dialogs. Both bring FocusFirstError: a failed submit focuses the
// first field in error.
import { Button, Stack, type ButtonProps } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { FocusFirstError } from './FocusFirstError';

/** Disabled until the form is changed and while it is being saved (SPEC 2.11, 2.16). */
export function SaveButton({ children, ...props }: ButtonProps & { children: ReactNode }) {
  const { dirty, isSubmitting } = useFormikContext();
  return (
    <>
      <FocusFirstError />
      <Button
        type="submit"
        colorPalette="purple"
        alignSelf="flex-start"
        disabled={!dirty || isSubmitting}
        loading={isSubmitting}
        {...props}
      >
        {children}
      </Button>
    </>
  );
}

export function DialogFormActions({
  onCancel,
  submitLabel,
  colorPalette = 'purple',
}: {
  onCancel: () => void;
  submitLabel: string;
  /** red for a submit that refuses or removes something. */
  colorPalette?: 'purple' | 'red';
}) {
  const { isSubmitting } = useFormikContext();
  return (
    <Stack direction="row" justify="flex-end" gap="2" pt="2">
      <FocusFirstError />
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" colorPalette={colorPalette} loading={isSubmitting}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
