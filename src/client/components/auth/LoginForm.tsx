import { Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'wouter';
import { lazy, Suspense, useState } from 'react';
import type { TLoginRequest } from '../../../shared/schemas/auth';
import { finishAccountSignIn } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { toastError } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { FormField } from '../common/FormField';
import { StackForm } from '../common/StackForm';
import { SubmitButton } from '../common/FormButtons';
import { ErrorAlert } from '../common/StatusAlert';

const initialValues: TLoginRequest = { username: '', password: '' };
// Met only by accounts with two-factor sign-in, after their password: its own chunk.
const TwoFactorSignInStep = lazy(() =>
  import('./TwoFactorSignInStep').then((m) => ({ default: m.TwoFactorSignInStep })),
);
const LOGIN_FAILED = 'Invalid username or password';
// Fetched on the form's first focus: the sign-in page paints without zod.
const loadSchema = () => import('../../../shared/schemas/auth').then((m) => m.ZLoginRequestSchema);

export function LoginForm() {
  // The account asks for a code after the password (or after its OpenID provider, which sends
  // the browser here with ?twoFactor=<username>): the code step, for this username.
  // Kept in the address too, so a reload within the pending sign-in's five minutes stays here.
  const [codeFor, setCodeForState] = useState<string | null>(() =>
    new URLSearchParams(window.location.search).get('twoFactor'),
  );
  const setCodeFor = (username: string | null) => {
    const url = new URL(window.location.href);
    if (username) url.searchParams.set('twoFactor', username);
    else url.searchParams.delete('twoFactor');
    window.history.replaceState(window.history.state, '', url);
    setCodeForState(username);
  };
  const login = trpc.auth.login.useMutation({
    onSuccess: (result, values) => {
      if ('twoFactorRequired' in result) setCodeFor(values.username);
      else finishAccountSignIn(result);
    },
    onError: (error) => toastError('Login failed', errorMessage(error, LOGIN_FAILED)),
  });
  // No refusal is about one field: it is said above them (and in the toast).
  const form = useZodForm({ initialValues, loadSchema, submit: login.mutateAsync });
  if (codeFor) {
    return (
      <Suspense fallback={null}>
        <TwoFactorSignInStep
          username={codeFor}
          onBack={() => {
            login.reset();
            setCodeFor(null);
          }}
        />
      </Suspense>
    );
  }
  // Said in the form as well as in the toast (which goes after 5 s): a wrong password, a lock-out
  // or a suspension stays beside the fields until the next try.
  const failure = login.error ? errorMessage(login.error, LOGIN_FAILED) : null;
  return (
    <StackForm form={form} gap="4" onFocus={form.preload}>
      <ErrorAlert message={failure} />
      <FormField name="username" label="Username" autoComplete="username" />
      <FormField name="password" label="Password" type="password" autoComplete="current-password" />
      <ChakraLink asChild alignSelf="flex-end" fontSize="sm" color="purple.fg">
        <Link href="/forgot-password">Forgot password?</Link>
      </ChakraLink>
      <SubmitButton busy={login.isSuccess && !codeFor}>Login</SubmitButton>
    </StackForm>
  );
}
