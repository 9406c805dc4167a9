// One row of a settings list (a session, a sign-in method): what it is on the left, its action
// on the right; stacked on a phone.
import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function SettingsListRow({ children }: { children: ReactNode }) {
  return (
    <Stack
      as="li"
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'center' }}
      justify="space-between"
      gap="3"
      py="3"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
    >
      {children}
    </Stack>
  );
}
