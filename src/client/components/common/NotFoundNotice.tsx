// The page a missing (or hidden) contest, team, ... shows: its title, why, and the way back to
// the contests.
import { Box, Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

export function NotFoundNotice({ title, message }: { title: string; message: string }) {
  useDocumentTitle(title);
  return (
    <Center py="16">
      <Stack align="center" gap="4" textAlign="center" maxW="md">
        <Box color="fg.muted">
          <SearchX size={48} aria-hidden />
        </Box>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{message}</Text>
        <Button asChild colorPalette="purple">
          <Link href="/contests">Browse Available Contests</Link>
        </Button>
      </Stack>
    </Center>
  );
}
