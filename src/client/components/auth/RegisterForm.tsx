import { Alert, Button, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { toFormikValidationSchema } from 'zod-formik-adapter';
import { ZRegisterRequestSchema } from '../../../shared/schemas/auth';
import { finishSignIn } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { toastError } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { FormField } from '../common/FormField';

const initialValues = { username: '', email: '', phone: '', password: '', confirmPassword: '' };

export function RegisterForm() {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: Infinity });
  const register = trpc.auth.register.useMutation({
    onSuccess: (user) =>
      finishSignIn(
        'Registration successful',
        `Welcome to ${settings.data?.siteName ?? 'Contest Platform'}, ${user.username}!`,
      ),
    onError: (error) =>
      toastError(
        'Registration failed',
        errorMessage(error, 'Failed to create account. Please try again.'),
      ),
  });
  if (settings.data && !settings.data.enableRegistration) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>Registration is currently disabled</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={toFormikValidationSchema(ZRegisterRequestSchema)}
      onSubmit={async (values) => {
        await register.mutateAsync(values).catch(() => undefined);
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Stack gap="4">
            <FormField name="username" label="Username" autoComplete="username" />
            <FormField name="email" label="Email" type="email" autoComplete="email" />
            <FormField name="phone" label="Phone (optional)" type="tel" autoComplete="tel" />
            <FormField
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
            />
            <FormField
              name="confirmPassword"
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
            />
            <Button
              type="submit"
              colorPalette="purple"
              loading={isSubmitting || register.isSuccess}
            >
              Create Account
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
