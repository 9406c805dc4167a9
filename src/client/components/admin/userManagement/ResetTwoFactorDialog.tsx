// An admin turns a member's two-factor sign-in off (a lost phone and lost recovery codes), after
// a confirmation; the member's sessions end and the audit log records it.
import { Text } from '@chakra-ui/react';
import type { TUser } from '../../../../shared/schemas/auth';
import { keyedToasts } from '../../../lib/toaster';
import { toastOutcome } from '../../../lib/toastOutcome';
import { trpc } from '../../../lib/trpc';
import { ConfirmDialog } from '../../common/ConfirmDialog';

const toasts = keyedToasts('resetTwoFactor');

export function ResetTwoFactorDialog({
  user,
  onClose,
}: {
  user: TUser | null;
  onClose: () => void;
}) {
  const reset = trpc.twoFactor.reset.useMutation(
    toastOutcome(toasts, {
      success: () => [
        'Two-factor sign-in reset',
        `${user?.username ?? 'The member'} now signs in with their password alone.`,
      ],
      failure: 'Failed to reset two-factor sign-in',
      then: onClose,
    }),
  );
  return (
    <ConfirmDialog
      open={Boolean(user)}
      onClose={onClose}
      title="Reset Two-Factor Sign-In"
      confirmLabel="Reset"
      loading={reset.isPending}
      onConfirm={() => user && reset.mutate({ id: user.id })}
    >
      <Text>
        Turn off two-factor sign-in for <strong>{user?.username}</strong>? They will sign in with
        their password alone and can set it up again in Account Settings. Their sessions end now. Do
        this only when you are sure the request comes from them.
      </Text>
    </ConfirmDialog>
  );
}
