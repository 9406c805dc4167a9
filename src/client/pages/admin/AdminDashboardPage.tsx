// /admin (SPEC 2.14, issue 9): the platform's figures from admin.stats, what awaits review, the
// sign-ups of the last 30 days, and the Quick Access cards.
import { Button, Card, Heading, Skeleton, Stack, Tabs } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { TIERS, TIER_LABELS } from '../../../shared/constants';
import type { TUser } from '../../../shared/schemas/auth';
import type { TAdminStats } from '../../../shared/schemas/stats';
import { BackupCard } from '../../components/admin/dashboard/BackupCard';
import { QuickAccess } from '../../components/admin/dashboard/QuickAccess';
import { DemoDataSection } from '../../components/admin/dashboard/DemoDataSection';
import { StatCard, StatGroup } from '../../components/common/StatCard';
import { PageHeader } from '../../components/layout/PageHeader';
import { trpc } from '../../lib/trpc';
import { useTabParam } from '../../lib/useTabParam';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { PageTabs } from '../../components/common/PageTabs';

// recharts is big: it loads with the chart, only here.
const SignupsChart = lazy(() =>
  import('../../components/admin/dashboard/SignupsChart').then((m) => ({
    default: m.SignupsChart,
  })),
);

const TAB_LABELS = {
  overview: 'Platform Overview',
  'quick-access': 'Quick Access',
};
const TABS = Object.keys(TAB_LABELS) as (keyof typeof TAB_LABELS)[];

const CONTEST_STATUSES = [
  ['active', 'Active'],
  ['draft', 'Draft'],
  ['completed', 'Completed'],
  ['pending', 'Pending'],
  ['rejected', 'Rejected'],
] as const;

function Overview({ stats }: { stats: TAdminStats | undefined }) {
  const n = (value: number | undefined) => value ?? '—';
  return (
    <Stack gap="8">
      <StatGroup title="Platform" columns={{ base: 1, sm: 3 }}>
        <StatCard label="Total Users" value={n(stats?.users.total)} />
        <StatCard label="Active Contests" value={n(stats?.contests.active)} />
        <StatCard label="Education Content" value={n(stats?.education.total)} />
      </StatGroup>
      <StatGroup title="Awaiting review" columns={{ base: 1, sm: 2 }}>
        <StatCard
          label="Pending Contests"
          value={n(stats?.pendingContests)}
          hint="Contests submitted by members, waiting for approval."
          link={{ href: '/admin/contests?tab=pending', label: 'Review contests' }}
        />
        <StatCard
          label="Pending Payment Proofs"
          value={n(stats?.pendingProofs)}
          hint="Entry fees and tier upgrades to verify or reject."
          link={{ href: '/admin/subscriptions', label: 'Review payments' }}
        />
      </StatGroup>
      <StatGroup title="User Subscriptions">
        {TIERS.map((tier) => (
          <StatCard
            key={tier}
            label={TIER_LABELS[tier]}
            value={n(stats?.users.subscriptions[tier])}
          />
        ))}
      </StatGroup>
      <StatGroup title="Contest Status" columns={{ base: 2, md: 5 }}>
        {CONTEST_STATUSES.map(([key, label]) => (
          <StatCard key={key} label={label} value={n(stats?.contests[key])} />
        ))}
      </StatGroup>
      <Stack as="section" gap="3">
        <Heading as="h2" size="md">
          Sign-ups, last 30 days
        </Heading>
        <Card.Root>
          <Card.Body>
            {stats ? (
              <Suspense fallback={<Skeleton h="220px" />}>
                <SignupsChart days={stats.signupsPerDay} />
              </Suspense>
            ) : (
              <Skeleton h="220px" />
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
      <DemoDataSection />
      <BackupCard />
    </Stack>
  );
}

export function AdminDashboardPage({ user }: { user: TUser }) {
  const [tab, setTab] = useTabParam(TABS, 'overview');
  const stats = trpc.admin.stats.useQuery();
  useLoadErrorToast(stats.error, 'Failed to load admin stats', 'Failed to load admin stats');
  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        subtitle={`Welcome back, ${user.username}`}
        actions={
          <Button variant="outline" loading={stats.isFetching} onClick={() => void stats.refetch()}>
            <RefreshCw aria-hidden /> Refresh Stats
          </Button>
        }
      />
      <PageTabs labels={TAB_LABELS} value={tab} onChange={setTab}>
        <Tabs.Content value="overview">
          <Overview stats={stats.data} />
        </Tabs.Content>
        <Tabs.Content value="quick-access">
          <QuickAccess />
        </Tabs.Content>
      </PageTabs>
    </>
  );
}
