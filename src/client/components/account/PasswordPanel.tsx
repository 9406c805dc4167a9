// Security's password part: Change Password for an account that has one; for an account made
// through an OpenID provider (no password yet), 'Set a password' without a current one.
import { Button, Collapsible, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { ZSetPasswordRequestSchema } from '../../../shared/schemas/oidc';
import { useCurrentUser } from '../../lib/auth';
import { errorMessage, newPasswordRefusals, type ServerFieldRules } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { FocusFirstError } from '../common/FocusFirstError';
import { NewPasswordFields } from '../common/NewPasswordFields';
import { ChangePasswordPanel } from './ChangePasswordPanel';

const toasts = keyedToasts('password');
const initialValues = { newPassword: '', confirmPassword: '' };
const serverFields: ServerFieldRules = {
  byMessage: newPasswordRefusals('newPassword'),
  fields: Object.keys(initialValues),
};

function SetPasswordForm({ onSet }: { onSet: () => void }) {
  const { user } = useCurrentUser();
  const set = trpc.oidc.setPassword.useMutation({
    onSuccess: () =>
      toasts.success('Password set', 'You can now also sign in with your username and password.'),
    onError: (error) => toasts.error('Error', errorMessage(error, 'Failed to set the password')),
  });
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
    <Formik {...form}>
      {({ isSubmitting }) => (
        <Form noValidate>
          <FocusFirstError />
          <Stack gap="4" pt="4" maxW="md">
            <NewPasswordFields name="newPassword" userInputs={[user?.username, user?.email]} />
            <Button
              type="submit"
              colorPalette="purple"
              alignSelf="flex-start"
              loading={isSubmitting}
            >
              Set Password
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

function SetPasswordPanel() {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">
        Your account has no password: you sign in through a provider. A password gives you a way in
        without it.
      </Text>
      <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
        <Collapsible.Trigger asChild>
          <Button variant="outline" alignSelf="flex-start">
            <KeyRound size={16} aria-hidden /> {open ? 'Cancel' : 'Set a password'}
          </Button>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <SetPasswordForm onSet={() => setOpen(false)} />
        </Collapsible.Content>
      </Collapsible.Root>
    </Stack>
  );
}

export function PasswordPanel() {
  const methods = trpc.oidc.methods.useQuery(undefined, { staleTime: 0 });
  if (methods.data && !methods.data.hasPassword) return <SetPasswordPanel />;
  return <ChangePasswordPanel />;
}
