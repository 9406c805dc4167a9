import { Box, Button, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { BarChart3, BookOpen, Medal, Sparkles, Trophy } from 'lucide-react';
import { Link } from 'wouter';
import type { TUser } from '../../shared/schemas/auth';
import { normalizeTier } from '../../shared/constants';
import { BannerCarousel } from '../components/dashboard/BannerCarousel';
import { StatCard } from '../components/common/StatCard';
import { ContestActivity } from '../components/dashboard/ContestActivity';
import { FeaturedContests } from '../components/dashboard/FeaturedContests';
import { DashboardNextMatch } from '../components/tournaments/DashboardNextMatch';
import { MyWinningsCard } from '../components/results/MyWinningsCard';
import { PageHeader } from '../components/layout/PageHeader';
import { greetingFor } from '../lib/auth';
import { trpc } from '../lib/trpc';
import { LinkButton } from '../components/common/LinkButton';

export function UpgradeBanner() {
  return (
    <Card.Root
      colorPalette="purple"
      bg="colorPalette.subtle"
      borderColor="colorPalette.muted"
      mb="6"
    >
      <Card.Body>
        <Flex direction={{ base: 'column', sm: 'row' }} align={{ sm: 'center' }} gap="4">
          <Sparkles aria-hidden />
          <Stack gap="1" flex="1">
            <Heading as="h2" size="md">
              Upgrade to Standard, Pro or Elite
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Unlock premium contests, bigger prizes and more.
            </Text>
          </Stack>
          <Button asChild colorPalette="purple">
            <Link href="/payment">Upgrade Now</Link>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

const QUICK_LINKS = [
  { href: '/contests', icon: Trophy, label: 'Explore Contests' },
  { href: '/leaderboard', icon: Medal, label: 'View Leaderboard' },
  { href: '/analytics', icon: BarChart3, label: 'View Analytics' },
  { href: '/education', icon: BookOpen, label: 'Browse Education' },
];

export function DashboardPage({ user }: { user: TUser }) {
  // Read again on every visit: joins and scores change these figures.
  const dashboard = trpc.me.dashboard.useQuery(undefined, { refetchOnMount: 'always' });
  const figure = (value: number | null | undefined) =>
    dashboard.data ? String(value ?? '-') : dashboard.isLoading ? '…' : '-';
  return (
    <Box>
      <PageHeader title="Dashboard" subtitle={greetingFor(user)} />
      {user.role !== 'admin' && normalizeTier(user.subscriptionTier) === 'free' ? (
        <UpgradeBanner />
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" mb="6">
        <StatCard label="Active Contests" value={figure(dashboard.data?.activeContests)} />
        <StatCard label="Your Rank" value={figure(dashboard.data?.bestRank)} />
      </SimpleGrid>
      <Box mb="6" _empty={{ display: 'none' }}>
        <DashboardNextMatch />
      </Box>
      <Box mb="6" _empty={{ display: 'none' }}>
        <MyWinningsCard />
      </Box>
      <Flex gap="3" wrap="wrap" mb="8">
        {QUICK_LINKS.map((link, i) => (
          <LinkButton
            key={link.href}
            href={link.href}
            icon={link.icon}
            iconSize={16}
            // The first is the main way on; the others are outlined.
            {...(i === 0 ? { colorPalette: 'purple' } : { variant: 'outline' })}
          >
            {link.label}
          </LinkButton>
        ))}
      </Flex>
      <BannerCarousel />
      <FeaturedContests />
      <ContestActivity data={dashboard.data} loading={dashboard.isLoading} />
    </Box>
  );
}
