import { Text } from '@chakra-ui/react';
import type { TUser } from '../../../../shared/schemas/auth';
import { keyedToasts } from '../../../lib/toaster';
import { toastOutcome } from '../../../lib/toastOutcome';
import { trpc } from '../../../lib/trpc';
import { ConfirmDialog } from '../../common/ConfirmDialog';

const toasts = keyedToasts('deleteUser');

export function DeleteUserDialog({ user, onClose }: { user: TUser | null; onClose: () => void }) {
  const remove = trpc.adminUsers.delete.useMutation(
    toastOutcome(toasts, {
      success: 'User has been deleted successfully',
      failure: 'Failed to delete user',
      then: onClose,
    }),
  );
  return (
    <ConfirmDialog
      open={Boolean(user)}
      onClose={onClose}
      title="Delete User"
      confirmLabel="Delete"
      loading={remove.isPending}
      onConfirm={() => user && remove.mutate({ id: user.id })}
    >
      <Text>
        Are you sure you want to delete <strong>{user?.username}</strong>? All of the user&apos;s
        data, including contest participations and submissions, will be removed, and the user will
        no longer be able to log in. This cannot be undone.
      </Text>
    </ConfirmDialog>
  );
}
