import { HStack, Text } from '@chakra-ui/react';
import { Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';

export function Logo() {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: Infinity });
  return (
    <Link href="/" aria-label="Home">
      <HStack gap="2" color="purple.fg">
        <Trophy size={24} aria-hidden />
        <Text fontWeight="bold" fontSize="lg" color="fg">
          {settings.data?.siteName ?? 'Contest Platform'}
        </Text>
      </HStack>
    </Link>
  );
}
