// The collapsible Change Password form: closes and resets on success (SPEC 2.11, 4).
import { Button, Collapsible } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { ChangePasswordForm } from './ChangePasswordForm';

export function ChangePasswordPanel() {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
      <Collapsible.Trigger asChild>
        <Button variant="outline">
          <KeyRound size={16} aria-hidden /> {open ? 'Cancel Password Change' : 'Change Password'}
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <ChangePasswordForm onChanged={() => setOpen(false)} />
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
