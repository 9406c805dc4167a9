// Security's password part: Change Password for an account that has one; for an account made
// through an OpenID provider (no password yet), 'Set a password' without a current one.
import { Stack, Text } from '@chakra-ui/react';
import { ZSetPasswordRequestSchema } from '../../../shared/schemas/oidc';
import { useCurrentUser } from '../../lib/auth';
import { newPasswordRefusals, type ServerFieldRules } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { NewPasswordFields } from '../common/NewPasswordFields';
import { ChangePasswordPanel } from './ChangePasswordPanel';
import { StackForm } from '../common/StackForm';
import { SubmitButton } from '../common/FormButtons';
import { PasswordToggle } from './PasswordToggle';
import { toastOutcome } from '../../lib/toastOutcome';

const toasts = keyedToasts('password');
const initialValues = { newPassword: '', confirmPassword: '' };
const serverFields: ServerFieldRules = {
  byMessage: newPasswordRefusals('newPassword'),
  fields: Object.keys(initialValues),
};

function SetPasswordForm({ onSet }: { onSet: () => void }) {
  const { user } = useCurrentUser();
  const set = trpc.oidc.setPassword.useMutation(
    toastOutcome(toasts, {
      success: ['Password set', 'You can now also sign in with your username and password.'],
      failure: 'Failed to set the password',
    }),
  );
  const form = useZodForm({
    initialValues,
    schema: ZSetPasswordRequestSchema,
    serverFields,
    submit: (values) => set.mutateAsync(values),
    onSuccess: (_ok, { resetForm }) => {
      resetForm();
      onSet();
    },
  });
  return (
    <StackForm form={form} gap="4" pt="4" maxW="md">
      <NewPasswordFields name="newPassword" userInputs={[user?.username, user?.email]} />
      <SubmitButton alignSelf="flex-start">Set Password</SubmitButton>
    </StackForm>
  );
}

function SetPasswordPanel() {
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">
        Your account has no password: you sign in through a provider. A password gives you a way in
        without it.
      </Text>
      <PasswordToggle label="Set a password" cancelLabel="Cancel" alignSelf="flex-start">
        {(close) => <SetPasswordForm onSet={close} />}
      </PasswordToggle>
    </Stack>
  );
}

export function PasswordPanel() {
  const methods = trpc.oidc.methods.useQuery(undefined, { staleTime: 0 });
  if (methods.data && !methods.data.hasPassword) return <SetPasswordPanel />;
  return <ChangePasswordPanel />;
}
