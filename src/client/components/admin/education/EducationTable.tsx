// The admin's list of Education Center items, on the shared ResponsiveTable.
import { Badge, IconButton, Link as ChakraLink, Menu } from '@chakra-ui/react';
import { MoreVertical } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { formatDate } from '../../../../shared/format';
import { EDUCATION_KIND_LABELS, type TEducationCard } from '../../../../shared/schemas/education';
import { ResponsiveTable, type ResponsiveColumn } from '../../common/ResponsiveTable';
import { LandmarkPortal } from '../../common/LandmarkPortal';

function Title({ item }: { item: TEducationCard }) {
  return (
    <ChakraLink asChild fontWeight="medium" colorPalette="purple" color="colorPalette.fg">
      <Link href={`/admin/education/${item.id}/edit`}>{item.title}</Link>
    </ChakraLink>
  );
}

function RowMenu({ item, onDelete }: { item: TEducationCard; onDelete: () => void }) {
  const [, navigate] = useLocation();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton aria-label={`Actions for ${item.title}`} variant="ghost" size="sm">
          <MoreVertical />
        </IconButton>
      </Menu.Trigger>
      <LandmarkPortal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="edit" onClick={() => navigate(`/admin/education/${item.id}/edit`)}>
              Edit
            </Menu.Item>
            <Menu.Item value="view" onClick={() => navigate(`/education/${item.slug}`)}>
              View
            </Menu.Item>
            <Menu.Item value="delete" color="red.fg" onClick={onDelete}>
              Delete
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </LandmarkPortal>
    </Menu.Root>
  );
}

export function EducationTable({
  items,
  loading,
  onDelete,
}: {
  items: TEducationCard[];
  loading: boolean;
  onDelete: (item: TEducationCard) => void;
}) {
  const columns: ResponsiveColumn<TEducationCard>[] = [
    { key: 'title', header: 'Title', hideOnMobile: true, cell: (item) => <Title item={item} /> },
    {
      key: 'kind',
      header: 'Kind',
      cell: (item) => <Badge colorPalette="purple">{EDUCATION_KIND_LABELS[item.kind]}</Badge>,
    },
    { key: 'category', header: 'Category', cell: (item) => item.category ?? '—' },
    {
      key: 'source',
      header: 'Source',
      cell: (item) => (item.source === 'wordpress' ? 'WordPress' : 'Written here'),
    },
    { key: 'published', header: 'Published', cell: (item) => formatDate(item.publishDate) },
    {
      key: 'sync',
      header: 'Last sync',
      cell: (item) => (item.lastSync ? formatDate(item.lastSync) : '—'),
    },
  ];
  return (
    <ResponsiveTable
      caption="Education content"
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      cardTitle={(item) => <Title item={item} />}
      rowActions={(item) => <RowMenu item={item} onDelete={() => onDelete(item)} />}
      loading={loading}
      loadingText="Loading content..."
      emptyText="No content yet. Write an item or import from WordPress."
    />
  );
}
