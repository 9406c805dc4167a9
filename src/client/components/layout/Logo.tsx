import { HStack, Text } from '@chakra-ui/react';
import { Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { useSiteName } from '../../lib/useDocumentTitle';

/**
 * The platform's name, linking home; the link is named by that visible text (WCAG 2.5.3).
 * compact: the name is only read out on the narrowest screens (the mobile top bar needs the room).
 */
export function Logo({ compact = false }: { compact?: boolean }) {
  const siteName = useSiteName();
  return (
    <Link href="/">
      <HStack gap="2" color="purple.fg">
        <Trophy size={24} aria-hidden />
        <Text
          fontWeight="bold"
          fontSize="lg"
          color="fg"
          srOnly={compact ? { base: true, sm: false } : undefined}
        >
          {siteName}
        </Text>
      </HStack>
    </Link>
  );
}
