// A controlled dialog with a title, a body and a footer; focus is trapped by Chakra's Dialog.
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** Where focus goes on open; by default the first focusable element. */
  initialFocusEl?: () => HTMLElement | null;
  /** Wider dialogs for long content (the contest preview). */
  size?: 'md' | 'lg' | 'xl';
}

export function AppDialog({
  open,
  onClose,
  title,
  children,
  footer,
  role = 'dialog',
  initialFocusEl,
  size = 'md',
}: Props) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      role={role}
      initialFocusEl={initialFocusEl}
      size={size}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
