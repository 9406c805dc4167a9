// The buttons every Formik form ends with: a save button that waits for a change, the
// Cancel + submit pair of dialogs (both bring FocusFirstError: a failed submit focuses the
// first field in error), and the submit + Cancel pair under a form in a page or a card.
import { Button, HStack, Stack, type ButtonProps } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import type { MouseEvent, ReactNode } from 'react';
import { FocusFirstError } from './FocusFirstError';

/**
 * A press on a submit button must not blur the field being typed in first: the blur marks that
 * field touched and shows its error, the text pushes the button down under the pointer before it
 * is released, and the click never happens (a form then showed one field's error per click).
 * Keeping the focus in the field lets the click submit, and the submit shows every error at once.
 */
const keepFocusOnPress = (event: MouseEvent) => event.preventDefault();

/** Disabled until the form is changed and while it is being saved (SPEC 2.11, 2.16). */
export function SaveButton({ children, ...props }: ButtonProps & { children: ReactNode }) {
  const { dirty, isSubmitting } = useFormikContext();
  return (
    <>
      <FocusFirstError />
      <Button
        type="submit"
        onMouseDown={keepFocusOnPress}
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
      <Button
        type="submit"
        onMouseDown={keepFocusOnPress}
        colorPalette={colorPalette}
        loading={isSubmitting}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}

/** Submit, then Cancel, on one line under a form in a page or a card. */
export function InlineFormActions({
  submitLabel,
  onCancel,
  colorPalette = 'purple',
  cancelVariant = 'ghost',
  busy = false,
  cancelling = false,
  roomy = false,
}: {
  submitLabel: ReactNode;
  /** No Cancel without it. */
  onCancel?: () => void;
  colorPalette?: 'purple' | 'red';
  cancelVariant?: 'ghost' | 'outline';
  /** Spinning on after the submit too (e.g. while the page moves on). */
  busy?: boolean;
  cancelling?: boolean;
  /** More room between the two, and a second line on a narrow screen. */
  roomy?: boolean;
}) {
  const { isSubmitting } = useFormikContext();
  return (
    <HStack gap={roomy ? '3' : '2'} wrap={roomy ? 'wrap' : undefined}>
      <Button type="submit" colorPalette={colorPalette} loading={isSubmitting || busy}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button variant={cancelVariant} onClick={onCancel} loading={cancelling}>
          Cancel
        </Button>
      ) : null}
    </HStack>
  );
}

/**
 * The submit of a form that leaves or moves on (sign-in, register): it spins while submitting,
 * and with `busy` after a success too, while the page moves on.
 */
export function SubmitButton({
  busy = false,
  children,
  ...props
}: ButtonProps & { busy?: boolean; children: ReactNode }) {
  const { isSubmitting } = useFormikContext();
  return (
    <Button type="submit" colorPalette="purple" loading={isSubmitting || busy} {...props}>
      {children}
    </Button>
  );
}
