import { Box, Button, Flex, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { LogOut, Settings } from 'lucide-react';
import { Link } from 'wouter';
import type { TUser } from '../../../shared/schemas/auth';
import { useLogout } from '../../lib/auth';
import { useSiteName } from '../../lib/useDocumentTitle';
import { ThemeToggle } from '../common/ThemeToggle';
import { UserAvatar } from '../common/UserAvatar';
import { Logo } from './Logo';
import { NavLinks } from './NavLinks';
import type { NavItem } from './navItems';

interface Props {
  user: TUser;
  items: NavItem[];
  onNavigate?: () => void;
}

/** The sidebar body, used on wide screens and inside the mobile drawer. */
export function SidebarContent({ user, items, onNavigate }: Props) {
  const logout = useLogout();
  const siteName = useSiteName();
  return (
    <Flex direction="column" h="full" gap="4">
      <Box px="2" pt="2">
        <Logo />
      </Box>
      <Box as="nav" aria-label="Main navigation" flex="1" overflowY="auto">
        <NavLinks items={items} onNavigate={onNavigate} />
      </Box>
      <Separator />
      <HStack gap="3" px="2">
        <UserAvatar name={user.username} src={user.profileImage} />
        <Stack gap="0" flex="1" minW="0">
          <Text fontWeight="semibold" truncate>
            {user.username}
          </Text>
          {user.role === 'admin' ? (
            <Text fontSize="xs" color="fg.muted">
              Administrator
            </Text>
          ) : null}
        </Stack>
      </HStack>
      <HStack gap="2">
        <ThemeToggle />
        <Link
          href="/settings"
          onClick={onNavigate}
          aria-label="Profile settings"
          title="Profile settings"
        >
          <Box p="2" rounded="md" _hover={{ bg: 'bg.muted' }}>
            <Settings size={18} aria-hidden />
          </Box>
        </Link>
        <Button
          flex="1"
          variant="outline"
          size="sm"
          onClick={() => logout.mutate()}
          loading={logout.isPending}
        >
          <LogOut size={16} aria-hidden /> Logout
        </Button>
      </HStack>
      <Text fontSize="xs" color="fg.muted" textAlign="center">
        © {new Date().getFullYear()} {siteName}. All rights reserved.
      </Text>
    </Flex>
  );
}
