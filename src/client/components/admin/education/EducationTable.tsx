// The admin's list of Education Center items, on the shared ResponsiveTable.
import { Badge, Link as ChakraLink } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import { formatDate } from '../../../../shared/format';
import { EDUCATION_KIND_LABELS, type TEducationCard } from '../../../../shared/schemas/education';
import { ResponsiveTable, type ResponsiveColumn } from '../../common/ResponsiveTable';
import { RowActionsMenu } from '../../common/RowActionsMenu';

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
    <RowActionsMenu
      rowLabel={item.title}
      actions={[
        {
          value: 'edit',
          label: 'Edit',
          onSelect: () => navigate(`/admin/education/${item.id}/edit`),
        },
        { value: 'view', label: 'View', onSelect: () => navigate(`/education/${item.slug}`) },
        { value: 'delete', label: 'Delete', danger: true, onSelect: onDelete },
      ]}
    />
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
