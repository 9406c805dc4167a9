// SPEC 2.9's Education Center with real content (PRODUCT.md 'Education Center'): search on the
// server with its results shown, a tab per kind and the member's saved items (the tab in the
// URL), cards, paging, and SPEC's empty-state texts when a tab has nothing.
import { HStack, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { BookOpen, Bookmark } from 'lucide-react';
import { useEffect } from 'react';
import {
  EDUCATION_PAGE_SIZE,
  type EducationKind,
  type TEducationCard,
} from '../../shared/schemas/education';
import { EducationCard } from '../components/education/EducationCard';
import { ListEmptyState } from '../components/common/ListEmptyState';
import { Pager } from '../components/common/Pager';
import { RefreshButton } from '../components/common/RefreshButton';
import { PageHeader } from '../components/layout/PageHeader';
import { trpc } from '../lib/trpc';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { usePagedSearch } from '../lib/usePagedSearch';
import { useTabParam } from '../lib/useTabParam';
import { useLoadErrorToast } from '../lib/useLoadErrorToast';
import { SearchField } from '../components/common/SearchField';

const TABS = ['all', 'tutorials', 'articles', 'resources', 'saved'] as const;
type Tab = (typeof TABS)[number];

const TAB_INFO: Record<
  Tab,
  { label: string; kind?: EducationKind; emptyTitle: string; emptyText: string }
> = {
  all: {
    label: 'All Content',
    emptyTitle: 'Content Coming Soon',
    emptyText: 'Our educational content is being developed. Check back soon.',
  },
  tutorials: {
    label: 'Tutorials',
    kind: 'tutorial',
    emptyTitle: 'No Tutorials Available',
    emptyText: 'Tutorials will appear here as soon as they are published.',
  },
  articles: {
    label: 'Articles',
    kind: 'article',
    emptyTitle: 'No Articles Available',
    emptyText: 'Articles will appear here as soon as they are published.',
  },
  resources: {
    label: 'Resources',
    kind: 'resource',
    emptyTitle: 'No Resources Available',
    emptyText: 'Resources will appear here as soon as they are published.',
  },
  saved: {
    label: 'Saved',
    emptyTitle: 'No Saved Content',
    emptyText:
      "You haven't saved anything yet. Browse the content and save items to read them later.",
  },
};

function Empty({ title, text, saved }: { title: string; text: string; saved?: boolean }) {
  return (
    <ListEmptyState
      icon={saved ? Bookmark : BookOpen}
      title={title}
      description={text}
      rounded="md"
      gap="1"
    />
  );
}

function Grid({ items }: { items: TEducationCard[] }) {
  return (
    <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="4" listStyleType="none" p="0">
      {items.map((item) => (
        <li key={item.id}>
          <EducationCard item={item} />
        </li>
      ))}
    </SimpleGrid>
  );
}

function Loading() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" aria-hidden>
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} h="72" rounded="md" />
      ))}
    </SimpleGrid>
  );
}

export function EducationPage() {
  useDocumentTitle('Education Center');
  const [tab, setTab] = useTabParam(TABS, 'all');
  const { search, term = '', setSearch, page, setPage } = usePagedSearch(EDUCATION_PAGE_SIZE);
  const info = TAB_INFO[tab];
  const list = trpc.education.list.useQuery(
    {
      search: term || undefined,
      kind: info.kind,
      saved: tab === 'saved' || undefined,
      page,
      pageSize: EDUCATION_PAGE_SIZE,
    },
    { placeholderData: (previous) => previous },
  );
  useLoadErrorToast(
    list.error,
    'Failed to load education content',
    'Failed to load education content',
  );
  // A page past the end (the last item of a page unsaved elsewhere) goes back to the last one.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / EDUCATION_PAGE_SIZE));
  useEffect(() => {
    if (list.data && page > lastPage) setPage(lastPage);
  }, [list.data, page, lastPage, setPage]);

  const items = list.data?.items ?? [];
  const searching = Boolean(term);
  const resultText =
    searching && list.data ? `${total} ${total === 1 ? 'result' : 'results'} for “${term}”` : '';
  return (
    <>
      <PageHeader
        title="Education Center"
        subtitle="Learn and improve your skills with our educational resources"
        actions={<RefreshButton onRefresh={() => void list.refetch()} busy={list.isFetching} />}
      />
      <Stack gap="4">
        <SearchField
          label="Search educational content"
          placeholder="Search educational content..."
          value={search}
          onChange={setSearch}
          maxW="md"
        />
        <Tabs.Root
          value={tab}
          onValueChange={(e) => {
            setTab(e.value);
            setPage(1);
          }}
          variant="line"
        >
          <Tabs.List mb="4" overflowX="auto">
            {TABS.map((value) => (
              <Tabs.Trigger key={value} value={value} whiteSpace="nowrap" flexShrink={0}>
                {TAB_INFO[value].label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((value) => (
            <Tabs.Content key={value} value={value}>
              {value !== tab ? null : (
                <Stack gap="4">
                  {/* Announced as the results change. */}
                  <Text
                    role="status"
                    aria-live="polite"
                    color="fg.muted"
                    fontSize="sm"
                    srOnly={!resultText}
                  >
                    {resultText}
                  </Text>
                  {list.isLoading ? (
                    <Loading />
                  ) : items.length === 0 ? (
                    searching ? (
                      <Empty
                        title="No Results"
                        text={`Nothing in ${info.label} matches “${term}”. Try another word.`}
                      />
                    ) : (
                      <Empty
                        title={info.emptyTitle}
                        text={info.emptyText}
                        saved={value === 'saved'}
                      />
                    )
                  ) : (
                    <Grid items={items} />
                  )}
                  {total > EDUCATION_PAGE_SIZE ? (
                    <HStack justify="flex-end">
                      <Pager
                        page={page}
                        pageSize={EDUCATION_PAGE_SIZE}
                        total={total}
                        onPage={setPage}
                      />
                    </HStack>
                  ) : null}
                </Stack>
              )}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Stack>
    </>
  );
}
