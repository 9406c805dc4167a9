// The admin's Education page: every item (searched and paged on the server), new, edit and
// delete, and the WordPress import.
import { HStack, Stack } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { TEducationCard } from '../../../shared/schemas/education';
import { DeleteEducationDialog } from '../../components/admin/education/DeleteEducationDialog';
import { EducationTable } from '../../components/admin/education/EducationTable';
import { ImportPanel } from '../../components/admin/education/ImportPanel';
import { ListFrame } from '../../components/common/ListFrame';
import { RefreshButton } from '../../components/common/RefreshButton';
import { PageHeader } from '../../components/layout/PageHeader';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { usePagedSearch } from '../../lib/usePagedSearch';
import { LinkButton } from '../../components/common/LinkButton';

const PAGE_SIZE = 25;

export function EducationAdminPage() {
  useDocumentTitle('Education');
  const { search, term, setSearch, page, pagingOf } = usePagedSearch(PAGE_SIZE);
  const [deleting, setDeleting] = useState<TEducationCard | null>(null);
  const list = trpc.education.list.useQuery(
    { search: term, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  useLoadErrorToast(
    list.error,
    'Failed to load education content',
    'Failed to load education content',
  );
  return (
    <>
      <PageHeader
        title="Education"
        subtitle="Write, edit and import the Education Center's content"
        actions={
          <HStack gap="2">
            <RefreshButton onRefresh={() => void list.refetch()} busy={list.isFetching} />
            <LinkButton href="/admin/education/new" icon={Plus} iconSize={16} colorPalette="purple">
              New Content
            </LinkButton>
          </HStack>
        }
      />
      <Stack gap="6">
        <ListFrame
          search={{
            label: 'Search content',
            placeholder: 'Search content...',
            value: search,
            onChange: setSearch,
          }}
          count={`Total items: ${list.data?.total ?? 0}`}
          paging={pagingOf(list.data?.total)}
        >
          <EducationTable
            items={list.data?.items ?? []}
            loading={list.isLoading}
            onDelete={setDeleting}
          />
        </ListFrame>
        <ImportPanel />
      </Stack>
      <DeleteEducationDialog item={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
