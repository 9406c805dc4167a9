// The page a verification link opens (/verify-email?token=...): it verifies at once, signed in or
// not (the link is the proof), and says so.
import { Button, Spinner, Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'wouter';
import { ResendVerificationButton } from '../components/account/ResendVerificationButton';
import { LinkPageFrame, linkProblem } from '../components/auth/LinkPageFrame';
import { ErrorAlert, SuccessAlert } from '../components/common/StatusAlert';
import { useCurrentUser } from '../lib/auth';
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
  const problem = linkProblem(token, verify.error);
  return (
    <LinkPageFrame title="E-mail verification">
      {problem ? (
        <Stack gap="4">
          <ErrorAlert message={problem} />
          {user && !user.emailVerifiedAt ? (
            <ResendVerificationButton alignSelf="flex-start" />
          ) : null}
        </Stack>
      ) : verify.data ? (
        <SuccessAlert title={verify.data.message}>{verify.data.email}</SuccessAlert>
      ) : (
        <Spinner aria-label="Verifying your e-mail address" />
      )}
      <Button asChild colorPalette="purple" variant="outline" alignSelf="flex-start">
        <Link href={user ? '/' : '/auth'}>{user ? 'Go to the dashboard' : 'Sign in'}</Link>
      </Button>
    </LinkPageFrame>
  );
}
