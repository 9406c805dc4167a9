// /analytics (SPEC 2.10, PRODUCT.md 'Taking part'): the member's own history in three tabs, the
// open one in the address: Overview (figures), Performance (a chart over time, recharts loaded
// with that tab only) and Contest History (a table).
import {
  Box,
  Button,
  Center,
  Link as ChakraLink,
  SimpleGrid,
  Spinner,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { BarChart3 } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../shared/format';
import type { TAnalytics, TContestResult } from '../../shared/schemas/stats';
import {
  chartPoints,
  percentText,
  rankOfText,
  resultText,
} from '../components/analytics/analyticsDisplay';
import { ListEmptyState } from '../components/common/ListEmptyState';
import { ResponsiveTable, type ResponsiveColumn } from '../components/common/ResponsiveTable';
import { StatCard } from '../components/common/StatCard';
import { PageHeader } from '../components/layout/PageHeader';
import { MyWinningsCard } from '../components/results/MyWinningsCard';
import { errorMessage } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { useTabParam } from '../lib/useTabParam';
import { PageTabs } from '../components/common/PageTabs';

const PerformanceChart = lazy(() => import('../components/analytics/PerformanceChart'));

const TAB_LABELS = {
  overview: 'Overview',
  performance: 'Performance',
  history: 'Contest History',
};
const TABS = Object.keys(TAB_LABELS) as (keyof typeof TAB_LABELS)[];

function NoHistory({ title, description }: { title: string; description: string }) {
  return (
    <ListEmptyState
      icon={BarChart3}
      title={title}
      description={description}
      action={
        <Button asChild colorPalette="purple">
          <Link href="/contests">Explore Contests</Link>
        </Button>
      }
    />
  );
}

const NOT_JOINED = {
  title: 'No contests yet',
  description: 'Join a contest and your results, ranks and progress will show up here.',
};
const NOT_FINISHED = {
  title: 'No finished contests yet',
  description: 'Your results appear here once a contest you joined is over.',
};

function Overview({ data }: { data: TAnalytics }) {
  if (data.joined === 0) return <NoHistory {...NOT_JOINED} />;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
      <StatCard label="Contests Joined" value={String(data.joined)} />
      <StatCard label="Contests Completed" value={String(data.completed)} />
      <StatCard label="Best Rank" value={data.bestRank === null ? '-' : String(data.bestRank)} />
      <StatCard
        label="Average Rank"
        value={data.averageRank === null ? '-' : String(data.averageRank)}
      />
      <StatCard
        label="Percentile"
        value={percentText(data.percentile)}
        hint="On average, the share of the field you finished level with or ahead of"
      />
    </SimpleGrid>
  );
}

function Performance({ data }: { data: TAnalytics }) {
  const points = useMemo(() => chartPoints(data.history), [data.history]);
  if (points.length === 0) return <NoHistory {...(data.joined ? NOT_FINISHED : NOT_JOINED)} />;
  return (
    <Suspense
      fallback={
        <Center h="80">
          <Spinner aria-label="Loading chart" />
        </Center>
      }
    >
      <PerformanceChart points={points} />
    </Suspense>
  );
}

const HISTORY_COLUMNS: ResponsiveColumn<TContestResult>[] = [
  {
    key: 'contest',
    header: 'Contest',
    hideOnMobile: true,
    cell: (r) => (
      <ChakraLink asChild fontWeight="medium" color="fg" variant="underline">
        <Link href={`/contests/${r.contestId}`}>{r.title}</Link>
      </ChakraLink>
    ),
  },
  { key: 'ended', header: 'Ended', cell: (r) => formatDate(r.endDate) || '-' },
  { key: 'rank', header: 'Rank', cell: (r) => rankOfText(r.rank, r.participants) },
  { key: 'percentile', header: 'Percentile', cell: (r) => percentText(r.percentile) },
  {
    key: 'score',
    header: 'Score',
    align: 'end',
    cell: (r) => resultText(r),
  },
];

function History({ data }: { data: TAnalytics }) {
  if (data.history.length === 0) {
    return <NoHistory {...(data.joined ? NOT_FINISHED : NOT_JOINED)} />;
  }
  // Newest first to read; the server sends them oldest first for the chart.
  const rows = [...data.history].reverse();
  return (
    <ResponsiveTable
      caption="Your contest history"
      columns={HISTORY_COLUMNS}
      rows={rows}
      rowKey={(r) => r.contestId}
      cardTitle={(r) => HISTORY_COLUMNS[0]!.cell(r)}
      emptyText={NOT_FINISHED.title}
    />
  );
}

export function AnalyticsPage() {
  const [tab, setTab] = useTabParam(TABS, 'overview');
  const analytics = trpc.me.analytics.useQuery(undefined, { refetchOnMount: 'always' });
  const data = analytics.data;
  return (
    <>
      <PageHeader title="Analytics" subtitle="Track your performance and progress in contests" />
      <Box mb="6" _empty={{ display: 'none' }}>
        <MyWinningsCard />
      </Box>
      <PageTabs labels={TAB_LABELS} value={tab} onChange={setTab}>
        {analytics.isLoading ? (
          <Center py="12">
            <Spinner size="lg" aria-label="Loading analytics" />
          </Center>
        ) : !data ? (
          <Text color="fg.muted">
            {errorMessage(analytics.error, 'Your analytics could not be loaded.')}
          </Text>
        ) : (
          <>
            <Tabs.Content value="overview">
              <Overview data={data} />
            </Tabs.Content>
            <Tabs.Content value="performance">
              <Performance data={data} />
            </Tabs.Content>
            <Tabs.Content value="history">
              <History data={data} />
            </Tabs.Content>
          </>
        )}
      </PageTabs>
    </>
  );
}
