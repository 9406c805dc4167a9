// The page an unlock link opens (/trust-device?token=...), mailed when sign-ins to an account are
// locked for browsers it does not know. Trusting waits for a click: a mail scanner that opens
// links must not use the link up (or trust itself).
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { Link, useSearchParams } from 'wouter';
import { ACCOUNT_LINK_MESSAGES as M } from '../../shared/schemas/accountLinks';
import { LinkPageFrame } from '../components/auth/LinkPageFrame';
import { errorMessage } from '../lib/errors';
import { trpc } from '../lib/trpc';

export function TrustDevicePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const trust = trpc.auth.trustDevice.useMutation();
  const problem = !token
    ? M.tokenRequired
    : trust.error
      ? errorMessage(trust.error, M.linkInvalid)
      : null;
  return (
    <LinkPageFrame title="Trust this browser">
      {problem ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      ) : trust.data ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{trust.data.message}</Alert.Title>
            <Alert.Description>Account: {trust.data.username}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
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
