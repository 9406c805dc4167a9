import { Alert, Stack } from '@chakra-ui/react';
import { MSG } from '../../../shared/messages';
import { errorMessage, newPasswordRefusals, type ServerFieldRules } from '../../lib/errors';
import { toastError } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { FormField } from '../common/FormField';
import { StackForm } from '../common/StackForm';
import { PasswordStrength } from '../common/PasswordStrength';
import { useWelcomeNewMember } from './useWelcomeNewMember';
import { SubmitButton } from '../common/FormButtons';

const initialValues = { username: '', email: '', phone: '', password: '', confirmPassword: '' };
// Fetched on the form's first focus: the sign-in page (which holds this form) paints without zod.
const loadSchema = () =>
  import('../../../shared/schemas/auth').then((m) => m.ZRegisterRequestSchema);

// Refusals that are about one field show beside it, as well as in the toast.
const serverFields: ServerFieldRules = {
  byMessage: {
    ...newPasswordRefusals('password'),
    [MSG.usernameTaken]: 'username',
    [MSG.emailTaken]: 'email',
  },
  fields: Object.keys(initialValues),
};

export function RegisterForm() {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: Infinity });
  const welcome = useWelcomeNewMember();
  const register = trpc.auth.register.useMutation({
    onSuccess: welcome,
    onError: (error) =>
      toastError(
        'Registration failed',
        errorMessage(error, 'Failed to create account. Please try again.'),
      ),
  });
  const form = useZodForm({
    initialValues,
    loadSchema,
    serverFields,
    submit: register.mutateAsync,
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
    <StackForm form={form} gap="4" onFocus={form.preload}>
      {({ values }) => (
        <>
          <FormField name="username" label="Username" autoComplete="username" />
          <FormField name="email" label="Email" type="email" autoComplete="email" />
          <FormField name="phone" label="Phone (optional)" type="tel" autoComplete="tel" />
          <Stack gap="2">
            <FormField
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
            />
            <PasswordStrength
              password={values.password}
              userInputs={[values.username, values.email]}
            />
          </Stack>
          <FormField
            name="confirmPassword"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
          />
          <SubmitButton busy={register.isSuccess}>Create Account</SubmitButton>
        </>
      )}
    </StackForm>
  );
}
