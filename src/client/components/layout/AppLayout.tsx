import { Alert, Box, Flex, Link as ChakraLink } from '@chakra-ui/react';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { TUser } from '../../../shared/schemas/auth';
import { trpc } from '../../lib/trpc';
import { PageSpinner } from '../common/FullPageSpinner';
import { PlanGraceBanner } from '../subscriptions/PlanGraceBanner';
import { NotificationBell } from '../notifications/NotificationBell';
import { useUnreadNotifications } from '../notifications/useNotifications';
import { MainLandmark, SkipLink } from './MainLandmark';
import { SidebarContent } from './Sidebar';
import { MobileBottomNav, MobileTopBar } from './MobileNav';
import {
  adminBottomNav,
  adminNav,
  moderatorNav,
  userBottomNav,
  userNav,
  type NavItem,
} from './navItems';

function navFor(user: TUser): { items: NavItem[]; bottom: NavItem[] } {
  if (user.role === 'admin') {
    return { items: adminNav, bottom: adminNav.filter((i) => adminBottomNav.includes(i.href)) };
  }
  // Moderators keep the member navigation and gain the contest moderation screen (PRODUCT.md).
  const items = user.role === 'moderator' ? moderatorNav : userNav;
  return { items, bottom: userNav.filter((i) => userBottomNav.includes(i.href)) };
}

/** Admins keep working during maintenance (members see the maintenance page): say it is on. */
function MaintenanceBanner() {
  return (
    <Alert.Root status="warning" role="status" mb="6">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Maintenance mode is on</Alert.Title>
        <Alert.Description>
          Members see the maintenance page until it is turned off in{' '}
          <ChakraLink asChild variant="underline" color="inherit">
            <Link href="/admin/settings">Platform Settings</Link>
          </ChakraLink>
          .
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export function AppLayout({ user, children }: { user: TUser; children: ReactNode }) {
  const { items, bottom } = navFor(user);
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: Infinity });
  // One live count for the bell, shown in the top bar of either width.
  const unread = useUnreadNotifications();
  const bell = <NotificationBell unread={unread} />;
  return (
    <Flex minH="100vh">
      <SkipLink />
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
        // A printed page (a receipt) is its content only.
        _print={{ display: 'none' }}
      >
        <SidebarContent user={user} items={items} />
      </Box>
      <Flex direction="column" flex="1" minW="0">
        <MobileTopBar user={user} items={items} bell={bell} />
        <Flex
          as="header"
          display={{ base: 'none', md: 'flex' }}
          justify="flex-end"
          align="center"
          gap="2"
          px="8"
          pt="4"
          _print={{ display: 'none' }}
        >
          {bell}
        </Flex>
        <MainLandmark flex="1" p={{ base: '4', md: '8' }} pb={{ base: '24', md: '8' }}>
          {user.role === 'admin' && settings.data?.maintenanceMode ? <MaintenanceBanner /> : null}
          <PlanGraceBanner user={user} />
          {/* A screen still loading its code (the wizard) waits here, inside the layout. */}
          <Suspense fallback={<PageSpinner />}>{children}</Suspense>
        </MainLandmark>
      </Flex>
      <MobileBottomNav bottomItems={bottom} />
    </Flex>
  );
}
