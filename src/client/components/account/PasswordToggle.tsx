// The outline button with a key that opens a password form below it, and turns into its Cancel.
import { Button, Collapsible } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';

export function PasswordToggle({
  label,
  cancelLabel,
  alignSelf,
  children,
}: {
  label: string;
  cancelLabel: string;
  alignSelf?: 'flex-start';
  /** The form; `close` folds it away after a success. */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
      <Collapsible.Trigger asChild>
        <Button variant="outline" alignSelf={alignSelf}>
          <KeyRound size={16} aria-hidden /> {open ? cancelLabel : label}
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>{children(() => setOpen(false))}</Collapsible.Content>
    </Collapsible.Root>
  );
}
