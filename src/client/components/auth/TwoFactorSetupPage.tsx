// What a moderator or admin meets after signing in when the platform requires two-factor sign-in
// for staff and they have none, whatever address they opened: they set it up before anything
// else (the server refuses every other call of theirs with reason 'two_factor_setup_required').
import { Button, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useLocation } from 'wouter';
import type { TMe } from '../../../shared/schemas/auth';
import { useLogout } from '../../lib/auth';
import { useMarkStale } from '../../lib/invalidation';
import { trpc } from '../../lib/trpc';
import { TwoFactorSetup } from '../account/TwoFactorSetup';
import { BarePage } from '../layout/BarePage';

export function TwoFactorSetupPage({ user }: { user: TMe }) {
  const utils = trpc.useUtils();
  const markStale = useMarkStale();
  const [, navigate] = useLocation();
  const logout = useLogout();
  return (
    <BarePage title="Set up two-factor sign-in">
      <Center px="4" py="12">
        <Card.Root w="full" maxW="lg">
          <Card.Body>
            <Stack gap="4">
              <Heading as="h1" size="xl">
                Set up two-factor sign-in
              </Heading>
              <Text color="fg.muted">
                {user.username}, this platform requires moderators and administrators to sign in
                with a code from an authenticator app as well as their password. Set it up to
                continue.
              </Text>
              <TwoFactorSetup
                headingAs="h2"
                onFinished={() => {
                  // The session is a full one now: the server says so, and the app opens.
                  const { twoFactorSetupRequired: _done, ...rest } = user;
                  utils.auth.me.setData(undefined, rest);
                  markStale('twoFactor.enable');
                  navigate(user.role === 'admin' ? '/admin' : '/', { replace: true });
                }}
              />
              <Button
                variant="ghost"
                alignSelf="flex-start"
                onClick={() => logout.mutate()}
                loading={logout.isPending}
              >
                Log out
              </Button>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Center>
    </BarePage>
  );
}
