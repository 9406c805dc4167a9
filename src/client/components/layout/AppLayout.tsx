import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { TUser } from '../../../shared/schemas/auth';
import { SidebarContent } from './Sidebar';
import { MobileBottomNav, MobileTopBar } from './MobileNav';
import { adminBottomNav, adminNav, userBottomNav, userNav, type NavItem } from './navItems';
import { Trophy } from 'lucide-react';

function navFor(user: TUser): { items: NavItem[]; bottom: NavItem[] } {
  if (user.role === 'admin') {
    return { items: adminNav, bottom: adminNav.filter((i) => adminBottomNav.includes(i.href)) };
  }
  // Moderators keep the member navigation and gain the contest moderation screen (PRODUCT.md).
  const items =
    user.role === 'moderator'
      ? [
          ...userNav.slice(0, -1),
          { href: '/admin/contests', label: 'Moderation', icon: Trophy },
          userNav.at(-1)!,
        ]
      : userNav;
  return { items, bottom: userNav.filter((i) => userBottomNav.includes(i.href)) };
}

export function AppLayout({ user, children }: { user: TUser; children: ReactNode }) {
  const { items, bottom } = navFor(user);
  return (
    <Flex minH="100vh">
      <Box
        as="aside"
        display={{ base: 'none', md: 'block' }}
        w="64"
        flexShrink={0}
        borderRightWidth="1px"
        p="4"
        position="sticky"
        top="0"
        h="100vh"
      >
        <SidebarContent user={user} items={items} />
      </Box>
      <Flex direction="column" flex="1" minW="0">
        <MobileTopBar user={user} items={items} />
        <Box as="main" flex="1" p={{ base: '4', md: '8' }} pb={{ base: '24', md: '8' }}>
          {children}
        </Box>
      </Flex>
      <MobileBottomNav bottomItems={bottom} />
    </Flex>
  );
}
