// The admin dashboard's 'Quick Access' tab: a card per admin screen (SPEC 2.14: users,
// subscriptions, settings; and the screens added since).
import { Card, Heading, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import {
  BookOpen,
  Layers,
  ScrollText,
  SlidersHorizontal,
  Trophy,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'wouter';

const CARDS: { href: string; title: string; text: string; icon: LucideIcon }[] = [
  {
    href: '/admin/users',
    title: 'Users',
    text: 'Roles, tiers, bans and new accounts.',
    icon: Users,
  },
  {
    href: '/admin/subscriptions',
    title: 'Subscriptions & Payments',
    text: 'Members per tier and the payment proofs to review.',
    icon: Layers,
  },
  {
    href: '/admin/settings',
    title: 'Platform Settings',
    text: 'Name, registration, maintenance, tier prices and wallets.',
    icon: SlidersHorizontal,
  },
  {
    href: '/admin/contests',
    title: 'Contests',
    text: 'Approve, feature, complete and edit contests.',
    icon: Trophy,
  },
  {
    href: '/admin/education',
    title: 'Education',
    text: 'Write articles or import them from WordPress.',
    icon: BookOpen,
  },
  {
    href: '/admin/audit',
    title: 'Audit Log',
    text: 'Who changed what, and when.',
    icon: ScrollText,
  },
];

export function QuickAccess() {
  return (
    <SimpleGrid
      as="ul"
      columns={{ base: 1, sm: 2, lg: 3 }}
      gap="4"
      listStyleType="none"
      m="0"
      p="0"
    >
      {CARDS.map(({ href, title, text, icon: Icon }) => (
        <LinkBox as="li" key={href}>
          <Card.Root h="full" _hover={{ borderColor: 'purple.solid' }}>
            <Card.Body gap="2">
              <Icon aria-hidden />
              <Heading as="h2" size="md">
                <LinkOverlay asChild>
                  <Link href={href}>{title}</Link>
                </LinkOverlay>
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {text}
              </Text>
            </Card.Body>
          </Card.Root>
        </LinkBox>
      ))}
    </SimpleGrid>
  );
}
