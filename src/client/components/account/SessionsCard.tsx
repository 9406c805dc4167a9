import { Button, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '../../lib/errors';
import { toastError, toastSuccess } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';

/** Ends every other session of this member (a lost phone, a shared computer). */
export function SessionsCard() {
  const end = trpc.account.endOtherSessions.useMutation({
    onSuccess: () => toastSuccess('Signed out elsewhere', 'Every other session has been ended.'),
    onError: (error) => toastError('Error', errorMessage(error, 'Failed to end other sessions')),
  });
  return (
    <Stack gap="2" align="flex-start">
      <Text color="fg.muted" fontSize="sm">
        Signed in on another device you no longer use? End every session except this one.
      </Text>
      <Button variant="outline" onClick={() => end.mutate()} loading={end.isPending}>
        Log out other sessions
      </Button>
    </Stack>
  );
}
