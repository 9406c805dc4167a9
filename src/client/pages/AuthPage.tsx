import { Alert, Box, Card, Center, Flex, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { Trophy } from 'lucide-react';
import { ThemeToggle } from '../components/common/ThemeToggle';
import { BarePage } from '../components/layout/BarePage';
import { LoginForm } from '../components/auth/LoginForm';
import { RegisterForm } from '../components/auth/RegisterForm';
import { OidcButtons } from '../components/auth/OidcButtons';
import { OidcFollowUpSlot, useOidcFollowUpShown } from '../components/auth/OidcFlowGate';
import { MSG } from '../../shared/messages';
import { DEFAULT_SITE_NAME } from '../../shared/platformName';
import { useSessionEndedNotice } from '../lib/auth';
import { trpc } from '../lib/trpc';

export function AuthPage() {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: Infinity });
  const sessionEnded = useSessionEndedNotice();
  const followUp = useOidcFollowUpShown();
  return (
    <BarePage title="Sign In">
      <Flex justify="flex-end" p="3">
        <ThemeToggle />
      </Flex>
      <Center px="4" pb="12">
        <Stack w="full" maxW="md" gap="6">
          <Stack align="center" gap="2" textAlign="center">
            <Box color="purple.fg">
              <Trophy size={40} aria-hidden />
            </Box>
            <Heading as="h1" size="2xl">
              {settings.data?.siteName ?? DEFAULT_SITE_NAME}
            </Heading>
            <Text color="fg.muted">
              Join our platform to participate in exciting contests and tournaments
            </Text>
          </Stack>
          {settings.data?.maintenanceMode ? (
            // Said before sign-in: members would otherwise sign in only to meet the notice.
            <Alert.Root status="info" role="status">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Under maintenance</Alert.Title>
                <Alert.Description>
                  The platform is undergoing scheduled maintenance. Members can sign in again once
                  it is over; administrators can sign in now.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {sessionEnded ? (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Title>{MSG.sessionEnded}</Alert.Title>
            </Alert.Root>
          ) : null}
          <OidcFollowUpSlot />
          <Card.Root hidden={followUp}>
            <Card.Body>
              <Tabs.Root defaultValue="login" fitted variant="enclosed" lazyMount unmountOnExit>
                <Tabs.List mb="4">
                  <Tabs.Trigger value="login">Login</Tabs.Trigger>
                  <Tabs.Trigger value="register">Register</Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="login">
                  <LoginForm />
                  <OidcButtons />
                </Tabs.Content>
                <Tabs.Content value="register">
                  <RegisterForm />
                  <OidcButtons />
                </Tabs.Content>
              </Tabs.Root>
            </Card.Body>
          </Card.Root>
        </Stack>
      </Center>
    </BarePage>
  );
}
