// Security's password part: Change Password for an account that has one; for an account made
// through an OpenID provider (no password yet), 'Set a password' without a current one.
import { Button, Collapsible, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toFormikValidationSchema } from 'zod-formik-adapter';
import { ZSetPasswordRequestSchema } from '../../../shared/schemas/oidc';
import { useCurrentUser } from '../../lib/auth';
import {
  errorMessage,
  newPasswordRefusals,
  useServerFieldErrors,
  type ServerFieldRules,
} from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { FocusFirstError } from '../common/FocusFirstError';
import { FormField } from '../common/FormField';
import { PasswordStrength } from '../common/PasswordStrength';
import { ChangePasswordPanel } from './ChangePasswordPanel';

const toasts = keyedToasts('password');
const initialValues = { newPassword: '', confirmPassword: '' };
const serverFields: ServerFieldRules = {
  byMessage: newPasswordRefusals('newPassword'),
  fields: Object.keys(initialValues),
};

function SetPasswordForm({ onSet }: { onSet: () => void }) {
  const { user } = useCurrentUser();
  const utils = trpc.useUtils();
  const serverErrors = useServerFieldErrors();
  const set = trpc.oidc.setPassword.useMutation({
    onSuccess: () =>
      toasts.success('Password set', 'You can now also sign in with your username and password.'),
    onError: (error) => toasts.error('Error', errorMessage(error, 'Failed to set the password')),
    onSettled: () => utils.oidc.methods.invalidate(),
  });
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={toFormikValidationSchema(ZSetPasswordRequestSchema)}
      validate={serverErrors.validate}
      onSubmit={async (values, { resetForm, setFieldError }) => {
        const ok = await set.mutateAsync(values).catch((error: unknown) => {
          serverErrors.place(error, values, setFieldError, serverFields);
          return null;
        });
        if (ok) {
          resetForm();
          onSet();
        }
      }}
    >
      {({ isSubmitting, values }) => (
        <Form noValidate>
          <FocusFirstError />
          <Stack gap="4" pt="4" maxW="md">
            <Stack gap="2">
              <FormField
                name="newPassword"
                label="New Password"
                type="password"
                autoComplete="new-password"
              />
              <PasswordStrength
                password={values.newPassword}
                userInputs={[user?.username, user?.email]}
              />
            </Stack>
            <FormField
              name="confirmPassword"
              label="Confirm New Password"
              type="password"
              autoComplete="new-password"
            />
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
