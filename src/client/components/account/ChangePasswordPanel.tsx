// The collapsible Change Password form: closes and resets on success (SPEC 2.11, 4).
import { Button, Collapsible, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toFormikValidationSchema } from 'zod-formik-adapter';
import { ZChangePasswordFormSchema } from '../../../shared/schemas/account';
import { useCurrentUser } from '../../lib/auth';
import {
  CURRENT_PASSWORD_INCORRECT,
  errorMessage,
  newPasswordRefusals,
  placeServerFieldErrors,
  type ServerFieldRules,
} from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { FormField } from '../common/FormField';
import { PasswordStrength } from '../common/PasswordStrength';
import { FocusFirstError } from '../common/FocusFirstError';

const toasts = keyedToasts('password');

const initialValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

// Refusals that are about one field show beside it, as well as in the toast.
const serverFields: ServerFieldRules = {
  byMessage: {
    ...newPasswordRefusals('newPassword'),
    [CURRENT_PASSWORD_INCORRECT]: 'currentPassword',
  },
  fields: Object.keys(initialValues),
};

export function ChangePasswordPanel() {
  const [open, setOpen] = useState(false);
  const { user } = useCurrentUser();
  const change = trpc.account.changePassword.useMutation({
    onSuccess: () => toasts.success('Password updated successfully'),
    onError: (error) => toasts.error('Error', errorMessage(error, 'Failed to update password')),
  });
  return (
    <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
      <Collapsible.Trigger asChild>
        <Button variant="outline">
          <KeyRound size={16} aria-hidden /> {open ? 'Cancel Password Change' : 'Change Password'}
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Formik
          initialValues={initialValues}
          validationSchema={toFormikValidationSchema(ZChangePasswordFormSchema)}
          onSubmit={async (values, { resetForm, setFieldError }) => {
            const ok = await change
              .mutateAsync({
                currentPassword: values.currentPassword,
                newPassword: values.newPassword,
              })
              .catch((error: unknown) => {
                placeServerFieldErrors(error, setFieldError, serverFields);
                return null;
              });
            if (ok) {
              resetForm();
              setOpen(false);
            }
          }}
        >
          {({ isSubmitting, values }) => (
            <Form noValidate>
              <FocusFirstError />
              <Stack gap="4" pt="4" maxW="md">
                <FormField
                  name="currentPassword"
                  label="Current Password"
                  type="password"
                  autoComplete="current-password"
                />
                <Stack gap="2">
                  <FormField
                    name="newPassword"
                    label="New Password"
                    type="password"
                    autoComplete="new-password"
                  />
                  <PasswordStrength
                    password={values.newPassword}
                    userInputs={[user?.username, user?.email, values.currentPassword]}
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
                  Update Password
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
