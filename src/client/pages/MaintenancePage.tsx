// What members see while the platform is in maintenance. It asks again every 30 seconds, when
// the tab or window is back in front, and on 'Check again': once maintenance is over, the route guard
// (which reads the same settings) puts the member back where they were.
import { Button, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Wrench } from 'lucide-react';
import { useEffect } from 'react';
import { BarePage } from '../components/layout/BarePage';
import { useLogout } from '../lib/auth';
import { trpc } from '../lib/trpc';

export const MAINTENANCE_RECHECK_MS = 30_000;

export function MaintenancePage() {
  const settings = trpc.settings.public.useQuery(undefined, {
    staleTime: Infinity,
    refetchInterval: MAINTENANCE_RECHECK_MS,
    refetchOnWindowFocus: 'always',
  });
  const { refetch } = settings;
  // The tab coming back into view is react-query's own cue; the window getting the focus back
  // (another app was in front, the tab stayed visible) is this page's.
  useEffect(() => {
    const recheck = () => void refetch();
    window.addEventListener('focus', recheck);
    return () => window.removeEventListener('focus', recheck);
  }, [refetch]);
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
          <Text fontSize="sm" color="fg.muted">
            This page checks by itself every 30 seconds and takes you back once it is over.
          </Text>
          {settings.data?.contactEmail ? (
            <Text fontSize="sm" color="fg.muted">
              Questions? Contact {settings.data.contactEmail}
            </Text>
          ) : null}
          <HStack gap="3">
            <Button
              colorPalette="purple"
              loading={settings.isFetching}
              onClick={() => void settings.refetch()}
            >
              Check again
            </Button>
            <Button variant="outline" onClick={() => logout.mutate()}>
              Logout
            </Button>
          </HStack>
        </Stack>
      </Center>
    </BarePage>
  );
}
