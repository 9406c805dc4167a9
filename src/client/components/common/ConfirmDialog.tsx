// A yes/no question before something that cannot be undone. It opens on Cancel, the safe choice,
// so an Enter pressed out of habit changes nothing.
import { Button, Stack } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { AppDialog } from './AppDialog';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  loading?: boolean;
  /** No green: white on Chakra's green.solid is 3.3:1, below WCAG's 4.5:1. */
  colorPalette?: 'red' | 'purple';
}

export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  onConfirm,
  loading,
  colorPalette = 'red',
}: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title}
      role="alertdialog"
      initialFocusEl={() => cancelRef.current}
      footer={
        <Stack direction="row" gap="2">
          <Button ref={cancelRef} variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette={colorPalette} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Stack>
      }
    >
      {children}
    </AppDialog>
  );
}
