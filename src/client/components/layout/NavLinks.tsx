import { Box, Stack, Text } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import { isActive, type NavItem } from './navItems';

export function NavLinks({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const [location] = useLocation();
  return (
    <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
      {items.map((item) => {
        const active = isActive(item, location);
        const Icon = item.icon;
        return (
          <Box as="li" key={item.href}>
            <Link
              href={item.href}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className="nav-link"
            >
              <Box
                display="flex"
                alignItems="center"
                gap="3"
                px="3"
                py="2"
                rounded="md"
                fontWeight="medium"
                bg={active ? 'purple.solid' : 'transparent'}
                color={active ? 'purple.contrast' : 'fg'}
                _hover={{ bg: active ? 'purple.solid' : 'bg.muted' }}
              >
                <Icon size={18} aria-hidden />
                <Text as="span">{item.label}</Text>
              </Box>
            </Link>
          </Box>
        );
      })}
    </Stack>
  );
}
