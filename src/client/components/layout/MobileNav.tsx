// The mobile top bar (menu, logo, theme, user) and bottom navigation of SPEC 2.2.
import {
  Box,
  CloseButton,
  Drawer,
  Flex,
  HStack,
  IconButton,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Menu } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { TIER_LABELS, normalizeTier } from '../../../shared/constants';
import type { TUser } from '../../../shared/schemas/auth';
import { ThemeToggle } from '../common/ThemeToggle';
import { UserAvatar } from '../common/UserAvatar';
import { Logo } from './Logo';
import { SidebarContent } from './Sidebar';
import { isActive, type NavItem } from './navItems';

interface Props {
  user: TUser;
  items: NavItem[];
  bottomItems: NavItem[];
}

export function MobileTopBar({
  user,
  items,
  bell,
}: Omit<Props, 'bottomItems'> & { bell?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const roleLabel =
    user.role === 'admin' ? 'Administrator' : TIER_LABELS[normalizeTier(user.subscriptionTier)];
  return (
    <Flex
      as="header"
      display={{ base: 'flex', md: 'none' }}
      align="center"
      gap="2"
      px="3"
      py="2"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="docked"
      bg="bg"
    >
      <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start">
        <Drawer.Trigger asChild>
          <IconButton aria-label="Open menu" variant="ghost" size="sm">
            <Menu />
          </IconButton>
        </Drawer.Trigger>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              {/* Names the dialog for screen readers; the logo inside says the rest. */}
              <Drawer.Title srOnly>Menu</Drawer.Title>
              <Drawer.Body py="4">
                <SidebarContent user={user} items={items} onNavigate={() => setOpen(false)} />
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close menu" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      <Box flex="1">
        <Logo compact />
      </Box>
      {bell}
      <ThemeToggle />
      <HStack gap="2">
        <Stack gap="0" textAlign="right">
          <Text fontSize="sm" fontWeight="semibold">
            {user.username}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {roleLabel}
          </Text>
        </Stack>
        <UserAvatar name={user.username} src={user.profileImage} size="xs" />
      </HStack>
    </Flex>
  );
}

export function MobileBottomNav({ bottomItems }: Pick<Props, 'bottomItems'>) {
  const [location] = useLocation();
  return (
    <Box
      as="nav"
      aria-label="Bottom navigation"
      data-bottom-nav=""
      display={{ base: 'block', md: 'none' }}
      position="fixed"
      bottom="0"
      insetX="0"
      borderTopWidth="1px"
      bg="bg"
      zIndex="docked"
    >
      <Flex justify="space-around" py="1">
        {bottomItems.map((item) => {
          const Icon = item.icon;
          const active = isActive(item, location);
          return (
            <Link key={item.href} href={item.href} aria-current={active ? 'page' : undefined}>
              <Stack align="center" gap="0" px="2" py="1" color={active ? 'purple.fg' : 'fg.muted'}>
                <Icon size={20} aria-hidden />
                <Text fontSize="2xs">{item.short ?? item.label}</Text>
              </Stack>
            </Link>
          );
        })}
      </Flex>
    </Box>
  );
}
