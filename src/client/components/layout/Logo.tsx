import { HStack, Text } from '@chakra-ui/react';
import { Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';

/** compact: the name hides on the narrowest screens (the mobile top bar needs the room). */
export function Logo({ compact = false }: { compact?: boolean }) {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: Infinity });
  return (
    <Link href="/" aria-label="Home">
      <HStack gap="2" color="purple.fg">
        <Trophy size={24} aria-hidden />
        <Text
          fontWeight="bold"
          fontSize="lg"
          color="fg"
          display={compact ? { base: 'none', sm: 'block' } : undefined}
        >
          {settings.data?.siteName ?? 'Contest Platform'}
        </Text>
      </HStack>
    </Link>
  );
}
