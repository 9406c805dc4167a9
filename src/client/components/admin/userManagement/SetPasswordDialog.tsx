import { Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { toFormikValidationSchema } from 'zod-formik-adapter';
import type { TUser } from '../../../../shared/schemas/auth';
import { ZSetPasswordFormSchema } from '../../../../shared/schemas/adminUsers';
import { errorMessage } from '../../../lib/errors';
import { keyedToasts } from '../../../lib/toaster';
import { trpc } from '../../../lib/trpc';
import { AppDialog } from '../../common/AppDialog';
import { DialogFormActions } from '../../common/FormButtons';
import { FormField } from '../../common/FormField';

const toasts = keyedToasts('setPassword');

export function SetPasswordDialog({ user, onClose }: { user: TUser | null; onClose: () => void }) {
  const setPassword = trpc.adminUsers.setPassword.useMutation({
    onSuccess: () => {
      toasts.success(
        'Temporary password set',
        `Share it with ${user?.username ?? 'the member'} safely.`,
      );
      onClose();
    },
    onError: (error) => toasts.error('Error', errorMessage(error, 'Failed to set password')),
  });
  return (
    <AppDialog open={Boolean(user)} onClose={onClose} title="Set Temporary Password">
      {user ? (
        <Formik
          initialValues={{ password: '' }}
          validationSchema={toFormikValidationSchema(ZSetPasswordFormSchema)}
          onSubmit={async (values) => {
            await setPassword
              .mutateAsync({ id: user.id, password: values.password })
              .catch(() => undefined);
          }}
        >
          {() => (
            <Form noValidate>
              <Stack gap="4">
                <Text fontSize="sm" color="fg.muted">
                  {user.username} will be signed out everywhere and can sign in with this password
                  once: they must choose a new one before they can do anything else.
                </Text>
                <FormField
                  name="password"
                  label="Temporary Password"
                  type="password"
                  autoComplete="new-password"
                />
                <DialogFormActions onCancel={onClose} submitLabel="Set Password" />
              </Stack>
            </Form>
          )}
        </Formik>
      ) : null}
    </AppDialog>
  );
}
