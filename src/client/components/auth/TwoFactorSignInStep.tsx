// The second step of a sign-in for an account with two-factor sign-in: a code from the
// authenticator app, or one of the recovery codes. The password step has set this browser's
// cookie to a pending sign-in, which this completes within five minutes (auth.loginTwoFactor).
import { Heading, Link as ChakraLink, Text } from '@chakra-ui/react';
import { TWO_FACTOR_MSG } from '../../../shared/twoFactor';
import { finishAccountSignIn } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { toastError } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { SubmitButton } from '../common/FormButtons';
import { FormField } from '../common/FormField';
import { StackForm } from '../common/StackForm';
import { ErrorAlert } from '../common/StatusAlert';

const FAILED = TWO_FACTOR_MSG.codeInvalid;
// Fetched when the code field takes the focus (at once): the step paints without zod. Its code
// rule says TWO_FACTOR_MSG.codeRequired for a blank code (the username is the step's, not typed).
const loadSchema = () =>
  import('../../../shared/schemas/twoFactor').then((m) => m.ZTwoFactorSignInRequestSchema);
const initialValues = { code: '' };

interface Props {
  username: string;
  /** Back to the username and password (an expired step, another account). */
  onBack: () => void;
}

export function TwoFactorSignInStep({ username, onBack }: Props) {
  const complete = trpc.auth.loginTwoFactor.useMutation({
    onSuccess: (user) => finishAccountSignIn(user),
    onError: (error) => toastError('Login failed', errorMessage(error, FAILED)),
  });
  // No refusal is about the field: it is said above it (and in the toast).
  const form = useZodForm({
    initialValues,
    loadSchema,
    submit: (values) => complete.mutateAsync({ code: values.code.trim(), username }),
  });
  const failure = complete.error ? errorMessage(complete.error, FAILED) : null;
  return (
    <StackForm form={form} gap="4" onFocus={form.preload}>
      <Heading as="h2" size="md">
        Two-factor sign-in
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {username}, open your authenticator app and enter the 6-digit code it shows for this
        platform. Lost your phone? Enter one of your recovery codes instead.
      </Text>
      <ErrorAlert message={failure} />
      <FormField
        name="code"
        label="Authentication code"
        autoComplete="one-time-code"
        autoFocus
        spellCheck={false}
        autoCapitalize="off"
        helperText="6 digits, or a recovery code like abcd-efgh-jkmn"
      />
      <SubmitButton busy={complete.isSuccess}>Verify</SubmitButton>
      <ChakraLink
        as="button"
        type="button"
        alignSelf="flex-start"
        fontSize="sm"
        color="purple.fg"
        onClick={onBack}
      >
        Back to sign in
      </ChakraLink>
    </StackForm>
  );
}
