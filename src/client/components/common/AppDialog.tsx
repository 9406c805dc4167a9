// A controlled dialog with a title, a body and a footer; focus is trapped by Chakra's Dialog and
// goes back, on close, to what opened it.
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * What should have the focus back when a dialog closes: the element that had it when the dialog
 * opened, or, for a dialog opened from a menu item (gone with its menu), the menu's trigger.
 */
function returnTarget(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  if (menu) {
    const triggerId = menu.getAttribute('aria-labelledby');
    return triggerId ? document.getElementById(triggerId) : null;
  }
  return active;
}

/** Focus back to the trigger on close; until then, the element to return to is kept. */
export function useReturnFocus(open: boolean): () => HTMLElement | null {
  const target = useRef<HTMLElement | null>(null);
  // Before the dialog's focus trap moves focus inside (its effects run after layout effects).
  useLayoutEffect(() => {
    if (open) target.current = returnTarget();
  }, [open]);
  return () => {
    const el = target.current;
    // A trigger gone meanwhile (its row deleted): Chakra's own choice.
    return el?.isConnected ? el : null;
  };
}

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
  const finalFocusEl = useReturnFocus(open);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      role={role}
      initialFocusEl={initialFocusEl}
      finalFocusEl={finalFocusEl}
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
