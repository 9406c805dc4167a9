import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { BarePage } from '../components/layout/BarePage';

export function NotFoundPage() {
  return (
    <BarePage title="Page Not Found">
      <Center minH="100vh" p="6">
        <Stack align="center" gap="4" textAlign="center">
          <Text fontSize="6xl" fontWeight="bold" color="purple.fg">
            404
          </Text>
          <Heading as="h1" size="2xl">
            Page Not Found
          </Heading>
          <Text color="fg.muted">
            The page you are looking for does not exist or has been moved.
          </Text>
          <Button asChild colorPalette="purple">
            <Link href="/">Go Home</Link>
          </Button>
        </Stack>
      </Center>
    </BarePage>
  );
}
