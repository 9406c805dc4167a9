// The one change-password form: in Account Settings' Security panel, and on the screen a member
// with a temporary password meets at sign-in (components/auth/ChooseNewPasswordPage.tsx).
import { Button, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { ZChangePasswordFormSchema } from '../../../shared/schemas/account';
import { useCurrentUser } from '../../lib/auth';
import {
  CURRENT_PASSWORD_INCORRECT,
  errorMessage,
  newPasswordRefusals,
  type ServerFieldRules,
} from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { FormField } from '../common/FormField';
import { FocusFirstError } from '../common/FocusFirstError';
import { NewPasswordFields } from '../common/NewPasswordFields';

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

interface Props {
  /** Called once the password has changed (the form has reset itself). */
  onChanged: () => void;
  currentLabel?: string;
  submitLabel?: string;
}

export function ChangePasswordForm({
  onChanged,
  currentLabel = 'Current Password',
  submitLabel = 'Update Password',
}: Props) {
  const { user } = useCurrentUser();
  const change = trpc.account.changePassword.useMutation({
    onSuccess: () => toasts.success('Password updated successfully'),
    onError: (error) => toasts.error('Error', errorMessage(error, 'Failed to update password')),
  });
  const form = useZodForm({
    initialValues,
    schema: ZChangePasswordFormSchema,
    serverFields,
    submit: ({ currentPassword, newPassword }) =>
      change.mutateAsync({ currentPassword, newPassword }),
    onSuccess: (_ok, { resetForm }) => {
      resetForm();
      onChanged();
    },
  });
  return (
    <Formik {...form}>
      {({ isSubmitting, values }) => (
        <Form noValidate>
          <FocusFirstError />
          <Stack gap="4" pt="4" maxW="md">
            <FormField
              name="currentPassword"
              label={currentLabel}
              type="password"
              autoComplete="current-password"
            />
            <NewPasswordFields
              name="newPassword"
              userInputs={[user?.username, user?.email, values.currentPassword]}
            />
            <Button
              type="submit"
              colorPalette="purple"
              alignSelf="flex-start"
              loading={isSubmitting}
            >
              {submitLabel}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
