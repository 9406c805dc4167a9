// What a member given a temporary password by an admin meets after signing in, whatever address
// they opened: they choose their own password before anything else (the server refuses every
// other call of their session with reason 'password_change_required' until they do).
import { useLocation } from 'wouter';
import type { TUser } from '../../../shared/schemas/auth';
import { trpc } from '../../lib/trpc';
import { ChangePasswordForm } from '../account/ChangePasswordForm';
import { RequiredStepPage } from './RequiredStepPage';

export function ChooseNewPasswordPage({ user }: { user: TUser }) {
  const utils = trpc.useUtils();
  const [, navigate] = useLocation();
  return (
    <RequiredStepPage
      title="Choose a new password"
      maxW="md"
      gap="3"
      reason={`${user.username}, an administrator gave you a temporary password. Choose a password of your own to continue.`}
    >
      <ChangePasswordForm
        currentLabel="Temporary Password"
        submitLabel="Save New Password"
        onChanged={() => {
          // The session is a full one now: the server says so, and the app opens at /.
          // (account.changePassword marks auth.me stale: lib/invalidation.)
          utils.auth.me.setData(undefined, { ...user, mustChangePassword: false });
          navigate('/', { replace: true });
        }}
      />
    </RequiredStepPage>
  );
}
