// The page a verification link opens (/verify-email?token=...): it verifies at once, signed in or
// not (the link is the proof), and says so.
import { Alert, Button, Spinner, Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'wouter';
import { ACCOUNT_LINK_MESSAGES as M } from '../../shared/schemas/accountLinks';
import { ResendVerificationButton } from '../components/account/ResendVerificationButton';
import { LinkPageFrame } from '../components/auth/LinkPageFrame';
import { useCurrentUser } from '../lib/auth';
import { errorMessage } from '../lib/errors';
import { trpc } from '../lib/trpc';

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useCurrentUser();
  const verify = trpc.email.verify.useMutation();
  // Once per token, StrictMode's second effect run included: a token is used up by its first try.
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (!token || tried.current === token) return;
    tried.current = token;
    verify.mutate({ token });
  }, [token, verify]);
  const problem = !token
    ? M.tokenRequired
    : verify.error
      ? errorMessage(verify.error, M.linkInvalid)
      : null;
  return (
    <LinkPageFrame title="E-mail verification">
      {problem ? (
        <Stack gap="4">
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{problem}</Alert.Title>
          </Alert.Root>
          {user && !user.emailVerifiedAt ? (
            <ResendVerificationButton alignSelf="flex-start" />
          ) : null}
        </Stack>
      ) : verify.data ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{verify.data.message}</Alert.Title>
            <Alert.Description>{verify.data.email}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Spinner aria-label="Verifying your e-mail address" />
      )}
      <Button asChild colorPalette="purple" variant="outline" alignSelf="flex-start">
        <Link href={user ? '/' : '/auth'}>{user ? 'Go to the dashboard' : 'Sign in'}</Link>
      </Button>
    </LinkPageFrame>
  );
}
