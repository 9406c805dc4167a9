// /contests (SPEC 2.5, PRODUCT.md 'Contests'): the server's lists by tab, filtered and paged, as
// cards in a grid or a list, and the member's drafts.
import { Button, HStack, Skeleton, SimpleGrid, Stack } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { CONTEST_TABS, type ContestTab } from '../../../shared/contests';
import { ContestCard, type ContestLayout } from '../../components/contests/ContestCard';
import { ContestEmptyState } from '../../components/contests/ContestEmptyState';
import { ContestFilterPopover } from '../../components/contests/ContestFilterPopover';
import { ContestGrid } from '../../components/contests/ContestGrid';
import { DraftCard } from '../../components/contests/DraftCard';
import { ViewToggle } from '../../components/contests/ViewToggle';
import {
  activeFilterCount,
  useContestFilters,
  type ContestFilterValues,
} from '../../components/contests/useContestFilters';
import { ListTabs } from '../../components/common/ListTabs';
import { Pager } from '../../components/common/Pager';
import { RefreshButton } from '../../components/common/RefreshButton';
import { PageHeader } from '../../components/layout/PageHeader';
import { trpc } from '../../lib/trpc';
import { useTabParam } from '../../lib/useTabParam';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { LinkButton } from '../../components/common/LinkButton';

const PAGE_SIZE = 12;

const TAB_LABELS: Record<ContestTab, string> = {
  all: 'All Contests',
  featured: 'Featured',
  active: 'Active',
  upcoming: 'Upcoming',
  past: 'Past',
  mine: 'My Contests',
  drafts: 'Drafts',
};

/** SPEC 2.5's empty states; All and Featured, sample lists there, get their own. */
const EMPTY: Record<ContestTab, { title: string; description: string }> = {
  all: {
    title: 'No Contests Available',
    description: 'There are no contests yet. Check back soon, or create your own.',
  },
  featured: {
    title: 'No Featured Contests',
    description: 'Contests picked by the organisers will appear here.',
  },
  active: { title: 'No Active Contests', description: 'No contest is running right now.' },
  upcoming: { title: 'No Upcoming Contests', description: 'No contest is scheduled to start.' },
  past: { title: 'No Past Contests', description: 'Finished contests will appear here.' },
  mine: {
    title: 'No Contests Found',
    description: "You haven't created or joined any contests yet.",
  },
  drafts: {
    title: 'No Draft Contests',
    description: 'Drafts you save while creating a contest appear here.',
  },
};

const LAYOUT_KEY = 'contestsLayout';

/** Grid or list, remembered in this browser. */
function useLayout(): [ContestLayout, (layout: ContestLayout) => void] {
  const [layout, setLayout] = useState<ContestLayout>(() => {
    try {
      return localStorage.getItem(LAYOUT_KEY) === 'list' ? 'list' : 'grid';
    } catch {
      return 'grid';
    }
  });
  return [
    layout,
    (next) => {
      setLayout(next);
      try {
        localStorage.setItem(LAYOUT_KEY, next);
      } catch {
        /* storage unavailable: the choice lasts for this visit */
      }
    },
  ];
}

function CardSkeletons() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="6" aria-hidden>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h="80" rounded="lg" />
      ))}
    </SimpleGrid>
  );
}

function ContestList({
  tab,
  filters,
  layout,
  onClearFilters,
}: {
  tab: Exclude<ContestTab, 'drafts'>;
  filters: ContestFilterValues;
  layout: ContestLayout;
  onClearFilters: () => void;
}) {
  // Keyed by tab and filters (below), so a new choice starts again from the first page.
  const [page, setPage] = useState(1);
  const list = trpc.contests.list.useQuery(
    { tab, ...filters, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  useLoadErrorToast(list.error, 'Failed to load contests', 'Failed to load contests');
  if (list.isLoading) return <CardSkeletons />;
  const items = list.data?.items ?? [];
  if (items.length === 0) {
    const filtered = activeFilterCount(filters) > 0;
    return (
      <ContestEmptyState
        title={EMPTY[tab].title}
        description={filtered ? 'No contests match the chosen filters.' : EMPTY[tab].description}
        action={
          filtered ? (
            <Button variant="outline" size="sm" onClick={onClearFilters}>
              Clear filters
            </Button>
          ) : null
        }
      />
    );
  }
  return (
    <>
      <ContestGrid
        layout={layout}
        label={`${TAB_LABELS[tab]} list`}
        items={items}
        itemKey={(c) => c.id}
        render={(c) => <ContestCard contest={c} layout={layout} headingLevel="h2" />}
      />
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
    </>
  );
}

function DraftList({ layout }: { layout: ContestLayout }) {
  const drafts = trpc.contests.drafts.useQuery();
  useLoadErrorToast(drafts.error, 'Failed to load draft contests', 'Failed to load draft contests');
  if (drafts.isLoading) return <CardSkeletons />;
  const items = drafts.data ?? [];
  if (items.length === 0) return <ContestEmptyState {...EMPTY.drafts} />;
  return (
    <ContestGrid
      layout={layout}
      label="Draft contests"
      items={items}
      itemKey={(d) => d.id}
      render={(d) => <DraftCard draft={d} layout={layout} />}
    />
  );
}

export function ContestsPage() {
  const [tab, setTab] = useTabParam(CONTEST_TABS, 'all');
  const [filters, setFilters] = useContestFilters();
  const [layout, setLayout] = useLayout();
  const utils = trpc.useUtils();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    await Promise.all([utils.contests.list.invalidate(), utils.contests.drafts.invalidate()]);
    setRefreshing(false);
  };
  return (
    <>
      <PageHeader
        title="Contests"
        subtitle="Browse, join and create contests"
        actions={
          <HStack gap="2" wrap="wrap">
            <RefreshButton onRefresh={() => void refresh()} busy={refreshing} />
            <LinkButton href="/contests/create" icon={Plus} iconSize={16} colorPalette="purple">
              New Contest
            </LinkButton>
          </HStack>
        }
      />
      <Stack gap="4">
        <HStack justify="space-between" gap="3" wrap="wrap">
          {/* Drafts are the member's own work in progress: the filters are for published lists. */}
          <ContestFilterPopover value={filters} onApply={setFilters} disabled={tab === 'drafts'} />
          <ViewToggle value={layout} onChange={setLayout} />
        </HStack>
        <ListTabs tabs={CONTEST_TABS} labels={TAB_LABELS} value={tab} onChange={setTab} wrap>
          {(t) =>
            t === 'drafts' ? (
              <DraftList layout={layout} />
            ) : (
              <ContestList
                key={JSON.stringify(filters)}
                tab={t}
                filters={filters}
                layout={layout}
                onClearFilters={() => setFilters({})}
              />
            )
          }
        </ListTabs>
      </Stack>
    </>
  );
}
