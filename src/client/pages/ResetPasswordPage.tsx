// The page a reset link opens (/reset-password?token=...): a new password under the usual rules.
// Success ends every session of the account, this browser's included: sign in again.
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'wouter';
import { ZResetPasswordFormSchema } from '../../shared/schemas/accountLinks';
import { ACCOUNT_LINK_MESSAGES as M } from '../../shared/schemas/accountLinks';
import { LinkPageFrame, PageLink } from '../components/auth/LinkPageFrame';
import { StackForm } from '../components/common/StackForm';
import { NewPasswordFields } from '../components/common/NewPasswordFields';
import { ErrorAlert } from '../components/common/StatusAlert';
import {
  errorMessage,
  errorReason,
  newPasswordRefusals,
  type ServerFieldRules,
} from '../lib/errors';
import { keyedToasts } from '../lib/toaster';
import { trpc } from '../lib/trpc';
import { useZodForm } from '../lib/useZodForm';

const toasts = keyedToasts('reset-password');
const initialValues = { password: '', confirmPassword: '' };
const serverFields: ServerFieldRules = {
  byMessage: newPasswordRefusals('password'),
  fields: Object.keys(initialValues),
};

function LinkProblem({ message }: { message: string }) {
  return (
    <Stack gap="4">
      <ErrorAlert message={message} />
      <PageLink href="/forgot-password">Request a new link</PageLink>
    </Stack>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = trpc.password.reset.useMutation({
    onSuccess: () => {
      toasts.success('Password changed');
      // Every session of the account has ended, this one's included.
    },
    onError: (error) => {
      if (errorReason(error) !== 'link_invalid') {
        toasts.error('Error', errorMessage(error, 'Failed to change the password'));
      }
    },
  });
  const form = useZodForm({
    initialValues,
    schema: ZResetPasswordFormSchema,
    serverFields,
    submit: (values) => reset.mutateAsync({ token, ...values }),
  });
  if (!token) {
    return (
      <LinkPageFrame title="Choose a new password">
        <LinkProblem message={M.tokenRequired} />
      </LinkPageFrame>
    );
  }
  if (reset.data) {
    return (
      <LinkPageFrame title="Choose a new password">
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{reset.data.message}</Alert.Title>
        </Alert.Root>
        <Button asChild colorPalette="purple" alignSelf="flex-start">
          <a href="/auth">Sign in</a>
        </Button>
      </LinkPageFrame>
    );
  }
  if (reset.error && errorReason(reset.error) === 'link_invalid') {
    return (
      <LinkPageFrame title="Choose a new password">
        <LinkProblem message={reset.error.message} />
      </LinkPageFrame>
    );
  }
  return (
    <LinkPageFrame title="Choose a new password">
      <StackForm form={form} gap="4">
        {({ isSubmitting }) => (
          <>
            <Text color="fg.muted">
              Choose a new password for your account. You will be signed out everywhere and sign in
              again with it.
            </Text>
            <NewPasswordFields name="password" userInputs={[]} />
            <Button type="submit" colorPalette="purple" loading={isSubmitting}>
              Change password
            </Button>
          </>
        )}
      </StackForm>
    </LinkPageFrame>
  );
}
