import { Stack, Text } from '@chakra-ui/react';
import type { TUser } from '../../../../shared/schemas/auth';
import { ZSetPasswordFormSchema } from '../../../../shared/schemas/adminUsers';
import { keyedToasts } from '../../../lib/toaster';
import { toastOutcome } from '../../../lib/toastOutcome';
import { trpc } from '../../../lib/trpc';
import { DialogFormActions } from '../../common/FormButtons';
import { RowFormDialog } from '../../common/RowFormDialog';
import { FormField } from '../../common/FormField';

const toasts = keyedToasts('setPassword');

export function SetPasswordDialog({ user, onClose }: { user: TUser | null; onClose: () => void }) {
  const setPassword = trpc.adminUsers.setPassword.useMutation(
    toastOutcome(toasts, {
      success: () => [
        'Temporary password set',
        `Share it with ${user?.username ?? 'the member'} safely.`,
      ],
      failure: 'Failed to set password',
      then: onClose,
    }),
  );
  return (
    <RowFormDialog
      row={user}
      title="Set Temporary Password"
      onClose={onClose}
      form={(user) => ({
        initialValues: { password: '' },
        schema: ZSetPasswordFormSchema,
        submit: (values) => setPassword.mutateAsync({ id: user.id, password: values.password }),
      })}
    >
      {(user) => (
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            {user.username} will be signed out everywhere and can sign in with this password once:
            they must choose a new one before they can do anything else.
          </Text>
          <FormField
            name="password"
            label="Temporary Password"
            type="password"
            autoComplete="new-password"
          />
          <DialogFormActions onCancel={onClose} submitLabel="Set Password" />
        </Stack>
      )}
    </RowFormDialog>
  );
}
