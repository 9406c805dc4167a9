import { Button, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import type { TLoginRequest } from '../../../shared/schemas/auth';
import { finishSignIn } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { lazySchemaValidation } from '../../lib/lazyValidation';
import { toastError, toastInfo } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { FormField } from '../common/FormField';
import { FocusFirstError } from '../common/FocusFirstError';

const initialValues: TLoginRequest = { username: '', password: '' };
const validate = lazySchemaValidation<TLoginRequest>(() =>
  import('../../../shared/schemas/auth').then((m) => m.ZLoginRequestSchema),
);

export function LoginForm() {
  const login = trpc.auth.login.useMutation({
    onSuccess: (user) => finishSignIn('Login successful', `Welcome back, ${user.username}!`),
    onError: (error) =>
      toastError('Login failed', errorMessage(error, 'Invalid username or password')),
  });
  return (
    <Formik
      initialValues={initialValues}
      validate={validate}
      onSubmit={async (values) => {
        await login.mutateAsync(values).catch(() => undefined);
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate onFocus={validate.preload}>
          <FocusFirstError />
          <Stack gap="4">
            <FormField name="username" label="Username" autoComplete="username" />
            <FormField
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
            />
            <ChakraLink
              as="button"
              type="button"
              alignSelf="flex-end"
              fontSize="sm"
              color="purple.fg"
              onClick={() => toastInfo('Password reset', 'This feature is coming soon!')}
            >
              Forgot password?
            </ChakraLink>
            <Button type="submit" colorPalette="purple" loading={isSubmitting || login.isSuccess}>
              Login
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
