import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Wrench } from 'lucide-react';
import { BarePage } from '../components/layout/BarePage';
import { useLogout } from '../lib/auth';
import { trpc } from '../lib/trpc';

export function MaintenancePage() {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: Infinity });
  const logout = useLogout();
  return (
    <BarePage title="Under Maintenance">
      <Center minH="100vh" p="6">
        <Stack align="center" gap="4" maxW="md" textAlign="center">
          <Wrench size={48} aria-hidden />
          <Heading as="h1" size="2xl">
            Under Maintenance
          </Heading>
          <Text color="fg.muted">
            {settings.data?.siteName ?? 'The platform'} is undergoing scheduled maintenance. Please
            check back soon.
          </Text>
          {settings.data?.contactEmail ? (
            <Text fontSize="sm" color="fg.muted">
              Questions? Contact {settings.data.contactEmail}
            </Text>
          ) : null}
          <Button variant="outline" onClick={() => logout.mutate()}>
            Logout
          </Button>
        </Stack>
      </Center>
    </BarePage>
  );
}
