// The page an unlock link opens (/trust-device?token=...), mailed when sign-ins to an account are
// locked for browsers it does not know. Trusting waits for a click: a mail scanner that opens
// links must not use the link up (or trust itself).
import { Button, Stack, Text } from '@chakra-ui/react';
import { Link, useSearchParams } from 'wouter';
import { LinkPageFrame, linkProblem } from '../components/auth/LinkPageFrame';
import { ErrorAlert, SuccessAlert } from '../components/common/StatusAlert';
import { trpc } from '../lib/trpc';

export function TrustDevicePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const trust = trpc.auth.trustDevice.useMutation();
  const problem = linkProblem(token, trust.error);
  return (
    <LinkPageFrame title="Trust this browser">
      {problem ? (
        <ErrorAlert message={problem} />
      ) : trust.data ? (
        <SuccessAlert title={trust.data.message}>Account: {trust.data.username}</SuccessAlert>
      ) : (
        <Stack gap="4">
          <Text>
            Sign-ins to your account are locked for browsers it does not know. Trust this browser to
            sign in from it with your password. Nobody is signed in by this link.
          </Text>
          <Button
            colorPalette="purple"
            alignSelf="flex-start"
            loading={trust.isPending}
            onClick={() => trust.mutate({ token })}
          >
            Trust this browser
          </Button>
        </Stack>
      )}
      <Button asChild colorPalette="purple" variant="outline" alignSelf="flex-start">
        <Link href="/auth">Sign in</Link>
      </Button>
    </LinkPageFrame>
  );
}
