// What a member given a temporary password by an admin meets after signing in, whatever address
// they opened: they choose their own password before anything else (the server refuses every
// other call of their session with reason 'password_change_required' until they do).
import { Button, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useLocation } from 'wouter';
import type { TUser } from '../../../shared/schemas/auth';
import { useLogout } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { ChangePasswordForm } from '../account/ChangePasswordForm';
import { BarePage } from '../layout/BarePage';

export function ChooseNewPasswordPage({ user }: { user: TUser }) {
  const utils = trpc.useUtils();
  const [, navigate] = useLocation();
  const logout = useLogout();
  return (
    <BarePage title="Choose a new password">
      <Center px="4" py="12">
        <Card.Root w="full" maxW="md">
          <Card.Body>
            <Stack gap="3">
              <Heading as="h1" size="xl">
                Choose a new password
              </Heading>
              <Text color="fg.muted">
                {user.username}, an administrator gave you a temporary password. Choose a password
                of your own to continue.
              </Text>
              <ChangePasswordForm
                currentLabel="Temporary Password"
                submitLabel="Save New Password"
                onChanged={() => {
                  // The session is a full one now: the server says so, and the app opens at /.
                  // (account.changePassword marks auth.me stale: lib/invalidation.)
                  utils.auth.me.setData(undefined, { ...user, mustChangePassword: false });
                  navigate('/', { replace: true });
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
