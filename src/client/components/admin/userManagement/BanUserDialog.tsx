// Ban with a reason (shown to the member when they try to sign in) and lift a ban.
import { Button, Stack, Text } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import {
  BAN_REASON_MAX,
  ZBanUserFormSchema,
  type TAdminUser,
} from '../../../../shared/schemas/adminUsers';
import { keyedToasts } from '../../../lib/toaster';
import { toastOutcome } from '../../../lib/toastOutcome';
import { trpc } from '../../../lib/trpc';
import { FocusFirstError } from '../../common/FocusFirstError';
import { RowFormDialog } from '../../common/RowFormDialog';
import { ReasonField } from '../../common/ReasonField';

const toasts = keyedToasts('ban');

function BanActions({ onCancel }: { onCancel: () => void }) {
  const { isSubmitting } = useFormikContext();
  return (
    <Stack direction="row" justify="flex-end" gap="2" pt="2">
      {/* A ban is not undone by a stray Enter: the dialog opens on Cancel. */}
      <Button variant="outline" onClick={onCancel} data-autofocus="">
        Cancel
      </Button>
      <Button type="submit" colorPalette="red" loading={isSubmitting}>
        Ban User
      </Button>
    </Stack>
  );
}

export function BanUserDialog({ user, onClose }: { user: TAdminUser | null; onClose: () => void }) {
  const ban = trpc.adminUsers.ban.useMutation(
    toastOutcome(toasts, {
      success: (banned: { username: string }) => [
        'User banned',
        `${banned.username} has been signed out everywhere.`,
      ],
      failure: 'Failed to ban user',
      then: onClose,
    }),
  );
  return (
    <RowFormDialog
      row={user}
      title="Ban User"
      onClose={onClose}
      form={(user) => ({
        initialValues: { reason: '' },
        schema: ZBanUserFormSchema,
        submit: (values) => ban.mutateAsync({ id: user.id, reason: values.reason }),
      })}
    >
      {(user) => (
        <>
          <FocusFirstError />
          <Stack gap="4">
            <Text>
              <strong>{user.username}</strong> will be signed out everywhere and cannot sign in
              until you unban them.
            </Text>
            <ReasonField
              maxLength={BAN_REASON_MAX}
              helperText="The member sees this when they try to sign in."
            />
            <BanActions onCancel={onClose} />
          </Stack>
        </>
      )}
    </RowFormDialog>
  );
}

/** Unban from the row menu: nothing to ask, and it is undone by banning again. */
export function useUnbanUser() {
  return trpc.adminUsers.unban.useMutation(
    toastOutcome(toasts, {
      success: (user: { username: string }) => [
        'User unbanned',
        `${user.username} can sign in again.`,
      ],
      failure: 'Failed to unban user',
    }),
  );
}
