// 'Forgot password?' (issue 20): a username or e-mail address, and the same answer whether or not
// an account matches; the mail holds a link to /reset-password.
import { Button, Stack, Text } from '@chakra-ui/react';
import {
  ZForgotPasswordRequestSchema,
  type TForgotPasswordRequest,
} from '../../shared/schemas/accountLinks';
import { LinkPageFrame, PageLink } from '../components/auth/LinkPageFrame';
import { FormField } from '../components/common/FormField';
import { StackForm } from '../components/common/StackForm';
import { SuccessAlert } from '../components/common/StatusAlert';
import { errorMessage } from '../lib/errors';
import { keyedToasts } from '../lib/toaster';
import { trpc } from '../lib/trpc';
import { useZodForm } from '../lib/useZodForm';

const toasts = keyedToasts('forgot-password');
const initialValues: TForgotPasswordRequest = { identifier: '' };

export function ForgotPasswordPage() {
  const forgot = trpc.password.forgot.useMutation({
    onError: (error) =>
      toasts.error(
        'Error',
        errorMessage(error, 'Failed to send the reset link. Please try again.'),
      ),
  });
  // The same answer whether or not an account matches: no refusal is about the field.
  const form = useZodForm({
    initialValues,
    schema: ZForgotPasswordRequestSchema,
    submit: forgot.mutateAsync,
  });
  return (
    <LinkPageFrame title="Reset your password">
      {forgot.data ? (
        <Stack gap="4">
          <SuccessAlert title="Check your e-mail">{forgot.data.message}</SuccessAlert>
          <PageLink href="/auth">Back to sign in</PageLink>
        </Stack>
      ) : (
        <StackForm form={form} gap="4">
          {({ isSubmitting }) => (
            <>
              <Text color="fg.muted">
                Enter your username or e-mail address. If an account matches, we send it a link to
                choose a new password.
              </Text>
              <FormField
                name="identifier"
                label="Username or e-mail"
                autoComplete="username"
                required
              />
              <Button type="submit" colorPalette="purple" loading={isSubmitting}>
                Send reset link
              </Button>
              <PageLink href="/auth">Back to sign in</PageLink>
            </>
          )}
        </StackForm>
      )}
    </LinkPageFrame>
  );
}
