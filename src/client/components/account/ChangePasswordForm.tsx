// The one change-password form: in Account Settings' Security panel, and on the screen a member
// with a temporary password meets at sign-in (components/auth/ChooseNewPasswordPage.tsx).
import { ZChangePasswordFormSchema } from '../../../shared/schemas/account';
import { useCurrentUser } from '../../lib/auth';
import {
  CURRENT_PASSWORD_INCORRECT,
  newPasswordRefusals,
  type ServerFieldRules,
} from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { FormField } from '../common/FormField';
import { NewPasswordFields } from '../common/NewPasswordFields';
import { StackForm } from '../common/StackForm';
import { SubmitButton } from '../common/FormButtons';
import { toastOutcome } from '../../lib/toastOutcome';

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
  const change = trpc.account.changePassword.useMutation(
    toastOutcome(toasts, {
      success: 'Password updated successfully',
      failure: 'Failed to update password',
    }),
  );
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
    <StackForm form={form} gap="4" pt="4" maxW="md">
      {({ values }) => (
        <>
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
          <SubmitButton alignSelf="flex-start">{submitLabel}</SubmitButton>
        </>
      )}
    </StackForm>
  );
}
