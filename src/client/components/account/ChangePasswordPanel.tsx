// The collapsible Change Password form: closes and resets on success (SPEC 2.11, 4).
import { Button, Collapsible, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toFormikValidationSchema } from 'zod-formik-adapter';
import { ZChangePasswordFormSchema } from '../../../shared/schemas/account';
import { errorMessage } from '../../lib/errors';
import { toastError, toastSuccess } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { FormField } from '../common/FormField';

const initialValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordPanel() {
  const [open, setOpen] = useState(false);
  const change = trpc.account.changePassword.useMutation({
    onSuccess: () => toastSuccess('Password updated successfully'),
    onError: (error) => toastError('Error', errorMessage(error, 'Failed to update password')),
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
          onSubmit={async (values, { resetForm }) => {
            const ok = await change
              .mutateAsync({
                currentPassword: values.currentPassword,
                newPassword: values.newPassword,
              })
              .catch(() => null);
            if (ok) {
              resetForm();
              setOpen(false);
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack gap="4" pt="4" maxW="md">
                <FormField
                  name="currentPassword"
                  label="Current Password"
                  type="password"
                  autoComplete="current-password"
                />
                <FormField
                  name="newPassword"
                  label="New Password"
                  type="password"
                  autoComplete="new-password"
                />
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
