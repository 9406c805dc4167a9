// The admin's Education page: every item (searched and paged on the server), new, edit and
// delete, and the WordPress import.
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { TEducationCard } from '../../../shared/schemas/education';
import { DeleteEducationDialog } from '../../components/admin/education/DeleteEducationDialog';
import { EducationTable } from '../../components/admin/education/EducationTable';
import { ImportPanel } from '../../components/admin/education/ImportPanel';
import { Pager } from '../../components/common/Pager';
import { PageHeader } from '../../components/layout/PageHeader';
import { trpc } from '../../lib/trpc';
import { useDebounced } from '../../lib/useDebounced';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { SearchField } from '../../components/common/SearchField';

const PAGE_SIZE = 25;

export function EducationAdminPage() {
  useDocumentTitle('Education');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<TEducationCard | null>(null);
  const term = useDebounced(search.trim());
  const list = trpc.education.list.useQuery(
    { search: term || undefined, page, pageSize: PAGE_SIZE },
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
            <Button variant="outline" onClick={() => void list.refetch()} loading={list.isFetching}>
              <RefreshCw size={16} aria-hidden /> Refresh
            </Button>
            <Button asChild colorPalette="purple">
              <Link href="/admin/education/new">
                <Plus size={16} aria-hidden /> New Content
              </Link>
            </Button>
          </HStack>
        }
      />
      <Stack gap="6">
        <Stack gap="4">
          <HStack justify="space-between" flexWrap="wrap" gap="3">
            <SearchField
              label="Search content"
              placeholder="Search content..."
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(1);
              }}
            />
            <Text color="fg.muted">Total items: {list.data?.total ?? 0}</Text>
          </HStack>
          <EducationTable
            items={list.data?.items ?? []}
            loading={list.isLoading}
            onDelete={setDeleting}
          />
          <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
        </Stack>
        <ImportPanel />
      </Stack>
      <DeleteEducationDialog item={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
